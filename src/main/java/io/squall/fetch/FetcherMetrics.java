package io.squall.fetch;

import io.squall.metrics.CrawlStats;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fetcher's counters, per engine (for Storm's per-task metrics) and summed in {@link CrawlStats} (for
 * local mode's progress line): {@code fetcher.pages}, {@code fetcher.bytes}, {@code fetcher.errors},
 * {@code fetcher.status.<STATUS>}, {@code fetcher.http.<code>}, {@code fetcher.queue.timeouts},
 * {@code fetcher.rejected}, fetch and queue times.
 */
public final class FetcherMetrics {
    private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();
    final AtomicInteger activeThreads = new AtomicInteger();
    private final LongAdder fetchMillis = new LongAdder();
    private final LongAdder fetches = new LongAdder();
    private final LongAdder queueMillis = new LongAdder();
    private final LongAdder dequeued = new LongAdder();

    void count(String name, long n) {
        counters.computeIfAbsent(name, k -> new LongAdder()).add(n);
        CrawlStats.counter(name).add(n);
    }

    void fetchTime(long millis) {
        fetchMillis.add(millis);
        fetches.increment();
    }

    void queueTime(long millis) {
        queueMillis.add(millis);
        dequeued.increment();
    }

    public long counter(String name) {
        LongAdder a = counters.get(name);
        return a == null ? 0 : a.sum();
    }

    /** All counters of this engine, by name. */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> copy = new TreeMap<>();
        counters.forEach((k, v) -> copy.put(k, v.sum()));
        return copy;
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
