package io.squall.storm;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import io.squall.metrics.MetricKinds;
import java.util.function.LongConsumer;
import org.apache.storm.task.TopologyContext;

/**
 * Registers a task's gauges and histograms with Storm, only under the names {@link MetricKinds} declares:
 * the metrics index tells counters (whose increase it writes) from levels by name alone, so an undeclared
 * one would be taken for a counter.
 */
public final class TaskGauges {
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private TaskGauges() {
    }

    /** @throws IllegalArgumentException for a name not in {@link MetricKinds#GAUGES} */
    public static void register(TopologyContext context, String name, Gauge<? extends Number> gauge) {
        if (!MetricKinds.GAUGES.contains(name)) {
            throw new IllegalArgumentException("gauge '" + name + "' is not declared in MetricKinds.GAUGES");
        }
        context.registerGauge(name, gauge);
    }

    /**
     * Registers a histogram of milliseconds and gives what records one. Storm's executor reports a histogram's
     * statistics (not its count) as nanoseconds turned into milliseconds, times 10^-6; a value is therefore
     * kept times 10^6, so that the metrics index holds the milliseconds recorded.
     *
     * @throws IllegalArgumentException for a name not in {@link MetricKinds#HISTOGRAMS}
     */
    public static LongConsumer registerMillisHistogram(TopologyContext context, String name) {
        if (!MetricKinds.HISTOGRAMS.contains(name)) {
            throw new IllegalArgumentException("histogram '" + name + "' is not declared in MetricKinds.HISTOGRAMS");
        }
        Histogram histogram = context.registerHistogram(name);
        return millis -> histogram.update(millis * NANOS_PER_MILLI);
    }
}
