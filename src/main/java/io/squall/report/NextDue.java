package io.squall.report;

import io.squall.config.Durations;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * When the next URL that is not due yet becomes due, and how long that is from when it was read: what an idle
 * crawl waits for, or, once it ended, when it could have gone on.
 *
 * @param at the URL's next fetch date, to the second
 * @param in the time from the reading to then (never negative)
 */
public record NextDue(Instant at, Duration in) {

    public static NextDue of(Instant at, Instant now) {
        Duration in = Duration.between(now, at);
        return new NextDue(at.truncatedTo(ChronoUnit.SECONDS), in.isNegative() ? Duration.ZERO : in);
    }

    /** {@code 42s}, {@code 23h59m00s}: as the progress line and the summary write times. */
    public String inText() {
        return Durations.format(in);
    }
}
