package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
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
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

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
                URI address = SquallProcess.awaitLine(consoleRun.resolve("stderr.txt"),
                        Pattern.compile("Console: (http://127\\.0\\.0\\.1:\\d+/)"), WAIT);
                // Paused at its first page: the pages it links to are not requested until the crawl is resumed.
                awaitTrue(() -> pages(web) >= 1, "the crawl's first page");
                HttpResponse<String> paused = post(address.resolve("api/pause"));
                assertEquals(200, paused.statusCode(), paused.body());
                assertEquals("paused", JSON.readTree(paused.body()).get("state").asText());
                int atPause = awaitQuiet(web);
                assertTrue(pages(web) < PAGES, "the pause stopped the crawl before its end: " + pages(web) + " pages");
                assertEquals(409, post(address.resolve("api/pause")).statusCode(), "paused already");

                HttpResponse<String> resumed = post(address.resolve("api/resume"));
                assertEquals(200, resumed.statusCode(), resumed.body());
                awaitTrue(() -> web.log().size() > atPause, "requests again after the resume");
                JsonNode running = awaitProgress(address, "the host table shows the site's queue from the host index",
                        p -> p.path("hosts").path("busiest").toString().contains("\"host\":\"" + site.host() + "\""));
                assertEquals("fetching", running.get("state").asText(), running.toString());

                awaitTrue(() -> pages(web) >= PAGES, "every page fetched");
                JsonNode over = awaitProgress(address, "nothing due once the crawl is over",
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

    /** Waits until the web saw no request for {@link #QUIET}; returns the requests seen by then. */
    private static int awaitQuiet(TestWeb web) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        int seen = web.log().size();
        long changed = System.nanoTime();
        while (System.nanoTime() - changed < QUIET.toNanos()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("requests never stopped after the pause: " + web.log().size());
            }
            Thread.sleep(50);
            int now = web.log().size();
            if (now != seen) {
                seen = now;
                changed = System.nanoTime();
            }
        }
        return seen;
    }

    private JsonNode awaitProgress(URI console, String what, Predicate<JsonNode> condition) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(console.resolve("api/progress")).build(),
                    HttpResponse.BodyHandlers.ofString());
            last = JSON.readTree(r.body());
            if (condition.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out waiting: " + what + "; the console said " + last);
    }

    private HttpResponse<String> post(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).header("X-Squall-Console", "1")
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
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
