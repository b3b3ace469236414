package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster console ({@code squall console --opensearch}) steering a crawl it does not run: a crawl (its own
 * process, a local Storm cluster) writes to the test's OpenSearch; the console, another process, reads the status
 * and host indices. Pausing from the console's HTTP API (the control document the spouts read) stops new
 * requests, judged from the test web's request log, and resuming starts them again; the console shows the
 * host table from the host index while the crawl runs, and "nothing due" once every page is fetched.
 */
@ExtendWith(OpenSearchExtension.class)
class ClusterControlIT {
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final int PAGES = 30;
    private static final double DELAY = 0.25;
    /** Six delays without a request: a crawl still handing out URLs would have made six. */
    private static final Duration QUIET = Duration.ofMillis(Math.round(DELAY * 6 * 1000));

    @TempDir
    Path dir;

    @Test
    void theConsolePausesAndResumesACrawlItDoesNotRunAndSaysWhenNothingIsDue(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(PAGES).robots("");
            Path conf = ScopedCrawlConf.write(dir, os, List.of(site.host()), "spout.control.interval: 300",
                    "fetcher.hosts.flush.interval: 1");
            Path crawlRun = Files.createDirectories(dir.resolve("crawl"));
            Process crawl = SquallProcess.start(crawlRun, "crawl", site.url("/"), "--opensearch", os.address(), "--conf",
                    SquallProcess.path(conf), "--data", SquallProcess.path(dir.resolve("data")), "--agent",
                    "squall-test", "--delay", String.valueOf(DELAY), "--allow", TestWeb.LOOPBACK_RANGE, "--json");
            Path consoleRun = Files.createDirectories(dir.resolve("console"));
            Process console = SquallProcess.start(consoleRun, "console", "--opensearch", os.address(), "--conf",
                    SquallProcess.path(conf));
            try {
                ConsoleApi api = ConsoleApi.await(consoleRun, WAIT);
                // Paused at its first page: the pages it links to are not requested until the crawl is resumed.
                awaitTrue(() -> pages(web) >= 1, "the crawl's first page");
                HttpResponse<String> paused = api.post("pause");
                assertEquals(200, paused.statusCode(), paused.body());
                assertEquals("paused", ConsoleApi.JSON.readTree(paused.body()).get("state").asText());
                int atPause = ConsoleApi.awaitQuiet(web, QUIET, WAIT);
                assertTrue(pages(web) < PAGES, "the pause stopped the crawl before its end: " + pages(web) + " pages");
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
            } finally {
                console.destroy();
                crawl.destroy();
                console.waitFor(1, TimeUnit.MINUTES);
                crawl.waitFor(1, TimeUnit.MINUTES);
            }
        }
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
