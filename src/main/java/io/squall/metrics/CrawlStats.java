package io.squall.metrics;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Live counters and gauges of the components running in this JVM, read by local mode's progress line
 * and summary. Components also report to Storm's metrics; this registry exists because a Storm
 * cluster's metrics are not readable from inside the process that runs a local crawl.
 *
 * <p>Names are dotted, owner first: {@code fetcher.pages}, {@code spout.inflight}, {@code status.FETCHED}.
 */
public final class CrawlStats {
    private static final Map<String, LongAdder> COUNTERS = new ConcurrentHashMap<>();
    private static final Map<String, LongSupplier> GAUGES = new ConcurrentHashMap<>();

    private CrawlStats() {
    }

    /** The counter of that name, created at zero on first use. */
    public static LongAdder counter(String name) {
        return COUNTERS.computeIfAbsent(name, n -> new LongAdder());
    }

    /** Registers (or replaces) a gauge; with several tasks in one JVM, name it per task. */
    public static void gauge(String name, LongSupplier value) {
        GAUGES.put(name, value);
    }

    public static void removeGauge(String name) {
        GAUGES.remove(name);
    }

    /** A copy of every counter and gauge value, sorted by name. */
    public static SortedMap<String, Long> snapshot() {
        SortedMap<String, Long> values = new TreeMap<>();
        COUNTERS.forEach((n, c) -> values.put(n, c.sum()));
        GAUGES.forEach((n, g) -> values.put(n, g.getAsLong()));
        return values;
    }

    /** The sum of all counters and gauges whose name starts with the prefix (tasks of one component). */
    public static long sum(String prefix) {
        long total = 0;
        for (Map.Entry<String, Long> e : snapshot().entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                total += e.getValue();
            }
        }
        return total;
    }

    /** Zeroes every counter and keeps the gauges, which the running components registered. */
    public static void clearCounters() {
        COUNTERS.clear();
    }

    /** Forgets everything: between two crawls in one JVM (tests, local mode). */
    public static void reset() {
        COUNTERS.clear();
        GAUGES.clear();
    }
}
