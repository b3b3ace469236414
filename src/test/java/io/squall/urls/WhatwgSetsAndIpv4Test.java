package io.squall.urls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Generated cases (no corpus needed) for what the WHATWG test data checks only in a few places: which
 * ASCII characters path and query keep as they are, and IPv4 parts written with any number of leading zeros.
 */
class WhatwgSetsAndIpv4Test {
    /** The standard's path percent-encode set, beyond controls and space. */
    private static final String PATH_SET = "\"#<>?^`{}";
    /** The standard's special-query percent-encode set, beyond controls and space. */
    private static final String QUERY_SET = "\"#<>'";
    /** Characters that end or split the part they are in, or that Squall canonicalizes ('%'). */
    private static final String STRUCTURAL_IN_PATH = "/\\?#%";
    private static final String STRUCTURAL_IN_QUERY = "#%";

    @Test
    void everyPrintableAsciiCharacterIsKeptOrEscapedAsTheStandardSays() throws InvalidUrlException {
        UrlNormalizer n = new UrlNormalizer(false, java.util.List.of(), false);
        for (char c = 0x20; c < 0x7F; c++) {
            String expected = c == ' ' ? "%20" : String.valueOf(c);
            if (STRUCTURAL_IN_PATH.indexOf(c) < 0) {
                String inPath = PATH_SET.indexOf(c) >= 0 ? escaped(c) : expected;
                assertEquals("http://h.example/a" + inPath + "b", n.normalize("http://h.example/a" + c + "b"),
                        "'" + c + "' in a path");
            }
            if (STRUCTURAL_IN_QUERY.indexOf(c) < 0) {
                String inQuery = QUERY_SET.indexOf(c) >= 0 ? escaped(c) : expected;
                assertEquals("http://h.example/?a" + inQuery + "b", n.normalize("http://h.example/?a" + c + "b"),
                        "'" + c + "' in a query");
            }
        }
    }

    @Test
    void ipv4PartsWithAnyNumberOfLeadingZerosAreOctalOrHexAsWithOne() throws InvalidUrlException {
        Random random = new Random(16);
        for (int i = 0; i < 500; i++) {
            int[] parts = {random.nextInt(256), random.nextInt(256), random.nextInt(256), random.nextInt(256)};
            StringBuilder host = new StringBuilder();
            for (int part : parts) {
                String zeros = "0".repeat(1 + random.nextInt(40));
                host.append(host.length() == 0 ? "" : ".").append(switch (random.nextInt(3)) {
                    case 0 -> zeros + Integer.toOctalString(part);
                    case 1 -> "0x" + zeros + Integer.toHexString(part);
                    default -> Integer.toString(part);
                });
            }
            String dotted = parts[0] + "." + parts[1] + "." + parts[2] + "." + parts[3];
            assertEquals(dotted, WebUrl.parse("http://" + host + "/").host(), host.toString());
        }
    }

    private static String escaped(char c) {
        return String.format("%%%02X", (int) c);
    }
}
