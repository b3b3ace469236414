package io.squall.urls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The string-joining shortcut of {@link UrlNormalizer#resolve} gives what the full WHATWG parse gives. */
class SimpleLinksTest {
    private static final List<String> BASES = List.of("http://a.example/b/c/d;p?q", "http://a.example/",
            "http://a.example", "https://U:P@Host.example:8443/x/y/z.html?q=1#f", "http://h.example/a;jsessionid=1/b/c",
            "http://h.example/only.html", "http://h.example/dir/", "http://h.example/a/b/../c/./d.html",
            "https://xn--bcher-kva.example:443/%7Ea/b%20c/");
    /** The links of UrlNormalizerTest's resolution cases, and more of the forms pages use. */
    private static final List<String> HREFS = List.of("g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", ";x",
            ".", "./", "..", "../g", "../..", "../../../g", "/./g", "/../g", "g.", "..g", "./../g", "g/./h", "g/../h",
            "g;x=1/../y", "%2e%2E/g", ".%2e/%2E/g", "http:g", "http:/g", "https:g", "\\g", "\\\\other\\x\\y",
            "..\\..\\z", "///triple/x", "a b/c d", "?a b=c d", "caf\u00e9", "?q=\u00e9\u20ac", "%7euser/%41", "%2f%3a",
            "100%", "x^z{}`", "?a[]=1&b='x'", "", " os.html ", "os.html", "../library/os.html", "/about/", "/", "//",
            "...", ".../x", "a/./", "a/.", "a/..", "a/../", "/..", "/.", "../../../../..", "a//b", "a/../../../../b/",
            "~user/it's(1)+2,3*$!&=@x", "A-Z_0.9", "javascript:void(0)", "mailto:x@y.example", "a:b", "x@y/z",
            "http://other.example/p", "HTTP://A.EXAMPLE/x/../y", "a\tb", "a\nb/../c", "a|b", "a\"b", "[x]", "{y}");

    @Test
    void sameUrlAsTheFullParserOnTheKnownCases() {
        for (boolean removeSessionIds : new boolean[] {false, true}) {
            UrlNormalizer normalizer = new UrlNormalizer(removeSessionIds, List.of(), false);
            for (String base : BASES) {
                for (String href : HREFS) {
                    assertSame(normalizer, base, href);
                }
            }
        }
    }

    /** Random mixes of the characters that decide between the shortcut and the parser, and dot segments. */
    @Test
    void sameUrlAsTheFullParserOnRandomLinks() {
        Random random = new Random(4);
        List<String> pieces = List.of("a", "B", "0", ".", "..", "/", "/", "/", "-", "_", "~", "@", "=", "&", "'",
                ":", ";", "%", "%2e", "?", "#", "\\", " ", "\t", "\u00e9", "|", "index.html", "x;jsessionid=9");
        UrlNormalizer normalizer = new UrlNormalizer(true, List.of(), false);
        for (int i = 0; i < 30_000; i++) {
            StringBuilder href = new StringBuilder();
            for (int k = random.nextInt(8); k >= 0; k--) {
                href.append(pieces.get(random.nextInt(pieces.size())));
            }
            assertSame(normalizer, BASES.get(random.nextInt(BASES.size())), href.toString());
        }
    }

    /** The shortcut is taken for the common forms, so the comparisons above test it and not only the parser. */
    @Test
    void takesTheCommonForms() {
        String origin = "http://h.example";
        String directory = origin + "/a/b";
        assertEquals("http://h.example/a/b/os.html", SimpleLinks.resolve(origin, directory, "os.html"));
        assertEquals("http://h.example/a/library/os.html",
                SimpleLinks.resolve(origin, directory, "../library/os.html"));
        assertEquals("http://h.example/about/", SimpleLinks.resolve(origin, directory, "/about/"));
        assertEquals("http://h.example/", SimpleLinks.resolve(origin, directory, "../../../.."));
        List<String> declined = new ArrayList<>();
        for (String href : List.of("", "//g", "?y", "g#s", "%7e", "\\g", "a b", ";x", "a:b", "caf\u00e9")) {
            if (SimpleLinks.resolve(origin, directory, href) == null) {
                declined.add(href);
            }
        }
        assertEquals(10, declined.size(), "left to the parser: " + declined);
        assertNull(SimpleLinks.resolve(origin, directory, "http://h.example/x"));
        assertNotNull(SimpleLinks.resolve(origin, directory, "x@y/z"));
    }

    private static void assertSame(UrlNormalizer normalizer, String base, String href) {
        assertEquals(outcome(() -> normalizer.resolveByParser(base, href)), outcome(() -> normalizer.resolve(base, href)),
                "base " + base + ", href '" + href + "'");
    }

    private interface Resolution {
        String get() throws InvalidUrlException;
    }

    private static String outcome(Resolution resolution) {
        try {
            return resolution.get();
        } catch (InvalidUrlException e) {
            return "invalid: " + e.getMessage();
        }
    }
}
