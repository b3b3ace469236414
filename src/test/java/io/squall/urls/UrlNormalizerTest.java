package io.squall.urls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UrlNormalizerTest {
    private static final String BASE = "http://a.example/b/c/d;p?q";
    private final UrlNormalizer plain = new UrlNormalizer(false, List.of(), false);

    // RFC 3986 section 5.4 examples as a browser resolves them (fragment dropped), plus WHATWG specifics.
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "g               | http://a.example/b/c/g",
        "./g             | http://a.example/b/c/g",
        "g/              | http://a.example/b/c/g/",
        "/g              | http://a.example/g",
        "//g             | http://g/",
        "?y              | http://a.example/b/c/d;p?y",
        "g?y             | http://a.example/b/c/g?y",
        "#s              | http://a.example/b/c/d;p?q",
        "g#s             | http://a.example/b/c/g",
        ";x              | http://a.example/b/c/;x",
        ".               | http://a.example/b/c/",
        "./              | http://a.example/b/c/",
        "..              | http://a.example/b/",
        "../g            | http://a.example/b/g",
        "../..           | http://a.example/",
        "../../../g      | http://a.example/g",
        "/./g            | http://a.example/g",
        "/../g           | http://a.example/g",
        "g.              | http://a.example/b/c/g.",
        "..g             | http://a.example/b/c/..g",
        "./../g          | http://a.example/b/g",
        "g/./h           | http://a.example/b/c/g/h",
        "g/../h          | http://a.example/b/c/h",
        "g;x=1/../y      | http://a.example/b/c/y",
        "%2e%2E/g        | http://a.example/b/g",
        ".%2e/%2E/g      | http://a.example/b/g",
        "http:g          | http://a.example/b/c/g",
        "http:/g         | http://a.example/g",
        "https:g         | https://g/",
        "\\g             | http://a.example/g",
        "\\\\other\\x\\y | http://other/x/y",
        "..\\..\\z       | http://a.example/z",
        "///triple/x     | http://triple/x",
        "a b/c d         | http://a.example/b/c/a%20b/c%20d",
        "?a b=c d        | http://a.example/b/c/d;p?a%20b=c%20d",
        "caf\u00e9       | http://a.example/b/c/caf%C3%A9",
        "?q=\u00e9\u20ac | http://a.example/b/c/d;p?q=%C3%A9%E2%82%AC",
        "%7euser/%41     | http://a.example/b/c/~user/A",
        "%2f%3a          | http://a.example/b/c/%2F%3A",
        "100%            | http://a.example/b/c/100%25",
        "x^z{}`          | http://a.example/b/c/x%5Ez%7B%7D%60",
        "?a[]=1&b='x'    | http://a.example/b/c/d;p?a[]=1&b=%27x%27",
    })
    void resolvesLikeABrowser(String href, String expected) throws Exception {
        assertEquals(expected, plain.resolve(BASE, href));
        URI.create(expected); // every result is also a valid URI
    }

    @Test
    void emptyLinkIsTheBaseWithoutFragment() throws Exception {
        assertEquals("http://a.example/x?y", plain.resolve("http://a.example/x?y#z", ""));
    }

    @Test
    void tabsNewlinesAndSurroundingSpacesAreIgnored() throws Exception {
        assertEquals("http://a.example/b/c/page.html", plain.resolve(BASE, "  \n pa\tge\r\n.html \t"));
        assertEquals("http://x.example/", plain.resolve(BASE, "ht\ntp://x.exa\tmple"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "HTTP://Www.EXAMPLE.com:80/A       | http://www.example.com/A",
        "https://example.com:443/          | https://example.com/",
        "https://example.com:0443/x        | https://example.com/x",
        "http://example.com:8080           | http://example.com:8080/",
        "http://example.com:/x             | http://example.com/x",
        "http:\\\\\\example.com\\a\\b      | http://example.com/a/b",
        "http:example.com/x                | http://example.com/x",
        "http://b\u00fccher.example/       | http://xn--bcher-kva.example/",
        "http://\u4f8b\u3002\u30c6\u30b9\u30c8/ | http://xn--fsq.xn--zckzah/",
        "http://%62%C3%BCcher.example/     | http://xn--bcher-kva.example/",
        "http://0x7f.1/                    | http://127.0.0.1/",
        "http://2130706433/                | http://127.0.0.1/",
        "http://0177.0.0.1./               | http://127.0.0.1/",
        "http://[0:0:0:0:0:0:0:1]:8080/    | http://[::1]:8080/",
        "http://[2001:DB8:0:0:1:0:0:1]/    | http://[2001:db8::1:0:0:1]/",
        "http://[::ffff:192.168.1.1]/      | http://[::ffff:c0a8:101]/",
        "http://user:p@ss@example.com/     | http://user:p%40ss@example.com/",
        "http://example.com/a/./b/../c?x=1#frag | http://example.com/a/c?x=1",
        "http://example.com/?              | http://example.com/",
        "http://example.com/?&a=1&&b=2&    | http://example.com/?a=1&b=2",
        "http://my_host.example.com/       | http://my_host.example.com/",
        "http://fa\u00df.ExAmPlE/           | http://xn--fa-hia.example/",
    })
    void normalizesAbsoluteUrls(String url, String expected) throws Exception {
        assertEquals(expected, plain.normalize(url));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "http://example.com:65536/", "http://example.com:8o/", "http://example.com:1:2/", "http:///", "http://",
        "http://exa mple.com/", "http://exa<mple.com/", "http://%25.com/", "http://1.2.3.256/", "http://0x100000000/",
        "http://1.2.3.4.5/", "http://[::1/", "http://[1::2::3]/", "http://[::g]/", "http://@/", "relative/only",
        "http://a\u200db.example/",
    })
    void rejectsInvalidUrls(String url) {
        InvalidUrlException e = assertThrows(InvalidUrlException.class, () -> plain.normalize(url));
        assertTrue(!e.isSchemeProblem() && !e.getMessage().isBlank());
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:void(0)", "mailto:someone@example.com", "tel:+1234", "ftp://example.com/",
        "data:text/html,x", "JavaScript:alert(1)"})
    void refusesOtherSchemes(String href) {
        InvalidUrlException e = assertThrows(InvalidUrlException.class, () -> plain.resolve(BASE, href));
        assertTrue(e.isSchemeProblem(), e.getMessage());
    }

    @Test
    void removesSessionIdsWhenAsked() throws Exception {
        UrlNormalizer n = new UrlNormalizer(true, List.of(), false);
        assertEquals("http://e.com/shop/item?id=3",
                n.normalize("http://e.com/shop/item;jsessionid=ABC123?id=3&PHPSESSID=x9&sid=42"));
        assertEquals("http://e.com/forum?t=5",
                n.normalize("http://e.com/forum?s=0123456789abcdef0123456789ABCDEF&t=5"));
        // a 32-hex value under an unrelated name is content (a file hash), not a session
        assertEquals("http://e.com/f?md5=0123456789abcdef0123456789abcdef",
                n.normalize("http://e.com/f?md5=0123456789abcdef0123456789abcdef"));
        assertEquals("http://e.com/a;jsessionid=1?sid=2", plain.normalize("http://e.com/a;jsessionid=1?sid=2"));
    }

    @Test
    void removesColdFusionSessionIds() throws Exception {
        UrlNormalizer n = new UrlNormalizer(true, List.of(), false);
        assertEquals("http://e.com/index.cfm?page=2",
                n.normalize("http://e.com/index.cfm?CFID=123456&page=2&CFTOKEN=87654321"));
        assertEquals("http://e.com/index.cfm?x=1", n.normalize("http://e.com/index.cfm;cfid=12;cftoken=34?x=1"));
        assertEquals("http://e.com/index.cfm?CFID=1", plain.normalize("http://e.com/index.cfm?CFID=1"));
    }

    @Test
    void removesListedParamsAndSortsStably() throws Exception {
        UrlNormalizer n = new UrlNormalizer(false, List.of("utm_source", "UTM_medium"), true);
        assertEquals("http://e.com/?a=2&b=1&b=0&c",
                n.normalize("http://e.com/?utm_source=x&b=1&c&a=2&utm_medium=y&b=0"));
        assertEquals("http://e.com/p", n.normalize("http://e.com/p?utm_source=only"));
    }

    @Test
    void isIdempotent() throws Exception {
        UrlNormalizer n = new UrlNormalizer(true, List.of(), true);
        for (String url : List.of("http://b\u00fccher.example/a b/%7e?z=1&a=%zz", "http://[::1]/x/../y",
                "http://e.com/100%/x?q=a[0]")) {
            String once = n.normalize(url);
            assertEquals(once, n.normalize(once));
        }
    }

    @Test
    void resolvesAgainstDifferentBasesInTurn() throws Exception {
        assertEquals("http://one.example/x", plain.resolve("http://one.example/a", "x"));
        assertEquals("http://two.example/d/x", plain.resolve("http://two.example/d/a", "x"));
        assertEquals("http://one.example/y", plain.resolve("http://one.example/a", "y"));
    }
}
