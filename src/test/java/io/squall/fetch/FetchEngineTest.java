package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.http.HttpProtocol;
import io.squall.metrics.CounterTally;
import io.squall.testsupport.CompressionBombs;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import io.squall.urls.PartitionKeys;
import io.squall.urls.UrlFilters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fetching engine against the local test web: what the server sees, and what the engine reports. */
class FetchEngineTest {
    private static final long MS = 1_000_000L;
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final CounterTally counted = new CounterTally();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    private TestWeb web(int hosts) {
        TestWeb web = TestWeb.start(hosts);
        toClose.add(web);
        return web;
    }

    private FetchEngine<String> engine(CrawlerConfig config, RecordingSink sink) {
        HttpProtocol http = new HttpProtocol(config);
        toClose.add(http);
        FetchEngine<String> engine = new FetchEngine<>(config, http, UrlFilters.fromConfig(config, counted), sink,
                counted, CrawlClock.system());
        toClose.add(engine);
        return engine;
    }

    private static HostQueues.Admission offer(FetchEngine<String> engine, String url) {
        return offer(engine, url, new Metadata().set(MetadataKeys.DEPTH, "0"));
    }

    private static HostQueues.Admission offer(FetchEngine<String> engine, String url, Metadata md) {
        return engine.offer(url, PartitionKeys.hostOf(url), md, url);
    }

    private static void assertContract(RecordingSink sink) {
        assertEquals(List.of(), sink.violations, "every URL acked or failed exactly once, nothing emitted after");
    }

    @Test
    void politenessHoldsOverThreeHostsAsTheServerSeesIt() throws Exception {
        TestWeb web = web(3);
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.threads.number", 8,
                "fetcher.threads.per.queue", 1, "fetcher.server.delay", 0.2), sink);
        List<String> urls = new ArrayList<>();
        for (Site s : web.sites()) {
            for (int i = 0; i < 50; i++) {
                // Each answer takes 20 ms, so a delay counted from a fetch's start instead of its end shows.
                s.on("/p" + i, Response.page("p" + i).delay(20));
                urls.add(s.url("/p" + i));
            }
        }
        urls.forEach(u -> assertEquals(HostQueues.Admission.ACCEPTED, offer(engine, u)));
        sink.awaitDone(150, 60);
        assertEquals(150, sink.acked.size());
        assertEquals(150, sink.contentCount(), "all 150 pages fetched and emitted for parsing");
        assertEquals(150, counted.get("fetcher.pages"), "counted in the counters the engine was given");
        assertEquals(3, counted.get("fetcher.robots"));
        for (Site s : web.sites()) {
            assertEquals(1, web.log().maxConcurrency(s.host()), "never two requests at once to " + s.host());
            long gap = web.log().minGapNanos(s.host());
            // Never shorter than the engine's own gap (the test web's RequestLog says why): exact.
            assertTrue(gap >= 200 * MS, s.host() + ": two requests only " + gap / 1e6 + " ms apart");
            assertEquals(51, web.log().forHost(s.host()).size(), "50 pages and one robots.txt");
        }
        assertContract(sink);
    }

    @Test
    void noFetchStartsWhileTheWritesAreBehindAndTheQueuedUrlsAreFetchedOnceTheyCaughtUp() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0);
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.threads.number", 4,
                "fetcher.server.delay", 0.0), sink);
        java.util.concurrent.atomic.AtomicBoolean behind = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicLong held = new java.util.concurrent.atomic.AtomicLong();
        engine.fetchWithin(new FetchEngine.Room() {
            @Override
            public long take(long maxWaitMillis) throws InterruptedException {
                if (behind.get()) {
                    Thread.sleep(Math.min(maxWaitMillis, 10));
                    return -1;
                }
                held.incrementAndGet();
                return 1;
            }

            @Override
            public void giveBack(long taken) {
                held.addAndGet(-taken);
            }
        });
        for (int i = 0; i < 5; i++) {
            site.page("/w" + i);
            assertEquals(HostQueues.Admission.ACCEPTED, offer(engine, site.url("/w" + i)));
        }
        Thread.sleep(300);
        assertEquals(0, web.log().size(), "nothing requested, robots.txt included, while the writes are behind");
        assertTrue(sink.acked.isEmpty(), "nothing fetched: " + sink.acked);
        behind.set(false);
        sink.awaitDone(5, 60);
        assertEquals(5, sink.contentCount());
        assertContract(sink);
        long deadline = System.nanoTime() + 10_000 * MS;
        while (held.get() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(5); // given back right after the outcome was reported
        }
        assertEquals(0, held.get(), "every fetch gave back the room it took");
    }

    @Test
    void afterStopFetchingThePagesUnderWayAreReportedAndEveryOtherUrlIsFailedBackUnrequested() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0);
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.threads.number", 2,
                "fetcher.threads.per.queue", 1, "fetcher.server.delay", 0.0), sink);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            site.on("/p" + i, Response.page("p" + i).delay(300));
            urls.add(site.url("/p" + i));
        }
        urls.forEach(u -> assertEquals(HostQueues.Admission.ACCEPTED, offer(engine, u)));
        long deadline = System.nanoTime() + 30_000 * MS;
        while (web.log().matching(r -> r.path().startsWith("/p")).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        engine.stopFetching();
        assertEquals(HostQueues.Admission.STOPPED, offer(engine, site.url("/late")));
        sink.awaitDone(21, 60);
        long fetched = sink.contentCount();
        assertEquals(fetched, sink.acked.size(), "each page fetched was reported");
        assertEquals(21 - fetched, sink.failed.size(), "the others were failed back");
        assertTrue(fetched >= 1 && fetched < 20, fetched + " of 20 pages fetched");
        // The server logs a request once it has written its answer, which the client may have read before.
        while (web.log().matching(r -> r.path().startsWith("/p")).size() < fetched && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(fetched, web.log().matching(r -> r.path().startsWith("/p")).size(),
                "no page requested that was not reported");
        assertContract(sink);
    }

    @Test
    void robotsTxtRulesAreObeyed() throws Exception {
        TestWeb web = web(3);
        Site open = web.site(0).robots("User-agent: *\nDisallow: /private\n\nSitemap: /sitemap.xml\n");
        Site broken = web.site(1).on("/robots.txt", Response.status(503));
        Site slow = web.site(2).robots("User-agent: *\nCrawl-delay: 1\n");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.server.delay", 0.0), sink);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            urls.add(open.page("/public/" + i).url("/public/" + i));
            urls.add(open.page("/private/" + i).url("/private/" + i));
            urls.add(broken.page("/p" + i).url("/p" + i));
            urls.add(slow.page("/p" + i).url("/p" + i));
        }
        int deadPort;
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.9"))) {
            deadPort = closed.getLocalPort();
        }
        String refused = "http://127.0.0.9:" + deadPort + "/p";
        urls.add(refused);
        urls.forEach(u -> offer(engine, u));
        sink.awaitDone(urls.size(), 30);

        assertEquals("robots.unavailable.connection.refused", sink.outcomeOf(refused).cause(),
                "the cause says why robots.txt was unavailable");
        assertTrue(web.log().matching(r -> r.path().startsWith("/private")).isEmpty(), "nothing under /private");
        for (int i = 0; i < 3; i++) {
            RecordingSink.Emitted denied = sink.outcomeOf(open.url("/private/" + i));
            assertEquals(Status.ERROR, denied.status());
            assertEquals("robots", denied.cause());
            assertEquals(null, sink.outcomeOf(open.url("/public/" + i)).status(), "public pages go to the parser");
            RecordingSink.Emitted unavailable = sink.outcomeOf(broken.url("/p" + i));
            assertEquals(Status.FETCH_ERROR, unavailable.status());
            assertEquals("robots.unavailable.http.503", unavailable.cause());
        }
        assertEquals(List.of("/robots.txt"), web.log().forHost(broken.host()).stream().map(LoggedRequest::path).toList(),
                "robots.txt answering 503: no page of that host is fetched");
        assertEquals(4, web.log().forHost(slow.host()).size());
        assertTrue(web.log().minGapNanos(slow.host()) >= 1000 * MS, "Crawl-delay: 1 gives gaps of at least 1 s");
        long sitemaps = sink.emitted.stream().filter(e -> e.status() == Status.DISCOVERED
                && "true".equals(e.metadata().getFirst(MetadataKeys.IS_SITEMAP))
                && e.url().equals(open.url("/sitemap.xml"))).count();
        assertEquals(1, sitemaps, "the Sitemap: line is passed on once as a DISCOVERED sitemap");
        assertContract(sink);
    }

    @Test
    void aCrawlDelayAboveTheCapSkipsTheHostUnlessForced() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).robots("User-agent: *\nCrawl-delay: 100\n").page("/a").page("/b");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.max.crawl.delay", 10), sink);
        offer(engine, site.url("/a"));
        sink.awaitDone(1, 10);
        assertEquals("robots.crawl.delay", sink.outcomeOf(site.url("/a")).cause());
        assertEquals(0, web.log().count("/a"));

        RecordingSink forcedSink = new RecordingSink();
        FetchEngine<String> forced = engine(FetchTestConfig.with("fetcher.max.crawl.delay", 1,
                "fetcher.max.crawl.delay.force", true), forcedSink);
        offer(forced, site.url("/a"));
        offer(forced, site.url("/b"));
        forcedSink.awaitDone(2, 10);
        assertEquals(2, forcedSink.contentCount());
        List<LoggedRequest> pages = web.log().matching(r -> !r.path().equals("/robots.txt"));
        assertTrue(pages.get(pages.size() - 1).startNanos() - pages.get(pages.size() - 2).endNanos() >= 1000 * MS,
                "the forced cap (1 s) separates the two pages");
    }

    @Test
    void retryAfterBlocksTheHostThenTheUrlIsFetched() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).on("/limited", Response.sequence(
                Response.status(429).header("Retry-After", "2"), Response.html("now ok")));
        for (int i = 0; i < 3; i++) {
            site.page("/other" + i);
        }
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with(), sink);
        offer(engine, site.url("/limited"));
        sink.awaitDone(1, 10);
        assertEquals(Status.FETCH_ERROR, sink.outcomeOf(site.url("/limited")).status());
        assertEquals("http.429", sink.outcomeOf(site.url("/limited")).cause());
        // The frontier would offer it again; the host's other URLs arrive meanwhile.
        offer(engine, site.url("/other0"));
        offer(engine, site.url("/other1"));
        offer(engine, site.url("/other2"));
        RecordingSink.Emitted first = sink.outcomeOf(site.url("/limited"));
        engine.offer(site.url("/limited"), site.host(), first.metadata(), site.url("/limited") + "#2");
        sink.awaitDone(5, 20);
        LoggedRequest throttled = web.log().matching(r -> r.path().equals("/limited") && r.status() == 429).get(0);
        List<LoggedRequest> later = web.log().matching(r -> r.startNanos() > throttled.startNanos());
        assertEquals(4, later.size());
        // Measured from when the server began the 429: the server notes the end of its answer after writing it,
        // which can be a moment after the crawler has read it and started its wait.
        for (LoggedRequest r : later) {
            assertTrue(r.startNanos() - throttled.startNanos() >= 2000 * MS,
                    r.path() + " requested " + (r.startNanos() - throttled.startNanos()) / MS + " ms after the 429's request");
        }
        assertEquals(null, sink.outcomeOf(site.url("/limited")).status(), "fetched after the block");
        assertContract(sink);
    }

    @Test
    void statusCodesMapAsSpecified() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0);
        site.page("/ok").status("/not-modified", 304).redirect("/moved", 301, "/ok").redirect("/found", 302, "/ok")
                .redirect("/see", 303, "/ok").redirect("/temp", 307, "/ok").redirect("/perm", 308, "/ok")
                .status("/notfound", 404).status("/gone", 410).status("/unauth", 401).status("/forbidden", 403)
                .status("/teapot", 418).status("/timeout408", 408).status("/error", 500).status("/unavailable", 503)
                .status("/badgateway", 502);
        String[][] expected = {
            {"/ok", null, null}, {"/not-modified", "FETCHED", null},
            {"/moved", "REDIRECTION", null}, {"/found", "REDIRECTION", null}, {"/see", "REDIRECTION", null},
            {"/temp", "REDIRECTION", null}, {"/perm", "REDIRECTION", null},
            {"/notfound", "ERROR", "http.404"}, {"/gone", "ERROR", "http.410"}, {"/unauth", "ERROR", "http.401"},
            {"/forbidden", "ERROR", "http.403"}, {"/teapot", "FETCH_ERROR", "http.418"},
            {"/timeout408", "FETCH_ERROR", "http.408"}, {"/error", "FETCH_ERROR", "http.500"},
            {"/unavailable", "FETCH_ERROR", "http.503"}, {"/badgateway", "FETCH_ERROR", "http.502"}};
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.backoff.initial", 0.01), sink);
        for (String[] e : expected) {
            offer(engine, site.url(e[0]), new Metadata().set(MetadataKeys.DEPTH, "3"));
        }
        sink.awaitDone(expected.length, 30);
        for (String[] e : expected) {
            RecordingSink.Emitted out = sink.outcomeOf(site.url(e[0]));
            assertNotNull(out, e[0]);
            assertEquals(e[1], out.status() == null ? null : out.status().name(), e[0]);
            assertEquals(e[2], out.cause(), e[0]);
            for (String key : List.of(MetadataKeys.FETCH_STATUS_CODE, MetadataKeys.FETCH_BYTE_LENGTH,
                    MetadataKeys.FETCH_LOADING_TIME, MetadataKeys.FETCH_IP)) {
                assertNotNull(out.metadata().getFirst(key), e[0] + " carries " + key);
            }
            if (e[2] != null) {
                assertNotNull(out.metadata().getFirst(MetadataKeys.ERROR_MESSAGE), e[0]);
            }
            if ("REDIRECTION".equals(e[1])) {
                assertEquals(site.url("/ok"), out.metadata().getFirst(MetadataKeys.REDIRECT_TO));
                List<RecordingSink.Emitted> targets = sink.discoveredFrom(site.url(e[0]));
                assertEquals(1, targets.size(), e[0]);
                assertEquals(site.url("/ok"), targets.get(0).url());
                assertEquals("1", targets.get(0).metadata().getFirst(MetadataKeys.REDIRECT_HOPS));
                assertEquals("3", targets.get(0).metadata().getFirst(MetadataKeys.DEPTH), "same depth");
                assertEquals(List.of(site.url(e[0])), targets.get(0).metadata().getValues(MetadataKeys.URL_PATH));
            }
        }
        assertContract(sink);
    }

    @Test
    void errorCodesAreConfigurable() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).status("/forbidden", 403).status("/teapot", 418);
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("http.status.error.codes", List.of(404, 418)), sink);
        offer(engine, site.url("/forbidden"));
        offer(engine, site.url("/teapot"));
        sink.awaitDone(2, 10);
        assertEquals(Status.FETCH_ERROR, sink.outcomeOf(site.url("/forbidden")).status());
        assertEquals(Status.ERROR, sink.outcomeOf(site.url("/teapot")).status());
    }

    /** Follows DISCOVERED redirect targets as the frontier would, until nothing new comes (bounded). */
    /**
     * Follows a chain of redirects as the topology would, one fetch at a time: offers a URL under an anchor of its
     * own, waits for that anchor's end, then offers the target it discovered (with the hop count the engine gave
     * it), even a URL fetched before, as a loop's would be once its fetch date came. Stops when a fetch
     * discovers nothing; fails past {@code maxFetches}.
     *
     * @return the anchors offered, in order
     */
    private static List<String> followRedirects(FetchEngine<String> engine, RecordingSink sink, String start,
            int maxFetches) throws InterruptedException {
        List<String> anchors = new ArrayList<>();
        String url = start;
        Metadata md = new Metadata().set(MetadataKeys.DEPTH, "0");
        while (url != null) {
            assertTrue(anchors.size() < maxFetches, "the chain ends within " + maxFetches + " fetches: " + anchors);
            String anchor = url + "#" + anchors.size();
            anchors.add(anchor);
            assertEquals(HostQueues.Admission.ACCEPTED, engine.offer(url, PartitionKeys.hostOf(url), md, anchor));
            sink.awaitDone(anchor, 60);
            List<RecordingSink.Emitted> targets = sink.discoveredFrom(anchor);
            assertTrue(targets.size() <= 1, "one target a redirect: " + targets);
            url = targets.isEmpty() ? null : targets.get(0).url();
            md = targets.isEmpty() ? null : targets.get(0).metadata();
        }
        return anchors;
    }

    /** The status the engine emitted for the anchor's own URL. */
    private static RecordingSink.Emitted statusOf(RecordingSink sink, String anchor) {
        return sink.emitted.stream().filter(e -> e.anchor().equals(anchor) && e.status() != null
                && e.status() != Status.DISCOVERED).findFirst().orElseThrow(() -> new AssertionError("no status for " + anchor));
    }

    @Test
    void aLongRedirectChainEndsInErrorAndALoopTerminates() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).redirect("/r1", 301, "/r2").redirect("/r2", 302, "/r3").redirect("/r3", 307, "/r4")
                .redirect("/r4", 308, "/r5").redirect("/r5", 301, "/final").page("/final")
                .redirect("/a", 302, "/b").redirect("/b", 302, "/a");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("http.max.redirects", 3), sink);
        List<String> chain = followRedirects(engine, sink, site.url("/r1"), 10);
        assertEquals(List.of(site.url("/r1") + "#0", site.url("/r2") + "#1", site.url("/r3") + "#2",
                site.url("/r4") + "#3"), chain, "3 redirects followed, the 4th refused");
        for (String anchor : chain.subList(0, 3)) {
            assertEquals(Status.REDIRECTION, statusOf(sink, anchor).status(), anchor);
        }
        RecordingSink.Emitted r4 = statusOf(sink, chain.get(3));
        assertEquals(Status.ERROR, r4.status());
        assertEquals("redirect.too.many", r4.cause());
        assertEquals(0, web.log().count("/r5"), "the chain stops after 3 redirects");
        assertEquals(0, web.log().count("/final"));

        // The loop: /a (0 hops) -> /b (1) -> /a (2) -> /b (3), whose redirect would be the 4th.
        List<String> loop = followRedirects(engine, sink, site.url("/a"), 10);
        assertEquals(List.of(site.url("/a") + "#0", site.url("/b") + "#1", site.url("/a") + "#2", site.url("/b") + "#3"),
                loop, "the loop ends at the hop limit");
        RecordingSink.Emitted last = statusOf(sink, loop.get(3));
        assertEquals(Status.ERROR, last.status(), "and ends in ERROR");
        assertEquals("redirect.too.many", last.cause());
        assertEquals(2, web.log().count("/a"));
        assertEquals(2, web.log().count("/b"));
        assertContract(sink);
    }

    @Test
    void aBombIsCutAndAHangingHostDoesNotStopTheOthers() throws Exception {
        TestWeb web = web(2);
        // The hanging answer is held by the test, not by the clock: it ends (with a reset) when the test says so,
        // so the other host's pages are known to have been fetched while it hung, however slow the machine.
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Site stuck = web.site(0).on("/robots.txt", Response.status(404)).on("/bomb",
                Response.encoded(CompressionBombs.of("gzip", 12_000_000), "gzip")).handle(request -> {
                    if (!request.path().equals("/hang")) {
                        return null;
                    }
                    try {
                        release.await(120, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Response.drop();
                });
        Site flowing = web.site(1);
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.threads.number", 2,
                "http.content.limit", 100_000, "http.timeout", 120_000, "http.deadline", 120_000), sink);
        offer(engine, stuck.url("/bomb"));
        offer(engine, stuck.url("/hang"));
        sink.awaitDone(stuck.url("/bomb"), 60);
        RecordingSink.Emitted cut = sink.outcomeOf(stuck.url("/bomb"));
        assertEquals(100_000, cut.content().length);
        assertEquals("true", cut.metadata().getFirst(MetadataKeys.HTTP_TRIMMED));
        assertTrue(cut.metadata().getFirst(MetadataKeys.HTTP_TRIMMED_REASON).startsWith("content.limit"));
        awaitRequested(web, "/hang");

        for (int i = 0; i < 20; i++) {
            offer(engine, flowing.page("/p" + i).url("/p" + i));
        }
        for (int i = 0; i < 20; i++) {
            sink.awaitDone(flowing.url("/p" + i), 60);
        }
        assertTrue(!sink.isDone(stuck.url("/hang")) && web.log().connectionClosedNanos(
                web.log().matching(r -> r.path().equals("/hang")).get(0).connectionId()).isEmpty(),
                "the other host's 20 pages were all fetched while the hanging fetch waited");
        assertEquals(21, web.log().forHost(flowing.host()).size(), "20 pages and robots.txt");

        release.countDown();
        sink.awaitDone(stuck.url("/hang"), 60);
        assertEquals(Status.FETCH_ERROR, sink.outcomeOf(stuck.url("/hang")).status());
        assertContract(sink);
    }

    @Test
    void aServerThatNeverAnswersEndsInTheDeadlineCause() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).on("/robots.txt", Response.status(404)).on("/hang", Response.hang());
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("http.timeout", 60_000, "http.deadline", 1000), sink);
        offer(engine, site.url("/hang"));
        sink.awaitDone(site.url("/hang"), 60);
        RecordingSink.Emitted hung = sink.outcomeOf(site.url("/hang"));
        assertEquals(Status.FETCH_ERROR, hung.status());
        assertEquals("deadline", hung.cause());
        assertContract(sink);
    }

    /** Waits (bounded) until the server has received a request for the path (it may still be answering it). */
    private static void awaitRequested(TestWeb web, String path) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (web.log().count(path) == 0) {
            assertTrue(System.nanoTime() < deadline, path + " was not requested within 60 s");
            Thread.sleep(5);
        }
    }

    @Test
    void everyOutcomeGetsALineInTheCrawlLog(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).robots("User-agent: *\nDisallow: /private").page("/a").page("/b")
                .status("/gone", 404).on("/drop", Response.drop());
        RecordingSink sink = new RecordingSink();
        CrawlerConfig config = FetchTestConfig.with("fetcher.threads.number", 1);
        HttpProtocol http = new HttpProtocol(config);
        toClose.add(http);
        Path file = dir.resolve("logs").resolve("crawl.log");
        FetchEngine<String> engine = new FetchEngine<>(config, http, UrlFilters.fromConfig(config, counted), sink,
                counted, new CrawlLog(file), CrawlClock.system());
        List<String> paths = List.of("/a", "/b", "/gone", "/drop", "/private");
        paths.forEach(p -> offer(engine, site.url(p)));
        sink.awaitDone(paths.size(), 20);
        engine.close(); // writes out what is queued

        List<String> lines = Files.readAllLines(file);
        assertEquals(paths.size(), lines.size(), String.join("\n", lines));
        java.util.function.Function<String, String> lineOf = p -> lines.stream()
                .filter(l -> l.contains(" " + site.url(p) + " ")).findFirst().orElseThrow(() -> new AssertionError(p));
        assertTrue(lineOf.apply("/a").matches("\\S+Z +200 +\\d+ +\\d+ms FETCHED +\\S+ text/html;_charset=utf-8"),
                lineOf.apply("/a"));
        assertTrue(lineOf.apply("/gone").matches(".* 404 .* ERROR +\\S+ http\\.404"), lineOf.apply("/gone"));
        assertTrue(lineOf.apply("/drop").matches(".* +-1 +0 .* FETCH_ERROR +\\S+ connection\\.reset"),
                lineOf.apply("/drop"));
        assertTrue(lineOf.apply("/private").matches(".* +- +- +-ms ERROR +\\S+ robots"), lineOf.apply("/private"));
    }

    @Test
    void endlessHeadersEndInAnErrorWithTheirCauseAndTheHostMovesOn() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).on("/robots.txt", Response.status(404))
                .on("/endless-line", Response.endlessHeaderLine())
                .on("/endless-lines", Response.endlessHeaderLines())
                .page("/after");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.threads.number", 1), sink);
        for (String path : List.of("/endless-line", "/endless-lines", "/after")) {
            offer(engine, site.url(path));
        }
        sink.awaitDone(3, 20);
        for (String path : List.of("/endless-line", "/endless-lines")) {
            RecordingSink.Emitted failed = sink.outcomeOf(site.url(path));
            assertEquals(Status.FETCH_ERROR, failed.status(), path);
            assertEquals("headers.too.large", failed.cause(), path);
            long sent = web.log().matching(r -> r.path().equals(path)).get(0).sentBytes();
            assertTrue(sent < 16L * 1024 * 1024, path + ": reading stopped early, the server wrote " + sent);
        }
        assertEquals(200, Integer.parseInt(sink.outcomeOf(site.url("/after")).metadata()
                .getFirst(MetadataKeys.FETCH_STATUS_CODE)), "the host's next page was fetched");
        assertContract(sink);
    }

    @Test
    void theAddressGuardKeepsLoopbackLinksFromBeingRequested() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).page("/secret");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("http.address.allow", List.of()), sink);
        List<String> urls = List.of(site.url("/secret"), "http://localhost:" + site.port() + "/secret",
                "http://127.0.0.1:" + site.port() + "/secret");
        urls.forEach(u -> offer(engine, u));
        sink.awaitDone(3, 20);
        assertEquals(0, web.log().size(), "neither robots.txt nor the page was requested");
        for (String u : urls) {
            RecordingSink.Emitted out = sink.outcomeOf(u);
            assertEquals(Status.FETCH_ERROR, out.status(), u + ": the allow-list may let it through later");
            assertEquals("address.guard", out.cause(), u + " (refused at its robots.txt already)");
        }

        RecordingSink direct = new RecordingSink();
        FetchEngine<String> noRobots = engine(FetchTestConfig.with("http.address.allow", List.of(),
                "robots.enabled", false), direct);
        urls.forEach(u -> offer(noRobots, u));
        direct.awaitDone(3, 20);
        assertEquals(0, web.log().size());
        for (String u : urls) {
            assertEquals(Status.FETCH_ERROR, direct.outcomeOf(u).status(), u);
            assertEquals("address.guard", direct.outcomeOf(u).cause(), u);
        }
    }

    /** 127.0.0.3, the test web's second site, in the spellings a link or a Location header may use. */
    private static List<String> spellingsOfTheSecondSite(int port) {
        return List.of("127.0.0.3", "2130706435", "0x7f.0.0.3", "0x7f000003", "0177.0.0.3", "127.3",
                "[::ffff:127.0.0.3]", "[::ffff:7f00:3]", "[::127.0.0.3]", "[64:ff9b::7f00:3]", "localhost")
                .stream().map(host -> "http://" + host + ":" + port + "/private").toList();
    }

    @Test
    void withOneHostAllowedRedirectsToOtherLoopbackAddressesInAnySpellingAreNeverRequested() throws Exception {
        TestWeb web = web(2);
        Site allowed = web.site(0).robots("");
        Site other = web.site(1).robots("").page("/private");
        List<String> targets = spellingsOfTheSecondSite(other.port());
        List<String> redirects = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            allowed.redirect("/r" + i, 302, targets.get(i));
            redirects.add(allowed.url("/r" + i));
        }
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("http.address.allow", List.of(allowed.host())), sink);
        redirects.forEach(u -> offer(engine, u));
        sink.awaitDone(redirects.size(), 20);
        // The frontier offers the redirect targets as it would: the normalized URLs the fetcher discovered.
        List<String> discovered = new ArrayList<>();
        for (String r : redirects) {
            assertEquals(Status.REDIRECTION, sink.outcomeOf(r).status(), r);
            sink.discoveredFrom(r).forEach(d -> discovered.add(d.url()));
        }
        assertEquals(targets.size(), discovered.size(), "every redirect's target was discovered: " + discovered);
        List<String> offered = discovered;
        for (int i = 0; i < offered.size(); i++) {
            engine.offer(offered.get(i), "guarded", new Metadata().set(MetadataKeys.DEPTH, "0"), offered.get(i) + "#" + i);
        }
        sink.awaitDone(redirects.size() + offered.size(), 20);

        assertEquals(0, web.log().forHost(other.host()).size(), "nothing was requested from " + other.host());
        assertTrue(web.log().count(allowed.host(), "/r0") > 0, "the allowed host was fetched");
        for (int i = 0; i < offered.size(); i++) {
            String anchor = offered.get(i) + "#" + i;
            RecordingSink.Emitted out = sink.emitted.stream().filter(e -> e.anchor().equals(anchor)).findFirst()
                    .orElseThrow(() -> new AssertionError("no outcome for " + anchor));
            assertEquals(Status.FETCH_ERROR, out.status(), anchor);
            assertEquals("address.guard", out.cause(), anchor);
            String message = out.metadata().getFirst(MetadataKeys.ERROR_MESSAGE);
            assertTrue(message.contains("http.address.allow"), "the message names the key to change: " + message);
        }
        assertContract(sink);
    }

    @Test
    void anExhaustedErrorBudgetReleasesTheQueueAndPausesTheHost() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).robots("");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.max.exceptions.per.queue", 3,
                "fetcher.exceptions.pause", 60), sink);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            site.on("/drop" + i, Response.drop());
            urls.add(site.url("/drop" + i));
        }
        offer(engine, urls.get(0));
        sink.awaitDone(1, 10); // robots.txt is known: the rest queue up behind the failing fetches
        urls.subList(1, 8).forEach(u -> offer(engine, u));
        sink.awaitDone(8, 20);
        // The first drop came on robots.txt's kept-alive connection and was sent once more on a new one.
        assertEquals(3, web.log().matching(r -> r.path().startsWith("/drop")).stream().map(LoggedRequest::path)
                .distinct().count(), "3 exceptions, then stop");
        long released = sink.emitted.stream().filter(e -> "queue.error.budget.connection.reset".equals(e.cause()))
                .count();
        assertEquals(5, released, "the queue's other URLs are released with FETCH_ERROR, the last cause named");
        assertTrue(sink.emitted.stream().filter(e -> e.status() != Status.DISCOVERED)
                .allMatch(e -> e.status() == Status.FETCH_ERROR));
        assertEquals("connection.reset", sink.outcomeOf(urls.get(0)).cause());
        assertEquals(HostQueues.Admission.HOST_PAUSED, offer(engine, site.url("/later")));
        assertTrue(sink.failed.contains(site.url("/later")), "a URL for a paused host is failed back");
        assertContract(sink);
    }

    @Test
    void urlsThatWaitLongerThanTheQueueTimeoutAreFailedBack() throws Exception {
        TestWeb web = web(1);
        Site site = web.site(0).robots("").page("/a").page("/b");
        RecordingSink sink = new RecordingSink();
        FetchEngine<String> engine = engine(FetchTestConfig.with("fetcher.server.delay", 1.5,
                "fetcher.timeout.queue", 1), sink);
        offer(engine, site.url("/a"));
        offer(engine, site.url("/b"));
        sink.awaitDone(2, 10);
        // robots.txt first; 1.5 s later the queue's turn comes, but both URLs waited longer than 1 s by then.
        assertEquals(List.of("/robots.txt"), web.log().all().stream().map(LoggedRequest::path).toList());
        assertEquals(2, sink.failed.size());
        assertEquals(2, counted.get("fetcher.queue.timeouts"));
        assertEquals(List.of(), sink.emitted, "a timed-out URL is failed, not given a status");
        assertContract(sink);
    }
}
