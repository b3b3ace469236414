package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster console ({@code squall console --opensearch}) steering a crawl it does not run: a crawl (its own
 * process, a local Storm cluster) writes to the test's OpenSearch; the console, another process, reads the status
 * and host indices, and pauses, resumes and stops the crawl through the control document its spouts read.
 *
 * <p>The site never makes the crawl wait: its pages are all seeds, due from the start, and link nowhere, so a
 * running crawl requests one every delay; the spout hands out a few at a time (a small host quota), so that
 * the crawl goes on only while it hands out more. A pause (or a stop) is judged once what was in flight finished (no
 * request for many delays, and the host index's queues empty): then, for many more delays, no request while the
 * status index holds URLs that are due. After a resume the crawl goes on to its end, where the console says
 * "nothing due"; after a stop it does not, and a resume is refused.
 */
@ExtendWith(OpenSearchExtension.class)
class ClusterControlIT {
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final int PAGES = 80;
    private static final double DELAY = 0.25;
    /** Eight delays without a request: the fetches under way at the pause or stop have finished. */
    private static final Duration QUIET = Duration.ofMillis(Math.round(DELAY * 8 * 1000));
    /** Then sixteen delays: a crawl still handing out URLs, with URLs due, would have made requests. */
    private static final Duration HELD = Duration.ofMillis(Math.round(DELAY * 16 * 1000));

    @TempDir
    Path dir;

    @Test
    void theConsolePausesAndResumesACrawlItDoesNotRunAndSaysWhenNothingIsDue(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = leafPages(web);
            try (Steered crawl = start(os, site, dir.resolve("pause"))) {
                ConsoleApi api = crawl.api;
                awaitTrue(() -> pages(web) >= 3, "the crawl's first pages");
                HttpResponse<String> paused = api.post("pause");
                assertEquals(200, paused.statusCode(), paused.body());
                assertEquals("paused", ConsoleApi.JSON.readTree(paused.body()).get("state").asText());
                int atPause = assertHeld(os, web, api, "paused");
                assertEquals(409, api.post("pause").statusCode(), "paused already");

                HttpResponse<String> resumed = api.post("resume");
                assertEquals(200, resumed.statusCode(), resumed.body());
                awaitTrue(() -> web.log().size() > atPause, "requests again after the resume");
                JsonNode running = api.awaitProgress("the host table shows the site's queue from the host index",
                        p -> p.path("hosts").path("busiest").toString().contains("\"host\":\"" + site.host() + "\""));
                assertEquals("fetching", running.get("state").asText(), running.toString());

                awaitTrue(() -> pages(web) >= PAGES, "every page fetched");
                JsonNode over = api.awaitProgress("nothing due once the crawl is over",
                        p -> "nothing due".equals(p.path("state").asText()));
                assertEquals(0.0, over.get("pagesPerSecond").asDouble(), over.toString());
                assertEquals(1, over.path("hosts").path("queues").asInt(), "one host in the host index: " + over);
                assertEquals(0, over.path("hosts").path("queued").asInt(), over.toString());
                assertTrue(over.get("stopReason").asText().contains("due"), over.toString());
                assertEquals(PAGES, pages(web), "every page, each once");
            }
        }
    }

    @Test
    void theConsoleStopsACrawlItDoesNotRunForGood(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = leafPages(web);
            try (Steered crawl = start(os, site, dir.resolve("stop"))) {
                ConsoleApi api = crawl.api;
                awaitTrue(() -> pages(web) >= 3, "the crawl's first pages");
                HttpResponse<String> stopped = api.post("stop");
                assertEquals(200, stopped.statusCode(), stopped.body());
                assertEquals("stopped", ConsoleApi.JSON.readTree(stopped.body()).get("state").asText());
                assertHeld(os, web, api, "stopped");
                assertEquals(409, api.post("resume").statusCode(), "a stop holds the spouts for good: no resume");
                assertEquals(409, api.post("pause").statusCode(), "nor a pause");
                int before = web.log().size();
                Thread.sleep(HELD.toMillis());
                assertEquals(before, web.log().size(), "still no request after the refused resume");
                assertTrue(pages(web) < PAGES, "the crawl did not go on to its end: " + pages(web) + " pages");
            }
        }
    }

    /** PAGES pages that link nowhere, all of them seeds. */
    private static Site leafPages(TestWeb web) {
        Site site = web.site(0).robots("");
        for (int i = 0; i < PAGES; i++) {
            site.page("/p" + i);
        }
        return site;
    }

    /** The crawl and its console, each its own process, ended when the test is. */
    private record Steered(Process crawl, Process console, ConsoleApi api) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            console.destroy();
            crawl.destroy();
            console.waitFor(1, TimeUnit.MINUTES);
            crawl.waitFor(1, TimeUnit.MINUTES);
        }
    }

    private Steered start(TestOpenSearch os, Site site, Path in) throws Exception {
        Files.createDirectories(in);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < PAGES; i++) {
            urls.add(site.url("/p" + i));
        }
        Path seeds = Files.write(in.resolve("seeds.txt"), urls);
        // A host's quota of URLs in flight kept small (its default grows to hand out the whole site at once): a
        // crawl that goes on needs the spout to hand out more, which a pause or a stop forbids.
        Path conf = ScopedCrawlConf.write(in, os, List.of(site.host()), "spout.control.interval: 300",
                "fetcher.hosts.flush.interval: 1", "opensearch.status.max.urls.per.bucket: 3", "spout.host.min.urls: 2",
                "spout.host.horizon: 0.5");
        Path crawlRun = Files.createDirectories(in.resolve("crawl"));
        Process crawl = SquallProcess.start(crawlRun, "crawl", SquallProcess.path(seeds), "--opensearch", os.address(),
                "--conf", SquallProcess.path(conf), "--data", SquallProcess.path(in.resolve("data")), "--agent",
                "squall-test", "--delay", String.valueOf(DELAY), "--allow", TestWeb.LOOPBACK_RANGE, "--json");
        Path consoleRun = Files.createDirectories(in.resolve("console"));
        Process console = SquallProcess.start(consoleRun, "console", "--opensearch", os.address(), "--conf",
                SquallProcess.path(conf));
        try {
            return new Steered(crawl, console, ConsoleApi.await(consoleRun, WAIT));
        } catch (Exception | AssertionError e) {
            new Steered(crawl, console, null).close();
            throw e;
        }
    }

    /**
     * Waits until the fetches under way at the pause or stop finished (no request for QUIET: the fetchers send no
     * request once they read the control document, whatever URLs they hold), then watches the web for HELD: no
     * request, while URLs are due in the status index and the console says {@code state}. Returns the requests
     * seen.
     */
    private static int assertHeld(TestOpenSearch os, TestWeb web, ConsoleApi api, String state) throws Exception {
        int drained = ConsoleApi.awaitQuiet(web, QUIET, WAIT);
        long dueBefore = dueUrls(os);
        Thread.sleep(HELD.toMillis());
        long due = dueUrls(os);
        assertEquals(drained, web.log().size(), "no request in " + HELD.toMillis() + " ms " + state + ", while "
                + due + " URLs were due");
        assertTrue(dueBefore > 0 && due == dueBefore, "URLs were due meanwhile (" + dueBefore + ", then " + due
                + "), which a running crawl would have requested; " + pages(web) + " pages requested; the status"
                + " index: " + os.documents(SquallIndex.STATUS).stream().map(d -> d.get("status") + "@"
                + d.get("nextFetchDate")).sorted().toList());
        JsonNode progress = api.awaitProgress("the console says " + state, p -> state.equals(p.path("state").asText()));
        assertTrue(progress.path("stopReason").asText().contains("hand out no URL"), progress.toString());
        assertEquals(due, progress.path("due").asLong(), "the console counts the due URLs too: " + progress);
        return drained;
    }

    /** URLs of the status index that are due now and were never fetched. */
    private static long dueUrls(TestOpenSearch os) {
        Instant now = Instant.now();
        long due = 0;
        for (Map<String, Object> doc : os.documents(SquallIndex.STATUS)) {
            if ("DISCOVERED".equals(doc.get("status")) && !Instant.parse((String) doc.get("nextFetchDate")).isAfter(now)) {
                due++;
            }
        }
        return due;
    }

    /** Page requests (robots.txt aside). */
    private static long pages(TestWeb web) {
        return web.log().matching(r -> !r.path().equals("/robots.txt")).size();
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting: " + what);
            }
            Thread.sleep(50);
        }
    }
}
