package io.squall.frontier;

import com.codahale.metrics.Gauge;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code spout.idle} gauge: 1 when the spout task's part of the frontier ran dry, as every metrics
 * reporter reads it, and, for a reader in the worker's own JVM (local mode, which finds it in the worker's
 * metrics registry), a way to wake the spout when new URLs were written that it would not hear of (seeds
 * from the console or {@code squall inject}, other tasks' outlinks): the spout then searches for them at
 * once instead of at its next periodic search ({@code spout.max.delay.idle}).
 */
public final class IdleGauge implements Gauge<Integer> {
    private final AtomicBoolean wakeRequested = new AtomicBoolean();
    private volatile boolean idle;

    @Override
    public Integer getValue() {
        return idle ? 1 : 0;
    }

    /** New URLs were written: the spout searches for them at its next call. Any thread. */
    public void wake() {
        wakeRequested.set(true);
    }

    /** Whether a wake-up was asked for since the last call (the spout thread). */
    public boolean takeWake() {
        return wakeRequested.getAndSet(false);
    }

    /** Set by the spout task at each of its calls. */
    public void set(boolean isIdle) {
        this.idle = isIdle;
    }
}
