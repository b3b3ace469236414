package io.squall.urls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * The IP address a URL host spells, read as browsers read it (WHATWG): every IPv4 spelling (2130706433,
 * 0x7f.1, 0177.0.0.1, 127.1) and IPv6 in or out of brackets. Squall's address guard reads literal hosts
 * here instead of handing them to the system resolver, which reads some of these spellings differently
 * (as decimal, or as a name to look up).
 */
public final class IpLiterals {
    private IpLiterals() {
    }

    /** The address the host spells, or null when the host is a domain name. */
    public static InetAddress of(String host) throws UnknownHostException {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            if (h.indexOf(':') >= 0) {
                return InetAddress.getByAddress(toBytes(Ipv6.parse(h)));
            }
            String lower = h.toLowerCase(Locale.ROOT);
            if (!lower.isEmpty() && HostParser.endsInNumber(lower)) {
                String[] parts = Ipv4.parse(lower).split("\\.");
                byte[] bytes = new byte[4];
                for (int i = 0; i < 4; i++) {
                    bytes[i] = (byte) Integer.parseInt(parts[i]);
                }
                return InetAddress.getByAddress(bytes);
            }
            return null;
        } catch (InvalidUrlException e) {
            // A host that ends in a number is an IPv4 address or nothing: it must not reach a name lookup.
            throw new UnknownHostException(e.getMessage());
        }
    }

    /** The address as a URL writes it, IPv6 compressed ({@code ::1}, not Java's {@code 0:0:0:0:0:0:0:1}). */
    public static String text(InetAddress address) {
        byte[] b = address.getAddress();
        if (b.length == 4) {
            return address.getHostAddress();
        }
        int[] pieces = new int[8];
        for (int i = 0; i < 8; i++) {
            pieces[i] = (b[2 * i] & 0xff) << 8 | (b[2 * i + 1] & 0xff);
        }
        return Ipv6.serialize(pieces);
    }

    private static byte[] toBytes(int[] pieces) {
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            bytes[2 * i] = (byte) (pieces[i] >> 8);
            bytes[2 * i + 1] = (byte) pieces[i];
        }
        return bytes;
    }
}
