package io.squall.cli;

import io.squall.metrics.CrawlStats;

/**
 * The live figures local mode reads from the components running in its JVM ({@link CrawlStats}). The
 * names are the components' own; gauges are per task ({@code spout.inflight.<task>}) and summed here.
 */
final class LiveStats {
    static final String FETCHED = "fetcher.pages";
    static final String BYTES = "fetcher.bytes";
    // Outcomes written to the status index (by the fetcher's, the parser's or the indexer's decision).
    static final String FETCH_ERRORS = "status.FETCH_ERROR";
    static final String ERRORS = "status.ERROR";
    static final String IN_FLIGHT = "spout.inflight.";
    // Fetcher gauges are named fetcher.task<N>.<gauge>.
    static final String FETCHER_TASK = "fetcher.task";
    static final String ACTIVE_THREADS = ".active.threads";
    static final String QUEUES = ".queues";

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
        return sumOfTasks(FETCHER_TASK, ACTIVE_THREADS);
    }

    static long queues() {
        return sumOfTasks(FETCHER_TASK, QUEUES);
    }

    /** Sums the gauges named prefix + task number + suffix (not "urls.in.queues" for ".queues"). */
    private static long sumOfTasks(String prefix, String suffix) {
        long total = 0;
        for (var e : CrawlStats.snapshot().entrySet()) {
            String name = e.getKey();
            if (name.length() > prefix.length() + suffix.length() && name.startsWith(prefix) && name.endsWith(suffix)
                    && name.substring(prefix.length(), name.length() - suffix.length()).chars().allMatch(Character::isDigit)) {
                total += e.getValue();
            }
        }
        return total;
    }
}
