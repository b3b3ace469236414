package io.squall.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.local.StopPolicy;
import io.squall.local.StopReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What an idle crawl's summary says of the next URL due, and when an idle crawl ends. */
class IdleCrawlSummaryTest {
    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    /** 10 minutes into the crawl. */
    private static final Duration ELAPSED = Duration.ofMinutes(10);

    @Test
    void withoutADurationAnIdleCrawlEndsAndItsSummarySaysWhenTheNextUrlIsDueAndHowToKeepCrawling() {
        StopPolicy unbounded = new StopPolicy(null, null);
        assertFalse(unbounded.waitsFor(Optional.of(NOW.plusSeconds(1)), NOW, ELAPSED));
        assertFalse(new StopPolicy(5_000, null).waitsFor(Optional.of(NOW.plusSeconds(1)), NOW, ELAPSED),
                "--max-pages alone does not keep a crawl waiting");

        NextDue next = NextDue.of(NOW.plus(Duration.ofHours(24)).plusMillis(500), NOW.plusSeconds(60));
        CrawlSummary summary = new CrawlSummary(StopReason.IDLE, ELAPSED, Duration.ZERO, 3, 3_072, null,
                new CrawlSummary.StatusReport("status", 3, java.util.Map.of("FETCHED", 3L), java.util.List.of(),
                        java.util.List.of()), next);
        assertTrue(summary.toText().startsWith("Stopped: nothing left to fetch after 10m00s. Fetched 3 pages (3 KB) in"
                + " this run, 0.0 pages/s.\nNext URL due 2026-11-28T10:00:00Z (in 23h59m00s); run with a --duration"
                + " longer than that to keep crawling.\n"), summary.toText());
        assertTrue(summary.toJson().contains("\"nextDue\":\"2026-11-28T10:00:00Z\""), summary.toJson());
    }

    @Test
    void theNextDueDateToTheSecondAndTheTimeToItNeverNegative() {
        NextDue next = NextDue.of(NOW.plusSeconds(185).plusMillis(700), NOW);
        assertEquals(Instant.parse("2026-11-27T10:03:05Z"), next.at());
        assertEquals("3m05s", next.inText());
        assertEquals("0s", NextDue.of(NOW.minusSeconds(5), NOW).inText(), "due already: the spout takes it now");
    }
}
