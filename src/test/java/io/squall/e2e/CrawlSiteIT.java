package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.metrics.Counters;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import io.squall.urls.UrlFilters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.Warcinfo;

/**
 * A whole crawl of a local web of three hosts (and one out of scope), through the squall command: the
 * crawl is killed (SIGKILL) half-way and started again, then run again (fetching only what is due), then
 * once more when its failed page is due again. The status and content indices must hold exactly what the web
 * defines, and the server must have seen the politeness rules kept.
 */
@ExtendWith(OpenSearchExtension.class)
class CrawlSiteIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final double DELAY_SECONDS = 0.1;
    private static final int PAGES_PER_HOST = 100;

    @TempDir
    Path dir;

    @Test
    void crawlKilledAndResumedEndsWithExactlyTheWebsUrls(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(4)) {
            Site a = web.site(0);
            Site b = web.site(1);
            Site c = web.site(2);
            Site outside = web.site(3).tree(3);
            Map<String, String> expected = buildWeb(a, b, c, outside);
            Path conf = ScopedCrawlConf.write(dir, os, List.of(a.host(), b.host(), c.host()), "fetchInterval.fetch.error: 1");
            expected.putAll(trapUrls(os, conf, a));

            // Killed half-way, without any chance to flush: what was in flight must be fetched again later.
            Path runDir = dir.resolve("run1");
            Files.createDirectories(runDir);
            Process killed = SquallProcess.start(runDir, crawlArgs(os, conf, a, b, c));
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (web.log().size() < 120 && killed.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(killed.isAlive(), "the crawl is still running when it is killed: "
                    + SquallProcess.read(runDir.resolve("stderr.txt")));
            killed.destroyForcibly().waitFor(1, TimeUnit.MINUTES);

            SquallProcess.Result resumed = SquallProcess.run(dir.resolve("run2"), TIMEOUT, crawlArgs(os, conf, a, b, c));
            assertEquals(0, resumed.exitCode(), resumed.stderr());
            Map<String, String> afterResume = new TreeMap<>(expected);
            afterResume.put(a.url("/flaky"), "FETCH_ERROR");
            assertEquals(afterResume, os.statusByUrl(), "status index after the resumed crawl");
            assertContentIndexHoldsTheFetchedPages(os);
            assertWarcFilesSurvivedTheKill(dir.resolve("data").resolve("warc"));

            // Politeness, as the server saw it, over both runs.
            for (Site site : new Site[] {a, b, c}) {
                assertEquals(1, web.log().maxConcurrency(site.host()), "one connection at a time on " + site.host());
                assertTrue(web.log().minGapNanos(site.host()) >= DELAY_SECONDS * 0.9e9,
                        site.host() + ": smallest gap " + web.log().minGapNanos(site.host()) / 1e6 + " ms");
            }
            assertEquals(0, web.log().forHost(outside.host()).size(), "out of scope: never fetched");
            assertEquals(0, web.log().count(a.host(), "/private/secret"), "denied by robots.txt");

            // A new run fetches only what is due: nothing, or the failed page once its retry time has come.
            int before = web.log().size();
            SquallProcess.Result again = SquallProcess.run(dir.resolve("run3"), TIMEOUT, crawlArgs(os, conf, a, b, c));
            assertEquals(0, again.exitCode(), again.stderr());
            for (LoggedRequest request : web.log().all().subList(before, web.log().size())) {
                assertTrue(request.host().equals(a.host())
                        && (request.path().equals("/flaky") || request.path().equals("/robots.txt")),
                        "only what is due is fetched again, not " + request.host() + request.path());
            }

            // The 500 recovers: once its retry is due, a run fetches it (unless the last one already did).
            if (web.log().count(a.host(), "/flaky") < 2) {
                Instant due = Instant.parse((String) os.statusDocument(UrlId.of(a.url("/flaky"))).get("nextFetchDate"));
                Thread.sleep(Math.max(0, Duration.between(Instant.now(), due).toMillis() + 500));
                SquallProcess.Result retry = SquallProcess.run(dir.resolve("run4"), TIMEOUT, crawlArgs(os, conf, a, b, c));
                assertEquals(0, retry.exitCode(), retry.stderr());
            }
            assertEquals(expected, os.statusByUrl(), "status index at the end");
            assertEquals(2, web.log().count(a.host(), "/flaky"));
            assertContentIndexHoldsTheFetchedPages(os);
        }
    }

    /** Declares the web and returns the status every in-scope URL must end with. */
    private static Map<String, String> buildWeb(Site a, Site b, Site c, Site outside) {
        Map<String, String> expected = new TreeMap<>();
        for (Site site : new Site[] {a, b, c}) {
            site.tree(PAGES_PER_HOST);
            expected.put(site.url("/"), "FETCHED");
            for (int i = 1; i < PAGES_PER_HOST; i++) {
                expected.put(site.url("/page/" + i), "FETCHED");
            }
        }
        a.robots("User-agent: *\nDisallow: /private/\nSitemap: " + a.url("/sitemap.xml") + "\n");
        a.page("/", "/page/1", "/page/2", "/private/secret", "/missing", "/flaky", "/moved", "/here", "/trap/",
                outside.url("/"), "http://outside.example/elsewhere");
        a.page("/private/secret");
        a.on("/flaky", Response.failThenRecover(1, Response.status(500), Response.page("flaky")));
        a.redirect("/moved", 301, b.url("/landing"));
        a.redirect("/here", 302, "/page/3");
        a.sitemap("/sitemap.xml", a.url("/orphan/1"), a.url("/orphan/2"));
        a.page("/orphan/1");
        a.page("/orphan/2");
        b.page("/landing", "/page/4");
        String trap = "/trap/";
        for (int k = 0; k < 8; k++) {
            a.page(trap, "a/");
            trap += "a/";
        }
        expected.put(a.url("/private/secret"), "ERROR");
        expected.put(a.url("/missing"), "ERROR");
        expected.put(a.url("/flaky"), "FETCHED");
        expected.put(a.url("/moved"), "REDIRECTION");
        expected.put(a.url("/here"), "REDIRECTION");
        expected.put(b.url("/landing"), "FETCHED");
        expected.put(a.url("/sitemap.xml"), "FETCHED");
        expected.put(a.url("/orphan/1"), "FETCHED");
        expected.put(a.url("/orphan/2"), "FETCHED");
        return expected;
    }

    /** The crawler trap's URLs the filters let through (the path-repetition filter decides how deep). */
    private static Map<String, String> trapUrls(TestOpenSearch os, Path conf, Site a) {
        CrawlerConfig config = os.config(Map.of("urlfilters.config.file", conf.resolveSibling("urlfilters.yaml").toString()));
        var chain = UrlFilters.fromConfig(config, Counters.NONE);
        Map<String, String> trap = new TreeMap<>();
        String path = "/trap/";
        for (int k = 0; k < 8; k++, path += "a/") {
            Metadata md = new Metadata().set(MetadataKeys.DEPTH, String.valueOf(2 + k));
            if (chain.filter(a.url(path), md).accepted()) {
                trap.put(a.url(path), "FETCHED");
            }
        }
        assertTrue(trap.size() >= 2 && trap.size() < 8, "the trap is cut: " + trap.keySet());
        return trap;
    }

    private String[] crawlArgs(TestOpenSearch os, Path conf, Site a, Site b, Site c) {
        return new String[] {"crawl", a.url("/"), b.url("/"), c.url("/"), "--opensearch", os.address(),
                "--conf", conf.toString(), "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test",
                "--delay", String.valueOf(DELAY_SECONDS), "--json"};
    }

    private static void assertContentIndexHoldsTheFetchedPages(TestOpenSearch os) {
        Map<String, Long> fetchedHtml = new TreeMap<>();
        for (Map<String, Object> doc : os.documents(SquallIndex.STATUS)) {
            String url = (String) doc.get("url");
            if ("FETCHED".equals(doc.get("status")) && !url.endsWith("/sitemap.xml")) {
                fetchedHtml.put(url, 1L);
            }
        }
        Map<String, Long> content = new TreeMap<>();
        for (Map<String, Object> doc : os.documents(SquallIndex.CONTENT)) {
            content.merge((String) doc.get("url"), 1L, Long::sum);
        }
        assertEquals(fetchedHtml, content, "the content index holds each fetched HTML page once");
    }

    /**
     * The killed crawl's WARC file was finished by the next run (renamed without ".open"), and reads to its
     * last complete record; every other file reads to its end.
     */
    private static void assertWarcFilesSurvivedTheKill(Path warcDir) throws Exception {
        List<Path> files;
        try (var list = Files.list(warcDir)) {
            files = list.sorted().toList();
        }
        assertTrue(files.size() >= 2, "a file from each run: " + files);
        int cut = 0;
        for (Path file : files) {
            assertTrue(file.toString().endsWith(".warc.gz"), "nothing left open: " + file);
            int records = 0;
            try (WarcReader reader = new WarcReader(file)) {
                for (WarcRecord r : reader) {
                    assertTrue(records > 0 || r instanceof Warcinfo, "a file begins with its warcinfo: " + file);
                    r.body().consume();
                    records++;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                cut++; // the killed run's file may end in the middle of its last record
            }
            assertTrue(records >= 3, file + " holds its warcinfo and a fetch at least: " + records);
        }
        assertTrue(cut <= 1, cut + " files end in a broken record");
    }
}
