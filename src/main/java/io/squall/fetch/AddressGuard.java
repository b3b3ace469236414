package io.squall.fetch;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.squall.config.CrawlerConfig;
import io.squall.urls.IpLiterals;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * The HTTP client's DNS resolver. It checks every resolved address before a connection is opened, so a
 * public-looking name that resolves to 127.0.0.1 or 10.x is refused like the literal address would be
 * (when the guard is on), unless {@code http.address.allow} lets the host or the address through. Literal
 * hosts are read as browsers read them ({@link IpLiterals}: 2130706433 and 0x7f.1 are 127.0.0.1), never
 * looked up. It also remembers the last address of each host, reported as {@code fetch.ip}.
 */
final class AddressGuard implements DnsResolver {
    private final boolean guard;
    private final AddressAllowList allowed;
    private final Cache<String, String> lastAddress = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1))
            .build();

    /** The resolution was refused because the address is special, and no allow-list entry lets it through. */
    static final class BlockedAddressException extends UnknownHostException {
        private static final long serialVersionUID = 1L;

        BlockedAddressException(String message) {
            super(message);
        }
    }

    AddressGuard(boolean guard, AddressAllowList allowed) {
        this.guard = guard;
        this.allowed = allowed;
    }

    static AddressGuard fromConfig(CrawlerConfig config) {
        return new AddressGuard(config.getBoolean("http.address.guard"), AddressAllowList.fromConfig(config));
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress literal = IpLiterals.of(host);
        InetAddress[] addresses = literal != null ? new InetAddress[] {literal}
                : SystemDefaultDnsResolver.INSTANCE.resolve(host);
        if (guard && !allowed.allowsHost(host)) {
            for (InetAddress a : addresses) {
                if (SpecialAddresses.isSpecial(a) && !allowed.allowsAddress(a)) {
                    throw new BlockedAddressException(host + " is " + IpLiterals.text(a) + ", a loopback, private"
                            + " or special address: nothing is requested from it unless " + AddressAllowList.KEY
                            + " (or --allow) lists it (http.address.guard)");
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
}
