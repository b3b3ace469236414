package io.squall.storm;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import io.squall.metrics.MetricKinds;
import org.apache.storm.task.TopologyContext;

/**
 * Registers a task's gauges and histograms with Storm, only under the names {@link MetricKinds} declares:
 * the metrics index tells counters (whose increase it writes) from levels by name alone, so an undeclared
 * one would be taken for a counter.
 */
public final class TaskGauges {
    private TaskGauges() {
    }

    /** @throws IllegalArgumentException for a name not in {@link MetricKinds#GAUGES} */
    public static void register(TopologyContext context, String name, Gauge<? extends Number> gauge) {
        if (!MetricKinds.GAUGES.contains(name)) {
            throw new IllegalArgumentException("gauge '" + name + "' is not declared in MetricKinds.GAUGES");
        }
        context.registerGauge(name, gauge);
    }

    /** @throws IllegalArgumentException for a name not in {@link MetricKinds#HISTOGRAMS} */
    public static Histogram registerHistogram(TopologyContext context, String name) {
        if (!MetricKinds.HISTOGRAMS.contains(name)) {
            throw new IllegalArgumentException("histogram '" + name + "' is not declared in MetricKinds.HISTOGRAMS");
        }
        return context.registerHistogram(name);
    }
}
