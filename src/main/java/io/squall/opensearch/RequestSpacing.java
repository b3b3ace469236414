package io.squall.opensearch;

import java.util.concurrent.TimeUnit;

/**
 * When a writer's next partial batch may leave: at least {@code spacing} after its last request, at once
 * after a quiet spell. Times are {@link io.squall.core.CrawlClock#nanos()} readings; safe to read from any thread.
 */
final class RequestSpacing {
    private final long spacingNanos;
    private volatile long lastSentNanos;

    /** A writer that has sent nothing yet: its first batch may leave at once. */
    RequestSpacing(long spacingMillis, long nowNanos) {
        this.spacingNanos = TimeUnit.MILLISECONDS.toNanos(spacingMillis);
        this.lastSentNanos = nowNanos - spacingNanos;
    }

    /** A request left. */
    void sent(long nowNanos) {
        lastSentNanos = nowNanos;
    }

    /** Milliseconds until the next partial batch may leave, rounded up; 0 once the spacing has passed. */
    long waitMillis(long nowNanos) {
        long left = spacingNanos - (nowNanos - lastSentNanos);
        return left <= 0 ? 0 : (left + 999_999) / 1_000_000;
    }
}
