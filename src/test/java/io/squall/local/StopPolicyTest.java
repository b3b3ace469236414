package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a crawl with nothing in flight and nothing due does: wait for its next URL, or end as idle. */
class StopPolicyTest {
    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    /** 10 minutes into a crawl of --duration 30m: 20 minutes left. */
    private static final Duration ELAPSED = Duration.ofMinutes(10);
    private static final StopPolicy HALF_HOUR = new StopPolicy(null, Duration.ofMinutes(30));

    @Test
    void aUrlDueBeforeTheDurationEndsKeepsTheCrawlRunning() {
        assertTrue(HALF_HOUR.waitsFor(Optional.of(NOW.plusSeconds(42)), NOW, ELAPSED));
        assertTrue(HALF_HOUR.waitsFor(Optional.of(NOW.plus(Duration.ofMinutes(20)).minusMillis(1)), NOW, ELAPSED));
    }

    @Test
    void aUrlDueOnlyOnceTheDurationEndedOrNoneDueAgainEndsTheCrawlAsIdle() {
        assertFalse(HALF_HOUR.waitsFor(Optional.of(NOW.plus(Duration.ofMinutes(20))), NOW, ELAPSED),
                "due as the crawl ends: it would not be fetched");
        assertFalse(HALF_HOUR.waitsFor(Optional.of(NOW.plus(Duration.ofHours(24))), NOW, ELAPSED));
        assertFalse(HALF_HOUR.waitsFor(Optional.empty(), NOW, ELAPSED), "no URL is ever due again");
        assertFalse(HALF_HOUR.waitsFor(Optional.of(NOW.plusSeconds(1)), NOW, Duration.ofMinutes(31)),
                "past the end (the limit stops it on the same tick)");
    }
}
