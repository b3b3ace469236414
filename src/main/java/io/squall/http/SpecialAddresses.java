package io.squall.http;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The addresses Squall's address guard refuses unless they are allowed ({@code http.address.allow}). */
public final class SpecialAddresses {
    private static final byte[] V4_COMPATIBLE = new byte[12];
    private static final byte[] V4_MAPPED = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};
    private static final byte[] NAT64 = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final byte[] LOCAL_NAT64 = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 1};

    private SpecialAddresses() {
    }

    /**
     * Loopback, private, link-local, multicast, unspecified, CGNAT, documentation and other reserved ranges;
     * IPv6 addresses that carry an IPv4 address (mapped, IPv4-compatible, NAT64, 6to4) are as special as it.
     */
    public static boolean isSpecial(InetAddress a) {
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
            // Deprecated (RFC 4291) and routed to the IPv4 address by some stacks: no public server uses one.
            boolean v4Compatible = startsWith(b, V4_COMPATIBLE);
            boolean localNat64 = startsWith(b, LOCAL_NAT64);                          // 64:ff9b:1::/48
            byte[] tail = {b[12], b[13], b[14], b[15]};
            boolean mapped = startsWith(b, V4_MAPPED) && isSpecialV4(tail);           // ::ffff:0:0/96
            boolean nat64 = startsWith(b, NAT64) && isSpecialV4(tail);                // 64:ff9b::/96
            boolean sixToFour = b0 == 0x20 && (b[1] & 0xff) == 0x02                   // 2002::/16
                    && isSpecialV4(new byte[] {b[2], b[3], b[4], b[5]});
            return uniqueLocal || documentation || v4Compatible || localNat64 || mapped || nat64 || sixToFour;
        }
        return false;
    }

    private static boolean startsWith(byte[] address, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (address[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isSpecialV4(byte[] v4) {
        try {
            return isSpecial(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
            return true;
        }
    }
}
