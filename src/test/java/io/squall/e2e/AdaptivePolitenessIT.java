package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local crawl of two sites with adaptive politeness: one answers every request after 200 ms, the other at
 * once. Judged from what the servers saw: with a factor of 3, the slow site's requests are at least 600 ms
 * apart (the crawler's own measure of a fetch includes the server's 200 ms, and a server sees a gap no
 * shorter than the crawler keeps), while the fast one is fetched near the 0.1 s minimum.
 */
class AdaptivePolitenessIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static final int PAGES = 7;
    private static final long ANSWER_MILLIS = 200;
    private static final int FACTOR = 3;

    @TempDir
    Path dir;

    @Test
    void aSlowHostIsAskedLessOftenThanAFastOne() throws Exception {
        try (TestWeb web = TestWeb.start(2)) {
            Site slow = web.site(0).tree(PAGES).robots("").answerAfter(ANSWER_MILLIS);
            Site fast = web.site(1).tree(PAGES).robots("");
            Path conf = dir.resolve("adaptive.yaml");
            Files.writeString(conf, "fetcher.server.delay.adaptive: true\n"
                    + "fetcher.server.delay.factor: " + FACTOR + "\n"
                    + "fetcher.server.delay.max: 5\n");

            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", slow.url("/"),
                    fast.url("/"), "--data", SquallProcess.path(dir.resolve("data")),
                    "--conf", SquallProcess.path(conf), "--agent", "squall-test", "--delay", "0.1", "--json");

            assertEquals(0, crawl.exitCode(), crawl.stderr());
            assertTrue(crawl.stderr().contains("an adaptive delay between fetches per host (3.0 x the last fetch's"
                    + " duration, 0.1 to 5.0 s)"), "the header says how the delay is chosen: " + crawl.stderr());
            JsonNode summary = new ObjectMapper().readTree(crawl.stdout());
            assertEquals(2 * PAGES, summary.get("status").get("FETCHED").asLong(), crawl.stdout());
            assertEquals(0, web.log().dropped());

            List<Long> slowGaps = gapsMillis(web.log().forHost(slow.host()));
            List<Long> fastGaps = gapsMillis(web.log().forHost(fast.host()));
            assertEquals(PAGES, slowGaps.size(), "robots.txt and every page of the slow site: " + slowGaps);
            assertEquals(PAGES, fastGaps.size(), "robots.txt and every page of the fast site: " + fastGaps);
            long slowest = FACTOR * ANSWER_MILLIS;
            assertTrue(slowGaps.stream().allMatch(g -> g >= slowest), "the slow site waits " + FACTOR + " x "
                    + ANSWER_MILLIS + " ms after each answer: " + slowGaps);
            assertTrue(fastGaps.stream().allMatch(g -> g >= 100), "the fast site keeps the minimum: " + fastGaps);
            // The one bound from above: of its gaps, aimed at 0.1 s, at least one is shorter than every slow one.
            assertTrue(fastGaps.stream().anyMatch(g -> g < slowest), "the fast site is not slowed down: " + fastGaps);
        }
    }

    /** The times between the end of each request and the start of the next, as the server saw them. */
    private static List<Long> gapsMillis(List<LoggedRequest> requests) {
        List<LoggedRequest> sorted = new ArrayList<>(requests);
        sorted.sort(Comparator.comparingLong(LoggedRequest::startNanos));
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < sorted.size(); i++) {
            gaps.add(TimeUnit.NANOSECONDS.toMillis(sorted.get(i).startNanos() - sorted.get(i - 1).endNanos()));
        }
        return gaps;
    }
}
