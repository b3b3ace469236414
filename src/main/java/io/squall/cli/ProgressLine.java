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
        double seconds = (now.elapsed().toMillis() - (before == null ? 0 : before.elapsed().toMillis())) / 1000.0;
        long pages = now.fetched() - (before == null ? 0 : before.fetched());
        long bytes = now.bytes() - (before == null ? 0 : before.bytes());
        double pagesPerSecond = seconds > 0 ? pages / seconds : 0;
        double kbPerSecond = seconds > 0 ? bytes / 1024.0 / seconds : 0;
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
