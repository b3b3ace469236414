package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.ConfigException;
import io.squall.core.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HttpProtocolTest {
    private static final Path BOMBS = Path.of("../shared/corpora/compression-bombs");
    private static final int LIMIT = 131_072;
    private static TestWeb web;
    private static Site site;
    private static HttpProtocol http;

    @BeforeAll
    static void start() {
        web = TestWeb.start(1);
        site = web.site(0);
        http = new HttpProtocol(FetchTestConfig.with("http.content.limit", LIMIT, "http.agent.version", "1.0",
                "http.agent.url", "https://example.org/bot", "http.custom.headers", Map.of("X-Crawl", "yes")));
    }

    @AfterAll
    static void stop() {
        http.close();
        web.close();
    }

    @Test
    void fetchesAPageWithAgentHeadersAndIp() throws Exception {
        site.page("/hello", "/a");
        FetchResponse r = http.fetch(site.url("/hello"), new Metadata());
        assertEquals(200, r.statusCode());
        assertTrue(new String(r.content(), StandardCharsets.UTF_8).contains("href=\"/a\""));
        assertEquals("127.0.0.2", r.ip());
        assertNull(r.trimmedReason());
        LoggedRequest seen = web.log().forHost(site.host()).stream().filter(q -> q.path().equals("/hello"))
                .findFirst().orElseThrow();
        assertEquals("squall-test/1.0 (https://example.org/bot)", seen.userAgent());
        assertEquals("yes", seen.header("X-Crawl"));
        assertTrue(seen.header("Accept-Encoding").contains("br"));
    }

    @Test
    void redirectsAreReturnedNotFollowed() throws Exception {
        site.redirect("/moved", 301, "/target").page("/target");
        FetchResponse r = http.fetch(site.url("/moved"), new Metadata());
        assertEquals(301, r.statusCode());
        assertEquals("/target", r.header("Location"));
        assertEquals(0, web.log().count(site.host(), "/target"));
    }

    @Test
    void conditionalRequestSendsStoredValidators() throws Exception {
        site.on("/cond", Response.status(304));
        Metadata md = new Metadata().set(MetadataKeys.ETAG, "\"v1\"")
                .set(MetadataKeys.LAST_MODIFIED, "Wed, 21 Oct 2015 07:28:00 GMT");
        assertEquals(304, http.fetch(site.url("/cond"), md).statusCode());
        LoggedRequest seen = web.log().matching(q -> q.path().equals("/cond")).get(0);
        assertEquals("\"v1\"", seen.header("If-None-Match"));
        assertEquals("Wed, 21 Oct 2015 07:28:00 GMT", seen.header("If-Modified-Since"));
    }

    @Test
    void plainContentIsCutAtTheLimit() throws Exception {
        site.on("/big", Response.html("x".repeat(200_000)));
        FetchResponse r = http.fetch(site.url("/big"), new Metadata());
        assertEquals(LIMIT, r.content().length);
        assertTrue(r.trimmedReason().startsWith("content.limit"), r.trimmedReason());
    }

    @Test
    void compressionBombsAreCutAtTheLimitAfterDecoding() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(BOMBS), "../shared/corpora/compression-bombs is absent");
        for (String[] bomb : new String[][] {{"bomb-gzip.bin", "gzip"}, {"bomb-deflate.bin", "deflate"},
                {"bomb-br.bin", "br"}, {"bomb-zstd.bin", "zstd"}}) {
            site.on("/" + bomb[0], Response.encoded(Files.readAllBytes(BOMBS.resolve(bomb[0])), bomb[1]));
            long before = usedHeap();
            FetchResponse r = http.fetch(site.url("/" + bomb[0]), new Metadata());
            assertEquals(LIMIT, r.content().length, bomb[0]);
            assertTrue(r.trimmedReason().startsWith("content.limit"), bomb[0] + ": " + r.trimmedReason());
            assertTrue(usedHeap() - before < 8L << 20, bomb[0] + " grew the heap by more than 8 MB");
        }
    }

    @Test
    void encodedPagesAreDecoded() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(BOMBS), "../shared/corpora/compression-bombs is absent");
        site.on("/html-gzip", Response.encoded(Files.readAllBytes(BOMBS.resolve("html-gzip.bin")), "gzip"));
        site.on("/html-br", Response.encoded(Files.readAllBytes(BOMBS.resolve("html-br.bin")), "br"));
        site.on("/html-gdg", Response.encoded(Files.readAllBytes(BOMBS.resolve("html-gzip-deflate-gzip.bin")),
                "gzip, deflate, gzip"));
        site.on("/broken", Response.encoded(Files.readAllBytes(BOMBS.resolve("unexpected-eof.gz")), "gzip"));
        for (String path : new String[] {"/html-gzip", "/html-br", "/html-gdg"}) {
            FetchResponse r = http.fetch(site.url(path), new Metadata());
            String text = new String(r.content(), StandardCharsets.UTF_8).toLowerCase();
            assertTrue(text.contains("<html") || text.contains("<!doctype"), path + ": " + text);
            assertNull(r.trimmedReason(), path);
        }
        FetchResponse broken = http.fetch(site.url("/broken"), new Metadata());
        assertTrue(broken.trimmedReason().startsWith("content.decoding"), broken.trimmedReason());
    }

    @Test
    void aServerThatNeverAnswersEndsWithinTheDeadline() {
        site.on("/hang", Response.hang());
        site.on("/drip", Response.html("y".repeat(10_000)).drip(1, 300));
        long start = System.nanoTime();
        FetchException hang = assertThrows(FetchException.class, () -> http.fetch(site.url("/hang"), null));
        assertTrue(hang.cause() == FetchException.Cause.TIMEOUT, hang.cause() + " " + hang.getMessage());
        FetchException drip = assertThrows(FetchException.class, () -> http.fetch(site.url("/drip"), null));
        assertEquals(FetchException.Cause.DEADLINE, drip.cause(), drip.getMessage());
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "both ended within their timeout and deadline");
    }

    @Test
    void aDroppedConnectionIsAReset() {
        site.on("/drop", Response.drop());
        FetchException e = assertThrows(FetchException.class, () -> http.fetch(site.url("/drop"), null));
        assertEquals(FetchException.Cause.CONNECTION_RESET, e.cause(), e.getMessage());
    }

    @Test
    void aRefusedConnectionIsNamed() throws IOException {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        FetchException e = assertThrows(FetchException.class,
                () -> http.fetch("http://127.0.0.1:" + closedPort + "/", null));
        assertEquals(FetchException.Cause.CONNECTION_REFUSED, e.cause(), e.getMessage());
    }

    @Test
    void theAddressGuardRefusesLoopbackLiteralsAndNamesResolvingToIt() {
        site.page("/guarded");
        try (HttpProtocol guarded = new HttpProtocol(FetchTestConfig.with("http.address.allow", List.of()))) {
            int before = web.log().size();
            // Spelled as written, not normalized: the client reads the literal host as browsers do, no lookup.
            for (String url : new String[] {site.url("/guarded"), "http://localhost:" + site.port() + "/guarded",
                    "http://127.0.0.1:" + site.port() + "/guarded", "http://2130706434:" + site.port() + "/guarded",
                    "http://[::ffff:127.0.0.2]:" + site.port() + "/guarded",
                    "http://[::127.0.0.2]:" + site.port() + "/guarded"}) {
                FetchException e = assertThrows(FetchException.class, () -> guarded.fetch(url, null));
                assertEquals(FetchException.Cause.ADDRESS_GUARD, e.cause(), url + ": " + e.getMessage());
            }
            assertEquals(before, web.log().size(), "no request reached the server");
        }
    }

    @Test
    void refusesToStartWithoutAValidAgentName() {
        ConfigException missing = assertThrows(ConfigException.class,
                () -> new HttpProtocol(FetchTestConfig.with("http.agent.name", "")));
        assertTrue(missing.getMessage().contains("http.agent.name"));
        ConfigException bad = assertThrows(ConfigException.class,
                () -> new HttpProtocol(FetchTestConfig.with("http.agent.name", "my bot/1.0")));
        assertTrue(bad.getMessage().contains("RFC 9309"), bad.getMessage());
    }

    @Test
    void trustingEverythingRefusesCredentialHeaders() {
        for (String credential : new String[] {"Authorization", "Cookie", "Proxy-Authorization", "cookie"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> new HttpProtocol(FetchTestConfig.with(
                    "http.trust.everything", true, "http.custom.headers", Map.of(credential, "x=y"))), credential);
            assertTrue(e.getMessage().contains("http.trust.everything"), e.getMessage());
        }
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
