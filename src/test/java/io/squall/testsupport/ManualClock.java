package io.squall.testsupport;

import io.squall.core.CrawlClock;
import java.time.Duration;
import java.time.Instant;

/**
 * A clock that moves only when a test advances it: wall time and elapsed time move together, so a test
 * checks a delay to the nanosecond without sleeping. Safe to read from any thread.
 */
public final class ManualClock extends CrawlClock {
    private volatile Instant instant;
    private volatile long nanos;

    /** Starts at {@code start}; its elapsed-time reading starts at an arbitrary value, as the system's does. */
    public ManualClock(Instant start) {
        this.instant = start;
        this.nanos = 1_000_000_000_000L;
    }

    public ManualClock() {
        this(Instant.parse("2024-01-01T00:00:00Z"));
    }

    public synchronized ManualClock advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("a clock does not go back: " + by);
        }
        instant = instant.plus(by);
        nanos += by.toNanos();
        return this;
    }

    public ManualClock advanceNanos(long by) {
        return advance(Duration.ofNanos(by));
    }

    @Override
    public Instant instant() {
        return instant;
    }

    @Override
    public long nanos() {
        return nanos;
    }

    @Override
    public String toString() {
        return "ManualClock(" + instant + ")";
    }
}
