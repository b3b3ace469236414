package io.squall.fetch;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * The HTTP client's DNS resolver. It checks every resolved address before a connection is opened, so a
 * public-looking name that resolves to 127.0.0.1 or 10.x is refused like the literal address would be
 * (when the guard is on). It also remembers the last address of each host, reported as {@code fetch.ip}.
 */
final class AddressGuard implements DnsResolver {
    private final boolean guard;
    private final Cache<String, String> lastAddress = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1))
            .build();

    /** The resolution was refused because the address is special; a permanent outcome for that URL. */
    static final class BlockedAddressException extends UnknownHostException {
        private static final long serialVersionUID = 1L;

        BlockedAddressException(String message) {
            super(message);
        }
    }

    AddressGuard(boolean guard) {
        this.guard = guard;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress[] addresses = SystemDefaultDnsResolver.INSTANCE.resolve(host);
        if (guard) {
            for (InetAddress a : addresses) {
                if (isSpecial(a)) {
                    throw new BlockedAddressException("http.address.guard: " + host + " resolves to "
                            + a.getHostAddress() + ", a loopback, private or special address");
                }
            }
        }
        if (addresses.length > 0) {
            lastAddress.put(host, addresses[0].getHostAddress());
        }
        return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
    }

    /** The address the host last resolved to, or null. */
    String lastAddressOf(String host) {
        return lastAddress.getIfPresent(host);
    }

    /** Loopback, private, link-local, multicast, unspecified, CGNAT, documentation and other reserved ranges. */
    static boolean isSpecial(InetAddress a) {
        if (a.isAnyLocalAddress() || a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int b0 = b[0] & 0xff;
            int b1 = b[1] & 0xff;
            int b2 = b[2] & 0xff;
            return b0 == 0                                   // this network
                    || (b0 == 100 && (b1 & 0xc0) == 64)      // 100.64/10 carrier-grade NAT
                    || (b0 == 192 && b1 == 0 && b2 == 0)     // 192.0.0/24 protocol assignments
                    || (b0 == 192 && b1 == 0 && b2 == 2)     // TEST-NET-1
                    || (b0 == 198 && (b1 & 0xfe) == 18)      // 198.18/15 benchmarking
                    || (b0 == 198 && b1 == 51 && b2 == 100)  // TEST-NET-2
                    || (b0 == 203 && b1 == 0 && b2 == 113)   // TEST-NET-3
                    || b0 >= 240;                            // reserved and broadcast
        }
        if (a instanceof Inet6Address) {
            int b0 = b[0] & 0xff;
            boolean uniqueLocal = (b0 & 0xfe) == 0xfc;       // fc00::/7
            boolean documentation = b0 == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d
                    && (b[3] & 0xff) == 0xb8;                // 2001:db8::/32
            boolean mappedV4 = isV4Mapped(b);
            return uniqueLocal || documentation
                    || (mappedV4 && isSpecialV4(new byte[] {b[12], b[13], b[14], b[15]}));
        }
        return false;
    }

    private static boolean isV4Mapped(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
    }

    private static boolean isSpecialV4(byte[] v4) {
        try {
            return isSpecial(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
            return true;
        }
    }
}
