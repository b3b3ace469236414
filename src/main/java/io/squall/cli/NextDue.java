package io.squall.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * When the next URL that is not due yet becomes due, and how long that is from when it was read: what an idle
 * crawl waits for, or, once it ended, when it could have gone on.
 *
 * @param at the URL's next fetch date, to the second
 * @param in the time from the reading to then (never negative)
 */
record NextDue(Instant at, Duration in) {

    static NextDue of(Instant at, Instant now) {
        Duration in = Duration.between(now, at);
        return new NextDue(at.truncatedTo(ChronoUnit.SECONDS), in.isNegative() ? Duration.ZERO : in);
    }

    /** {@code 42 s}, {@code 3 min 05 s}, {@code 23 h 59 min}, {@code 2 d 3 h}: two units at most, rounded down. */
    String inWords() {
        long s = in.toSeconds();
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        if (s < 86_400) {
            return String.format(Locale.ROOT, "%d h %d min", s / 3600, (s % 3600) / 60);
        }
        return String.format(Locale.ROOT, "%d d %d h", s / 86_400, (s % 86_400) / 3600);
    }
}
