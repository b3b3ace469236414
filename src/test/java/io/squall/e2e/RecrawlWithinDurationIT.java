package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local crawl under {@code --duration} of one page due again 10 s after each fetch (its seed's metadata
 * {@code fetchInterval=10s}): after the first fetch nothing is due and nothing is in flight, which ended a
 * crawl before; now it waits, and the server sees the page asked for again. The second answer is held until
 * the crawl says it stops: the crawl then cannot go idle after it, so its end can only be the duration's,
 * however slowly the machine starts it.
 */
class RecrawlWithinDurationIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    /** Room for the first fetch (a worker slow to start) and the re-fetch 10 s later, on a loaded machine. */
    private static final String DURATION = "30s";
    /** Longest the held answer waits for the stop, should the crawl never say it. */
    private static final long HOLD_MILLIS = 60_000;

    @TempDir
    Path dir;

    @Test
    void aCrawlWithADurationWaitsForThePageDueAgainFetchesItAgainAndEndsByItsDuration() throws Exception {
        Path run = dir.resolve("run");
        try (TestWeb web = TestWeb.start(1)) {
            AtomicInteger asked = new AtomicInteger();
            Site site = web.site(0).robots("").handle(request -> {
                if (!request.path().equals("/news")) {
                    return null;
                }
                if (asked.incrementAndGet() > 1) {
                    awaitStop(run.resolve("stderr.txt"));
                }
                return Response.page("News " + asked.get());
            });
            Path seeds = Files.writeString(dir.resolve("seeds.txt"), site.url("/news") + "\tfetchInterval=10s\n");
            // The held answer must not time out before the stop.
            Path conf = Files.writeString(dir.resolve("conf.yaml"), "http.timeout: " + (HOLD_MILLIS + 30_000) + "\n");

            SquallProcess.Result crawl = SquallProcess.run(run, TIMEOUT, "crawl", SquallProcess.path(seeds),
                    "--data", SquallProcess.path(dir.resolve("data")), "--conf", SquallProcess.path(conf),
                    "--agent", "squall-test", "--duration", DURATION, "--json");

            assertEquals(0, crawl.exitCode(), crawl.stderr());
            JsonNode summary = new ObjectMapper().readTree(crawl.stdout());
            assertTrue(web.log().count(site.host(), "/news") >= 2, "fetched, then fetched again once due: "
                    + web.log().all() + "\n" + crawl.stderr());
            assertEquals("duration", summary.get("stopReason").asText(), "not 'nothing left to fetch': "
                    + crawl.stdout() + "\n" + crawl.stderr());
            assertTrue(summary.get("fetched").asLong() >= 2, crawl.stdout());
            assertTrue(crawl.stderr().contains("next due in "), "the progress said what the crawl waited for: "
                    + crawl.stderr());
        }
    }

    /** Holds the answer until the crawl prints that it stops (as a slow server would, at worst). */
    private static void awaitStop(Path stderr) {
        long deadline = System.nanoTime() + Duration.ofMillis(HOLD_MILLIS).toNanos();
        try {
            while (!SquallProcess.read(stderr).contains("Stopping: ") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
