package io.squall.metrics;

import java.util.Set;

/**
 * What a metric's component and name say about it: whether it is Squall's own or Storm's, and whether it
 * is a counter (a total since its task started, for which the metrics index also gets the increase since
 * the previous report) or a level measured now (a gauge, or a statistic of a histogram's recent values).
 *
 * <p>Storm's own metrics are those of its system components ({@code __system}, {@code __acker}...) and,
 * in the tasks of Squall's components, those Storm keeps for every task ({@code __emit-count-default},
 * {@code __capacity}, {@code receive-queue-population}...); everything else a Squall component reports is
 * Squall's, whatever its name, so that a new metric reaches the index without being listed anywhere.
 *
 * <p>The gauges and histograms are declared here, and the topology registers no other
 * ({@code io.squall.storm.TaskGauges}, {@code TaskCounters}): the metrics consumer, which may run in
 * another worker than the task that measured, has nothing but the name to tell them from counters.
 */
public final class MetricKinds {
    /**
     * A gauge of every task: when that instance of the task started (epoch milliseconds), so that a task
     * started again is told from one that kept running.
     */
    public static final String TASK_STARTED = "task.started";

    /** Squall's gauges: levels read when reported. */
    public static final Set<String> GAUGES = Set.of(TASK_STARTED,
            "spout.inflight", "spout.idle", "spout.budget.used", "spout.budget.setaside",
            "fetcher.active.threads", "fetcher.queues", "fetcher.urls.in.queues", "fetcher.blocked.queues",
            "fetcher.mean.fetch.ms", "fetcher.mean.queue.ms",
            "status.buffered", "indexer.buffered",
            "freshness.expected", "freshness.age.seconds", "freshness.pages");

    /**
     * Squall's histograms of recent values (milliseconds). Storm reports each as {@code NAME.count} (a
     * counter) and {@code NAME.mean}, {@code NAME.p95}... (statistics of about the last five minutes).
     */
    public static final Set<String> HISTOGRAMS = Set.of("spout.search.ms", "fetcher.fetch.ms");

    private static final Set<String> HISTOGRAM_STATISTICS =
            Set.of("min", "max", "mean", "stddev", "p50", "p75", "p95", "p98", "p99", "p999");

    private MetricKinds() {
    }

    /** Whether the metric, reported by a task of that component, is Squall's, not one of Storm's own. */
    public static boolean isSquall(String component, String name) {
        return !component.startsWith("__") && !name.startsWith("__") && !name.startsWith("receive-queue-");
    }

    /** Whether the metric is one of Squall's counters: a total since its task started. */
    public static boolean isCounter(String component, String name) {
        return isSquall(component, name) && !GAUGES.contains(name) && !isHistogramStatistic(name);
    }

    private static boolean isHistogramStatistic(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 && HISTOGRAMS.contains(name.substring(0, dot))
                && HISTOGRAM_STATISTICS.contains(name.substring(dot + 1));
    }
}
