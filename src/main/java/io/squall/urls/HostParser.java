package io.squall.urls;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Parses the host of an http(s) URL as browsers do (WHATWG "host parser"): percent-decoding, IDNA
 * ({@link DomainToAscii}) for a host with non-ASCII characters or punycode labels, lower case, IPv4 in any of its legacy forms (0x7f.1, 2130706433) to dotted decimal, IPv6 to
 * its compressed form, and refusal of characters no host may contain.
 */
final class HostParser {
    private HostParser() {
    }

    static String parse(String input) throws InvalidUrlException {
        if (input.isEmpty()) {
            throw InvalidUrlException.invalid("empty host");
        }
        if (input.charAt(0) == '[') {
            if (input.length() < 3 || input.charAt(input.length() - 1) != ']') {
                throw InvalidUrlException.invalid("unclosed IPv6 address '" + input + "'");
            }
            return "[" + Ipv6.serialize(Ipv6.parse(input.substring(1, input.length() - 1))) + "]";
        }
        String decoded = input.indexOf('%') >= 0 ? percentDecodeUtf8(input) : input;
        String ascii = DomainToAscii.isNeeded(decoded) ? DomainToAscii.convert(decoded) : decoded.toLowerCase(Locale.ROOT);
        for (int i = 0; i < ascii.length(); i++) {
            if (isForbiddenInDomain(ascii.charAt(i))) {
                throw InvalidUrlException.invalid("host '" + input + "' contains a forbidden character");
            }
        }
        if (ascii.isEmpty()) {
            throw InvalidUrlException.invalid("empty host");
        }
        return endsInNumber(ascii) ? Ipv4.parse(ascii) : ascii;
    }

    private static boolean isForbiddenInDomain(char c) {
        return c <= 0x20 || c == 0x7F || "#%/:<>?@[\\]^|".indexOf(c) >= 0;
    }

    /** WHATWG "ends in a number": such a host must be an IPv4 address or nothing. */
    static boolean endsInNumber(String host) {
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String last = h.substring(h.lastIndexOf('.') + 1);
        if (last.isEmpty()) {
            return false;
        }
        if (last.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return true;
        }
        return (last.startsWith("0x") || last.startsWith("0X"))
                && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    static String percentDecodeUtf8(String s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < utf8.length; i++) {
            byte b = utf8[i];
            if (b == '%' && i + 2 < utf8.length && hex(utf8[i + 1]) >= 0 && hex(utf8[i + 2]) >= 0) {
                bytes.write(hex(utf8[i + 1]) * 16 + hex(utf8[i + 2]));
                i += 2;
            } else {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int hex(byte b) {
        return Character.digit(b, 16);
    }
}
