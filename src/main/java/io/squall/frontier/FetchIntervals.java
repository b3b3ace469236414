package io.squall.frontier;

import io.squall.config.Durations;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A URL's own interval between fetches, its metadata {@code fetchInterval}: a number of minutes, as it
 * has always been (negative: never again), or a duration such as {@code 30s}, {@code 90m} or {@code 1h30m},
 * for intervals a whole minute cannot express (a re-crawl every few seconds, in a test or on a page that
 * changes that often).
 */
public final class FetchIntervals {
    private static final Duration LONGEST = Duration.ofDays(36_500);

    private FetchIntervals() {
    }

    /**
     * @return the interval, or empty for never
     * @throws IllegalArgumentException saying what is expected, when the value is neither
     */
    public static Optional<Duration> parse(String value) {
        String s = value.strip();
        if (s.matches("-?\\d{1,9}")) {
            long minutes = Long.parseLong(s);
            return minutes < 0 ? Optional.empty() : Optional.of(Duration.ofMinutes(minutes));
        }
        Duration interval;
        try {
            interval = Durations.parse(s, ChronoUnit.MINUTES); // 1.5: minutes, as a whole number is
        } catch (IllegalArgumentException e) {
            interval = null;
        }
        // A date centuries ahead could not be stored: such an interval is a mistake.
        if (interval == null || interval.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("fetchInterval expects minutes (1440, -1 for never) or a duration"
                    + " such as 30s or 1h30m, up to " + LONGEST.toDays() + " days, got '" + value + "'");
        }
        return Optional.of(interval);
    }
}
