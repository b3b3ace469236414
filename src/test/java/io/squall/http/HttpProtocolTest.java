package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testsupport.Brotli;
import io.squall.testsupport.CompressionBombs;
import io.squall.testsupport.Corpora;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


class HttpProtocolTest {
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
    void theRequestIsBuiltFromSquallsParseOfTheUrl() throws Exception {
        site.page("/hex-host");
        // 0x7f.0.0.2 is 127.0.0.2 to a browser (and to Squall's parser), a host name to java.net.URI
        String url = "http://0x7f.0.0.2:" + site.port() + "/hex-host?q=%C3%A9";
        FetchResponse r = http.fetch(url, null);
        assertEquals(200, r.statusCode());
        assertEquals("127.0.0.2", r.ip());
        LoggedRequest seen = web.log().forHost(site.host()).stream().filter(q -> q.path().equals("/hex-host?q=%C3%A9"))
                .findFirst().orElseThrow();
        assertEquals("127.0.0.2:" + site.port(), seen.header("Host"));
    }

    @Test
    void anUnderscoreHostIsLookedUpAndEndsAsADnsError() {
        // No name lookup succeeds here (a_b.example is reserved and DNS is closed): the point is that the host
        // reaches the lookup instead of being refused as "not a valid URL" by java.net.URI.
        FetchException e = assertThrows(FetchException.class, () -> http.fetch("http://a_b.example:8105/x", null));
        assertEquals(FetchException.Cause.DNS, e.cause(), e.getMessage());
        assertEquals("unknown host a_b.example", e.getMessage());
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
    void theWireFormIsTheRequestAsSentAndTheAnswerAsReceivedStillEncoded() throws Exception {
        byte[] html = "<html><body>wire</body></html>".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(gzipped)) {
            gz.write(html);
        }
        site.on("/wire", Response.encoded(gzipped.toByteArray(), "gzip").header("X-Test", "1"));
        java.time.Instant before = java.time.Instant.now();
        FetchResponse r = http.fetch(site.url("/wire?q=1"), new Metadata());
        HttpExchange wire = r.wire();
        assertArrayEquals(html, r.content());
        assertArrayEquals(gzipped.toByteArray(), wire.body(), "the body as received, Content-Encoding kept");
        assertEquals("127.0.0.2", wire.ip());
        assertTrue(!wire.started().isBefore(before) && !wire.started().isAfter(java.time.Instant.now()));
        assertTrue(!wire.bodyTruncated());

        String head = new String(wire.responseHead(), StandardCharsets.ISO_8859_1);
        assertTrue(head.startsWith("HTTP/1.1 200 OK\r\n"), head);
        assertTrue(head.contains("\r\nContent-Encoding: gzip\r\n") && head.contains("\r\nX-Test: 1\r\n"), head);
        assertTrue(head.contains("\r\nContent-Length: " + gzipped.size() + "\r\n"), head);
        assertTrue(head.endsWith("\r\n\r\n"), head);

        // The request as the server saw it: the same request line and header lines, in the same order.
        LoggedRequest seen = web.log().matching(q -> q.path().equals("/wire?q=1")).get(0);
        String request = new String(wire.requestHead(), StandardCharsets.ISO_8859_1);
        assertTrue(request.startsWith("GET /wire?q=1 HTTP/1.1\r\n"), request);
        assertEquals(List.of(seen.headers().strip().split("\r\n")),
                List.of(request.substring(request.indexOf("\r\n") + 2).strip().split("\r\n")));
    }

    @Test
    void aChunkedBodyIsKeptJoinedAndItsTransferEncodingRenamed() throws Exception {
        byte[] chunked = "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        site.on("/chunked", Response.html("").header("Transfer-Encoding", "chunked").body(chunked));
        HttpExchange wire = http.fetch(site.url("/chunked"), new Metadata()).wire();
        assertEquals("hello world", new String(wire.body(), StandardCharsets.ISO_8859_1));
        String head = new String(wire.responseHead(), StandardCharsets.ISO_8859_1);
        assertTrue(head.contains("\r\nX-Crawler-Transfer-Encoding: chunked\r\n"), head);
        assertTrue(!head.contains("\r\nTransfer-Encoding"), head);
    }

    @Test
    void theWireFormOfABodyCutAtTheLimitSaysSo() throws Exception {
        site.on("/big-wire", Response.html("y".repeat(200_000)));
        HttpExchange wire = http.fetch(site.url("/big-wire"), new Metadata()).wire();
        assertTrue(wire.bodyTruncated());
        assertEquals(LIMIT, wire.body().length);
    }

    @Test
    void compressionBombsAreCutAtTheLimitAfterDecoding() throws Exception {
        // 12 MB of zeros each, as the corpus's bombs decode to about 11.5 MB
        for (String encoding : new String[] {"gzip", "deflate", "raw-deflate", "br", "zstd"}) {
            byte[] bomb = CompressionBombs.of(encoding, 12_000_000);
            assertTrue(bomb.length < 40_000, encoding + " bomb of " + bomb.length + " bytes");
            assertCutAtTheLimit("/bomb-" + encoding, bomb, encoding.equals("raw-deflate") ? "deflate" : encoding);
        }
    }

    @Test
    void corpusCompressionBombsAreCutAtTheLimitAfterDecoding() throws Exception {
        Path bombs = Corpora.require("compression-bombs");
        for (String[] bomb : new String[][] {{"bomb-gzip.bin", "gzip"}, {"bomb-deflate.bin", "deflate"},
                {"bomb-br.bin", "br"}, {"bomb-zstd.bin", "zstd"}}) {
            assertCutAtTheLimit("/" + bomb[0], Files.readAllBytes(bombs.resolve(bomb[0])), bomb[1]);
        }
    }

    private static void assertCutAtTheLimit(String path, byte[] body, String contentEncoding) throws Exception {
        site.on(path, Response.encoded(body, contentEncoding));
        long before = usedHeap();
        FetchResponse r = http.fetch(site.url(path), new Metadata());
        assertEquals(LIMIT, r.content().length, path);
        assertTrue(r.trimmedReason().startsWith("content.limit"), path + ": " + r.trimmedReason());
        assertTrue(usedHeap() - before < 8L << 20, path + " grew the heap by more than 8 MB");
    }

    @Test
    void encodedPagesAreDecoded() throws Exception {
        byte[] html = ("<!DOCTYPE html><html><head><title>Encoded</title></head><body>"
                + "<p>caf\u00e9 <a href=\"/a\">a</a></p>".repeat(100) + "</body></html>").getBytes(StandardCharsets.UTF_8);
        byte[] gzip = gzip(html);
        site.on("/html-gzip", Response.encoded(gzip, "gzip"));
        site.on("/html-br", Response.encoded(Brotli.uncompressed(html), "br"));
        site.on("/html-gdg", Response.encoded(gzip(deflate(gzip(html))), "gzip, deflate, gzip"));
        for (String path : new String[] {"/html-gzip", "/html-br", "/html-gdg"}) {
            FetchResponse r = http.fetch(site.url(path), new Metadata());
            assertArrayEquals(html, r.content(), path);
            assertNull(r.trimmedReason(), path);
        }
        site.on("/broken", Response.encoded(Arrays.copyOf(gzip, gzip.length - 12), "gzip"));
        FetchResponse broken = http.fetch(site.url("/broken"), new Metadata());
        assertTrue(broken.trimmedReason().startsWith("content.decoding"), broken.trimmedReason());
    }

    @Test
    void corpusEncodedPagesAreDecoded() throws Exception {
        Path bombs = Corpora.require("compression-bombs");
        site.on("/corpus-gzip", Response.encoded(Files.readAllBytes(bombs.resolve("html-gzip.bin")), "gzip"));
        site.on("/corpus-br", Response.encoded(Files.readAllBytes(bombs.resolve("html-br.bin")), "br"));
        site.on("/corpus-gdg", Response.encoded(Files.readAllBytes(bombs.resolve("html-gzip-deflate-gzip.bin")),
                "gzip, deflate, gzip"));
        site.on("/corpus-broken", Response.encoded(Files.readAllBytes(bombs.resolve("unexpected-eof.gz")), "gzip"));
        for (String path : new String[] {"/corpus-gzip", "/corpus-br", "/corpus-gdg"}) {
            FetchResponse r = http.fetch(site.url(path), new Metadata());
            String text = new String(r.content(), StandardCharsets.UTF_8).toLowerCase();
            assertTrue(text.contains("<html") || text.contains("<!doctype"), path + ": " + text);
            assertNull(r.trimmedReason(), path);
        }
        FetchResponse broken = http.fetch(site.url("/corpus-broken"), new Metadata());
        assertTrue(broken.trimmedReason().startsWith("content.decoding"), broken.trimmedReason());
    }

    private static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(content);
        }
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
            z.write(content);
        }
        return out.toByteArray();
    }

    @Test
    void aServerThatNeverAnswersEndsWithinTheDeadline() {
        site.on("/hang", Response.hang());
        site.on("/drip", Response.html("y".repeat(10_000)).drip(1, 300));
        try (HttpProtocol impatient = new HttpProtocol(FetchTestConfig.with("http.timeout", 2000,
                "http.deadline", 4000))) {
            long start = System.nanoTime();
            FetchException hang = assertThrows(FetchException.class, () -> impatient.fetch(site.url("/hang"), null));
            assertTrue(hang.cause() == FetchException.Cause.TIMEOUT, hang.cause() + " " + hang.getMessage());
            FetchException drip = assertThrows(FetchException.class, () -> impatient.fetch(site.url("/drip"), null));
            assertEquals(FetchException.Cause.DEADLINE, drip.cause(), drip.getMessage());
            // A timeout of 2 s and a deadline of 4 s; without them the hang lasts until the server closes and the
            // drip 50 minutes. The bound is far from both, so that a loaded machine does not fail it.
            assertTrue(System.nanoTime() - start < 60_000_000_000L, "both ended within their timeout and deadline");
        }
    }

    @Test
    void aConnectionDroppedBeforeTheFirstAnswerIsAResetNotRetried() {
        site.on("/drop", Response.drop());
        try (HttpProtocol fresh = new HttpProtocol(FetchTestConfig.with())) {
            FetchException e = assertThrows(FetchException.class, () -> fresh.fetch(site.url("/drop"), null));
            assertEquals(FetchException.Cause.CONNECTION_RESET, e.cause(), e.getMessage());
        }
        assertEquals(1, web.log().count("/drop"), "a fresh connection's failure may have reached the server");
    }

    @Test
    void aRequestDroppedOnAReusedConnectionIsRetriedOnceOnAFreshOne() throws Exception {
        site.page("/before-race");
        site.on("/race", Response.sequence(Response.drop(), Response.html("<p>second try</p>")));
        site.on("/always-dropped", Response.drop());
        try (HttpProtocol client = new HttpProtocol(FetchTestConfig.with())) {
            assertEquals(200, client.fetch(site.url("/before-race"), null).statusCode());
            awaitConnectionsBackInThePool(client);
            assertEquals(200, client.fetch(site.url("/race"), null).statusCode());

            List<LoggedRequest> race = web.log().matching(r -> r.path().equals("/race"));
            long warmConnection = web.log().matching(r -> r.path().equals("/before-race")).get(0).connectionId();
            assertEquals(2, race.size(), "one retry");
            assertEquals(warmConnection, race.get(0).connectionId(), "the first try went on the idle connection");
            assertTrue(race.get(1).connectionId() != warmConnection, "the retry went on a new connection");

            awaitConnectionsBackInThePool(client);
            assertEquals(200, client.fetch(site.url("/before-race"), null).statusCode());
            assertEquals(2, web.log().matching(r -> r.path().equals("/before-race")).size());
            assertEquals(race.get(1).connectionId(), web.log().matching(r -> r.path().equals("/before-race")).get(1)
                    .connectionId(), "the retry's connection went back to the pool as any other");
            awaitConnectionsBackInThePool(client);
            FetchException e = assertThrows(FetchException.class,
                    () -> client.fetch(site.url("/always-dropped"), null));
            assertEquals(FetchException.Cause.CONNECTION_RESET, e.cause(), e.getMessage());
            assertEquals(2, web.log().count("/always-dropped"), "retried once, not more");
        }
    }

    @Test
    void aFetchEndedByItsDeadlineClosesItsReusedConnectionAtOnce() throws Exception {
        site.page("/before-slow");
        site.on("/slow", Response.html("s".repeat(10_000)).drip(1, 50));
        try (HttpProtocol client = new HttpProtocol(FetchTestConfig.with("http.deadline", 1000))) {
            assertEquals(200, client.fetch(site.url("/before-slow"), null).statusCode());
            awaitConnectionsBackInThePool(client);
            FetchException e = assertThrows(FetchException.class, () -> client.fetch(site.url("/slow"), null));
            long endedAt = System.nanoTime();
            assertEquals(FetchException.Cause.DEADLINE, e.cause(), e.getMessage());

            LoggedRequest slow = web.log().matching(r -> r.path().equals("/slow")).get(0);
            long warm = web.log().matching(r -> r.path().equals("/before-slow")).get(0).connectionId();
            assertEquals(warm, slow.connectionId(), "the slow answer came on the reused connection");
            // Left open, the connection would drip its answer for 500 s more, or wait in the pool until its idle
            // eviction (30 s); the bound is below both and leaves a loaded machine its time.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (web.log().connectionClosedNanos(slow.connectionId()).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(web.log().connectionClosedNanos(slow.connectionId()).isPresent(),
                    "the connection was closed when the deadline ended the fetch");
            long closedAfterMillis = (web.log().connectionClosedNanos(slow.connectionId()).getAsLong() - endedAt)
                    / 1_000_000;
            assertTrue(closedAfterMillis < 10_000, "closed " + closedAfterMillis + " ms after the deadline");
        }
    }

    @Test
    void anEndlessHeaderLineFailsTheFetchAndStopsTheDownload() {
        site.on("/endless-line", Response.endlessHeaderLine());
        site.on("/endless-lines", Response.endlessHeaderLines());
        // A deadline and a timeout far beyond the bound below, so that "at once" is not a race with them on a
        // loaded machine.
        try (HttpProtocol patient = new HttpProtocol(FetchTestConfig.with("http.timeout", 120_000,
                "http.deadline", 120_000))) {
            for (String path : List.of("/endless-line", "/endless-lines")) {
                long start = System.nanoTime();
                FetchException e = assertThrows(FetchException.class, () -> patient.fetch(site.url(path), null));
                assertEquals(FetchException.Cause.HEADERS_TOO_LARGE, e.cause(), path + ": " + e.getMessage());
                assertTrue(System.nanoTime() - start < 60_000_000_000L, path + " failed at once, not at the deadline");
                LoggedRequest seen = web.log().matching(r -> r.path().equals(path)).get(0);
                awaitClosed(seen.connectionId());
                long sent = web.log().matching(r -> r.path().equals(path)).get(0).sentBytes();
                assertTrue(sent < 16L * 1024 * 1024, path + ": the client stopped reading, the server sent " + sent);
            }
        }
    }

    @Test
    void headerSectionLimitsAreConfigurableAndNamedInTheError() throws Exception {
        Response manyLargeHeaders = Response.html("<p>big headers</p>");
        for (int i = 0; i < 30; i++) {
            manyLargeHeaders = manyLargeHeaders.header("X-Large-" + i, "v".repeat(10_000));
        }
        site.on("/large-headers", manyLargeHeaders);
        FetchException total = assertThrows(FetchException.class,
                () -> http.fetch(site.url("/large-headers"), null));
        assertEquals(FetchException.Cause.HEADERS_TOO_LARGE, total.cause());
        assertTrue(total.getMessage().contains("http.headers.max.bytes"), total.getMessage());

        try (HttpProtocol roomy = new HttpProtocol(FetchTestConfig.with("http.headers.max.bytes", 1_000_000))) {
            assertEquals(200, roomy.fetch(site.url("/large-headers"), null).statusCode());
        }
        try (HttpProtocol strict = new HttpProtocol(FetchTestConfig.with("http.headers.max.line", 4096))) {
            FetchException line = assertThrows(FetchException.class,
                    () -> strict.fetch(site.url("/large-headers"), null));
            assertEquals(FetchException.Cause.HEADERS_TOO_LARGE, line.cause());
            assertTrue(line.getMessage().contains("http.headers.max.line"), line.getMessage());
        }
        try (HttpProtocol few = new HttpProtocol(FetchTestConfig.with("http.headers.max.count", 5))) {
            FetchException count = assertThrows(FetchException.class,
                    () -> few.fetch(site.url("/large-headers"), null));
            assertEquals(FetchException.Cause.HEADERS_TOO_LARGE, count.cause());
            assertTrue(count.getMessage().contains("http.headers.max.count"), count.getMessage());
        }
    }

    private static void awaitConnectionsBackInThePool(HttpProtocol client) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (client.leasedConnections() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    private static void awaitClosed(long connectionId) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (web.log().connectionClosedNanos(connectionId).isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
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
