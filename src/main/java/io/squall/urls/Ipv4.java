package io.squall.urls;

import java.util.ArrayList;
import java.util.List;

/** The WHATWG IPv4 parser: 1 to 4 parts, each decimal, octal (leading 0) or hex (0x), to dotted decimal. */
final class Ipv4 {
    private Ipv4() {
    }

    static String parse(String host) throws InvalidUrlException {
        List<String> parts = new ArrayList<>(List.of(host.split("\\.", -1)));
        if (parts.size() > 1 && parts.get(parts.size() - 1).isEmpty()) {
            parts.remove(parts.size() - 1);
        }
        if (parts.size() > 4) {
            throw invalid(host);
        }
        long[] numbers = new long[parts.size()];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = number(parts.get(i), host);
        }
        for (int i = 0; i < numbers.length - 1; i++) {
            if (numbers[i] > 255) {
                throw invalid(host);
            }
        }
        long last = numbers[numbers.length - 1];
        if (last >= 1L << (8 * (5 - numbers.length))) {
            throw invalid(host);
        }
        long address = last;
        for (int i = 0; i < numbers.length - 1; i++) {
            address += numbers[i] << (8 * (3 - i));
        }
        return (address >> 24 & 255) + "." + (address >> 16 & 255) + "." + (address >> 8 & 255) + "." + (address & 255);
    }

    private static long number(String part, String host) throws InvalidUrlException {
        if (part.isEmpty()) {
            throw invalid(host);
        }
        int radix = 10;
        String digits = part;
        if (part.startsWith("0x") || part.startsWith("0X")) {
            radix = 16;
            digits = part.substring(2);
            if (digits.isEmpty()) {
                return 0;
            }
        } else if (part.length() > 1 && part.charAt(0) == '0') {
            radix = 8;
            digits = part.substring(1);
        }
        digits = withoutLeadingZeros(digits); // 0000177 is 0177: any number of zeros may lead
        if (digits.length() > 12) { // beyond any valid address: refuse before overflowing
            throw invalid(host);
        }
        try {
            return Long.parseLong(digits, radix);
        } catch (NumberFormatException e) {
            throw invalid(host);
        }
    }

    private static String withoutLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }

    private static InvalidUrlException invalid(String host) {
        return InvalidUrlException.invalid("host '" + host + "' ends in a number but is not an IPv4 address");
    }
}
