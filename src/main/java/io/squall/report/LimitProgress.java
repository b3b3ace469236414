package io.squall.report;

import io.squall.config.Durations;
import io.squall.local.StopPolicy;
import java.time.Duration;

/**
 * Progress toward a limit: its share done (0 to 100) and in words, {@code 27% of 5,000 pages, ETA 1m40s}; the
 * progress line and the console show it.
 */
public record LimitProgress(long percent, String text) {

    /**
     * Progress toward the limit that will stop the crawl first, or null without one. Toward --max-pages it
     * is the work done, the pages fetched, not the URLs handed out (the spout hands a host's queue many URLs
     * at once, which the fetcher then takes at the host's pace); its ETA is at the run's average pace: a pace
     * over a few seconds swings with the hosts' delays.
     */
    public static LimitProgress toward(ProgressSample now, StopPolicy limits) {
        LimitProgress pages = null;
        Duration pagesLeft = null;
        if (limits.maxPages() != null) {
            long max = limits.maxPages();
            long fetched = Math.min(now.fetched(), max);
            double pace = now.elapsed().toMillis() > 0 ? fetched * 1000.0 / now.elapsed().toMillis() : 0;
            pagesLeft = pace > 0 ? Duration.ofMillis(Math.round((max - fetched) * 1000.0 / pace)) : null;
            pages = progress(fetched, max, Counts.of(max) + " pages", pagesLeft);
        }
        if (limits.duration() == null) {
            return pages;
        }
        Duration timeLeft = limits.duration().minus(now.elapsed());
        timeLeft = timeLeft.isNegative() ? Duration.ZERO : timeLeft;
        if (pages != null && pagesLeft != null && pagesLeft.compareTo(timeLeft) < 0) {
            return pages;
        }
        return progress(now.elapsed().toMillis(), limits.duration().toMillis(), Durations.format(limits.duration()),
                timeLeft);
    }

    private static LimitProgress progress(long done, long of, String limit, Duration left) {
        long percent = of <= 0 ? 100 : Math.min(100, done * 100 / of);
        return new LimitProgress(percent, percent + "% of " + limit + eta(left));
    }

    private static String eta(Duration left) {
        return left == null ? "" : ", ETA " + Durations.format(left);
    }
}
