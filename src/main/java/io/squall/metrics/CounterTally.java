package io.squall.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counters kept in memory, for work done outside the topology (the warm-up) and for tests. */
public final class CounterTally implements Counters {
    private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();

    @Override
    public void add(String name, long amount) {
        counters.computeIfAbsent(name, n -> new LongAdder()).add(amount);
    }

    /** The counter's value; zero if nothing was counted under that name. */
    public long get(String name) {
        LongAdder counter = counters.get(name);
        return counter == null ? 0 : counter.sum();
    }

    /** The sum of the counters whose name starts with the prefix, such as {@code urlfilter.rejected.}. */
    public long sumOf(String prefix) {
        long total = 0;
        for (Map.Entry<String, LongAdder> e : counters.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                total += e.getValue().sum();
            }
        }
        return total;
    }
}
