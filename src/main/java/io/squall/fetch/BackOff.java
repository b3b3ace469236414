package io.squall.fetch;

import io.squall.config.CrawlerConfig;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * How long a queue is blocked after its server asked Squall to slow down (429, 503). A {@code Retry-After}
 * in seconds or as an HTTP date is obeyed up to {@code fetcher.max.retry.after}; without one the block
 * grows exponentially from {@code fetcher.backoff.initial} to {@code fetcher.backoff.max}, with ±20% jitter
 * so that queues do not wake in step, and is forgiven after {@code fetcher.backoff.quiet} seconds
 * without throttling. One policy is shared by all queues; each queue keeps its {@link State}.
 */
public final class BackOff {
    private final long initialNanos;
    private final long maxNanos;
    private final long maxRetryAfterNanos;
    private final long quietNanos;

    /** A queue's back-off level and when it was last throttled. Guarded by the queues' lock. */
    static final class State {
        int level;
        long lastThrottledNanos;
    }

    public BackOff(CrawlerConfig config) {
        this(config.getDuration("fetcher.backoff.initial"), config.getDuration("fetcher.backoff.max"),
                config.getDuration("fetcher.max.retry.after"), config.getDuration("fetcher.backoff.quiet"));
    }

    BackOff(Duration initial, Duration max, Duration maxRetryAfter, Duration quiet) {
        this.initialNanos = initial.toNanos();
        this.maxNanos = max.toNanos();
        this.maxRetryAfterNanos = maxRetryAfter.toNanos();
        this.quietNanos = quiet.toNanos();
    }

    /** How long a queue's troubles (back-off level, exceptions) are remembered after its last turn. */
    long quietNanos() {
        return quietNanos;
    }

    /**
     * The block after a throttling answer.
     *
     * @param retryAfter the Retry-After header, or null
     * @param now the queues' clock, {@link io.squall.core.CrawlClock#nanos()}
     * @param wallClock the current time, to read an HTTP-date
     */
    long blockNanos(State state, String retryAfter, long now, ZonedDateTime wallClock) {
        if (state.level > 0 && now - state.lastThrottledNanos > quietNanos) {
            state.level = 0;
        }
        state.lastThrottledNanos = now;
        long asked = parseRetryAfter(retryAfter, wallClock);
        if (asked >= 0) {
            return Math.min(asked, maxRetryAfterNanos);
        }
        state.level = Math.min(state.level + 1, 30);
        long base = initialNanos;
        for (int i = 1; i < state.level && base < maxNanos; i++) {
            base *= 2;
        }
        base = Math.min(base, maxNanos);
        double jitter = 0.8 + 0.4 * ThreadLocalRandom.current().nextDouble();
        return (long) (base * jitter);
    }

    /** Retry-After as nanoseconds from now, or -1 when absent or unreadable. */
    static long parseRetryAfter(String value, ZonedDateTime now) {
        if (value == null || value.isBlank()) {
            return -1;
        }
        String v = value.trim();
        try {
            long s = Long.parseLong(v);
            return s < 0 ? -1 : TimeUnit.SECONDS.toNanos(s);
        } catch (NumberFormatException e) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                return Math.max(0, Duration.between(now, when).toNanos());
            } catch (DateTimeParseException notADate) {
                return -1;
            }
        }
    }
}
