package io.squall.fetch;

import io.squall.metrics.Counters;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fetcher's figures: counters go to the {@link Counters} the engine was given ({@code fetcher.pages},
 * {@code fetcher.bytes}, {@code fetcher.errors}, {@code fetcher.status.<STATUS>}, {@code fetcher.http.<code>},
 * {@code fetcher.exceptions.<cause>}, {@code fetcher.queue.timeouts}, {@code fetcher.rejected},
 * {@code fetcher.robots}) and each fetch's time to its histogram ({@code fetcher.fetch.ms}); busy threads
 * and mean fetch and queue times since start are kept here, for gauges.
 */
public final class FetcherMetrics {
    private final Counters counters;
    final AtomicInteger activeThreads = new AtomicInteger();
    private final LongAdder fetchMillis = new LongAdder();
    private final LongAdder fetches = new LongAdder();
    private final LongAdder queueMillis = new LongAdder();
    private final LongAdder dequeued = new LongAdder();

    FetcherMetrics(Counters counters) {
        this.counters = counters;
    }

    void count(String name, long n) {
        counters.add(name, n);
    }

    void fetchTime(long millis) {
        counters.record("fetcher.fetch.ms", millis);
        fetchMillis.add(millis);
        fetches.increment();
    }

    void queueTime(long millis) {
        queueMillis.add(millis);
        dequeued.increment();
    }

    public int activeThreads() {
        return activeThreads.get();
    }

    /** Mean time of a fetch since start, in milliseconds. */
    public long meanFetchMillis() {
        long n = fetches.sum();
        return n == 0 ? 0 : fetchMillis.sum() / n;
    }

    /** Mean time a URL waited in its queue since start, in milliseconds. */
    public long meanQueueMillis() {
        long n = dequeued.sum();
        return n == 0 ? 0 : queueMillis.sum() / n;
    }
}
