package io.squall.cli;

import java.util.Locale;

/** Formats the one-line progress report of a local crawl. */
final class ProgressLine {
    private ProgressLine() {
    }

    /**
     * The line for {@code now}; rates are over the interval since {@code before} (null: since the start).
     */
    static String format(ProgressSample now, ProgressSample before) {
        double pagesPerSecond = now.pagesPerSecondSince(before);
        double kbPerSecond = now.kbPerSecondSince(before);
        return String.format(Locale.ROOT,
                "%7s  fetched %s (%.1f/s, %s KB/s)  discovered %s  errors %s  due %s  in flight %s"
                        + "  threads %d/%d  queues %d",
                Durations.format(now.elapsed()), count(now.fetched()), pagesPerSecond, count(Math.round(kbPerSecond)),
                count(now.discovered()), count(now.errors()), count(now.due()), count(now.inFlight()),
                now.activeThreads(), now.threads(), now.queues());
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
