package io.squall.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CrawlStatsTest {

    @AfterEach
    void forget() {
        CrawlStats.reset();
    }

    @Test
    void clearingTheCountersKeepsTheGaugesOfTheRunningComponents() {
        CrawlStats.reset();
        CrawlStats.counter("parser.pages").add(200);
        CrawlStats.gauge("spout.inflight.7", () -> 3);

        CrawlStats.clearCounters();
        CrawlStats.counter("fetcher.pages").increment();

        assertEquals(0, CrawlStats.sum("parser.pages"));
        assertEquals(1, CrawlStats.sum("fetcher.pages"));
        assertEquals(3, CrawlStats.sum("spout.inflight."));
    }
}
