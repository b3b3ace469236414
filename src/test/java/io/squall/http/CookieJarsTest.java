package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.squall.api.ConfigException;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testsupport.ManualClock;
import io.squall.urls.WebUrl;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RFC 6265's storage and matching rules, and the jars' bounds. */
class CookieJarsTest {
    private final ManualClock clock = new ManualClock();
    private final CookieJars jars = new CookieJars(2, 4096, clock);

    private static WebUrl url(String u) throws Exception {
        return WebUrl.parse(u);
    }

    @Test
    void aHostOnlyCookieGoesBackToItsHostAlone() throws Exception {
        jars.store("example.com", url("https://www.example.com/a/b"), List.of("sid=1"));
        assertEquals("sid=1", jars.header("example.com", url("https://www.example.com/a/c")));
        assertEquals("sid=1", jars.header("example.com", url("http://www.example.com/a")), "path /a, its default");
        assertNull(jars.header("example.com", url("https://www.example.com/")), "outside the default path /a");
        assertNull(jars.header("example.com", url("https://shop.example.com/a/b")), "host-only");
        assertNull(jars.header("other.org", url("https://www.example.com/a/b")), "another key's jar");
    }

    @Test
    void aDomainCookieGoesToTheDomainAndNeverToAPublicSuffixOrAnotherSite() throws Exception {
        jars.store("example.com", url("https://www.example.com/"), List.of("d=1; Domain=.example.com; Path=/",
                "suffix=1; Domain=com; Path=/", "foreign=1; Domain=example.org; Path=/", "psl=1; Domain=co.uk",
                "label=1; Domain=example"));
        assertEquals("d=1", jars.header("example.com", url("https://shop.example.com/x")));
        assertEquals("d=1", jars.header("example.com", url("https://example.com/x")));
        assertNull(jars.header("example.com", url("https://notexample.com/")));
        assertNull(jars.header("example.com", url("https://example.org/")));
    }

    @Test
    void addressesMatchOnlyThemselves() throws Exception {
        jars.store("127.0.0.2", url("http://127.0.0.2:8080/"), List.of("a=1; Domain=0.0.2", "b=2"));
        assertEquals("b=2", jars.header("127.0.0.2", url("http://127.0.0.2:9090/p")), "cookies ignore ports");
        assertNull(jars.header("127.0.0.2", url("http://127.0.0.3/")));
    }

    @Test
    void secureCookiesGoOverHttpsOnlyAndLongerPathsComeFirst() throws Exception {
        jars.store("h", url("https://h.example/"), List.of("s=1; Secure; Path=/", "deep=2; Path=/a/b", "top=3; Path=/"));
        assertEquals("deep=2; s=1; top=3", jars.header("h", url("https://h.example/a/b/c")));
        assertEquals("top=3", jars.header("h", url("http://h.example/a")));
    }

    @Test
    void expiryReplacementAndDeletion() throws Exception {
        WebUrl u = url("https://h.example/");
        jars.store("h", u, List.of("a=1; Max-Age=60", "b=1", "c=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT"));
        assertEquals("a=1; b=1", jars.header("h", u));
        jars.store("h", u, List.of("b=2"));
        assertEquals("a=1; b=2", jars.header("h", u), "same name, domain and path: replaced");
        clock.advance(Duration.ofSeconds(61));
        assertEquals("b=2", jars.header("h", u));
        jars.store("h", u, List.of("b=gone; Max-Age=0"));
        assertNull(jars.header("h", u), "a past expiry deletes the cookie");
    }

    @Test
    void aJarKeepsItsNewestCookiesWithinItsBytesAndTheLeastRecentJarGoes() throws Exception {
        WebUrl u = url("https://h.example/");
        String big = "v".repeat(1500);
        jars.store("h", u, List.of("one=" + big, "two=" + big, "three=" + big));
        assertEquals("two=" + big + "; three=" + big, jars.header("h", u));
        CookieJars one = new CookieJars(1, 4096, clock);
        one.store("h", u, List.of("a=1"));
        one.store("g", url("https://g.example/"), List.of("a=1"));
        assertNull(one.header("h", u));
        assertEquals("a=1", one.header("g", url("https://g.example/")));
    }

    @Test
    void cookiesAreRefusedOverUnverifiedConnections() {
        ConfigException e = assertThrows(ConfigException.class, () -> CookieJars.fromConfig(FetchTestConfig.with(
                "http.use.cookies", true, "http.trust.everything", true), clock));
        assertEquals("http.use.cookies is refused with http.trust.everything: cookies are never sent over"
                + " connections whose certificates are not verified", e.getMessage());
        assertNull(CookieJars.fromConfig(FetchTestConfig.with(), clock));
    }
}
