package io.squall.cli;

import io.squall.metrics.CrawlStats;

/**
 * The live figures local mode reads from the components running in its JVM ({@link CrawlStats}). The
 * names are the components' own; gauges are per task ({@code spout.inflight.<task>}) and summed here.
 */
final class LiveStats {
    static final String FETCHED = "fetcher.pages";
    static final String BYTES = "fetcher.bytes";
    static final String FETCH_ERRORS = "status.FETCH_ERROR";
    static final String ERRORS = "status.ERROR";
    static final String IN_FLIGHT = "spout.inflight.";
    static final String ACTIVE_THREADS = "fetcher.threads.active.";
    static final String QUEUES = "fetcher.queues.";

    private LiveStats() {
    }

    static long fetched() {
        return CrawlStats.sum(FETCHED);
    }

    static long bytes() {
        return CrawlStats.sum(BYTES);
    }

    static long errors() {
        return CrawlStats.sum(FETCH_ERRORS) + CrawlStats.sum(ERRORS);
    }

    static long inFlight() {
        return CrawlStats.sum(IN_FLIGHT);
    }

    static long activeThreads() {
        return CrawlStats.sum(ACTIVE_THREADS);
    }

    static long queues() {
        return CrawlStats.sum(QUEUES);
    }
}
