package io.squall.metrics;

/**
 * Where a plain class counts what it does, by metric name ({@code parser.pages}, {@code status.failed},
 * {@code urlfilter.rejected.<filter>}...). A class is handed its counters and never reaches for them: in the
 * topology every task gets its own, backed by Storm's per-task metrics, so that two tasks in one worker never
 * count into each other; the warm-up and the tests keep theirs in a {@link CounterTally}.
 *
 * <p>Implementations are thread-safe: fetch threads and OpenSearch's I/O threads count too.
 */
@FunctionalInterface
public interface Counters {
    /** For the command-line tools (injection, {@code squall urls}, {@code squall parse}), which report no metrics. */
    Counters NONE = (name, amount) -> { };

    /** Adds {@code amount} to the counter of that name, which starts at zero. */
    void add(String name, long amount);

    default void increment(String name) {
        add(name, 1);
    }

    /**
     * Adds a measurement (such as a fetch's milliseconds) to the histogram of that name, one of
     * {@link MetricKinds#HISTOGRAMS}. Only the topology keeps histograms; elsewhere this does nothing.
     */
    default void record(String name, long value) {
    }
}
