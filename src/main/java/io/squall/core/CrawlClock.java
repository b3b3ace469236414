package io.squall.core;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The one time source of the code that decides with time: politeness, back-off, the frontier's waits,
 * the writers' spacing, the schedulers, the timeouts. Each such class takes a clock in its constructor, so
 * that a test drives time by hand instead of sleeping; only the production wiring (a bolt's or a command's
 * start) calls {@link #system()}.
 *
 * <p>It is a {@link Clock}, for wall time (the dates written into documents), so a class that needs only
 * dates takes the standard type and a test may still give it {@link Clock#fixed}; and it adds
 * {@link #nanos()}, for elapsed time, because wall time may step when the machine's clock is set and a
 * delay measured across such a step would end too early or far too late. One type for both keeps the
 * wiring to one object per component instead of a clock and a ticker to keep in step.
 */
public abstract class CrawlClock extends Clock {
    private static final CrawlClock SYSTEM = new SystemClock();

    /** The machine's clocks: UTC wall time and {@link System#nanoTime()}. */
    public static CrawlClock system() {
        return SYSTEM;
    }

    /**
     * A monotonic reading in nanoseconds, for elapsed time only: its origin is arbitrary, so only the
     * difference of two readings of the same clock means something.
     */
    public abstract long nanos();

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** A crawl clock keeps to UTC: documents carry UTC dates, and elapsed time has no zone. */
    @Override
    public Clock withZone(ZoneId zone) {
        if (!ZoneOffset.UTC.equals(zone)) {
            throw new UnsupportedOperationException("a crawl clock keeps to UTC, not " + zone);
        }
        return this;
    }

    private static final class SystemClock extends CrawlClock {
        @Override
        public Instant instant() {
            return Instant.now();
        }

        @Override
        public long millis() {
            return System.currentTimeMillis();
        }

        @Override
        public long nanos() {
            return System.nanoTime();
        }

        @Override
        public String toString() {
            return "CrawlClock.system()";
        }
    }
}
