package io.squall.storm;

import com.codahale.metrics.Counter;
import io.squall.metrics.Counters;
import io.squall.metrics.MetricKinds;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;
import org.apache.storm.task.TopologyContext;

/**
 * The {@link Counters} a bolt or spout hands to its plain classes: Storm's own counters of this one task,
 * so they reach the metrics index (and local mode's progress line) under their names, per task.
 *
 * <p>A name is registered with the task's context when first counted, since some are known only then
 * ({@code fetcher.http.404}). Storm's registry refuses a name twice: the task must not also register a
 * gauge of a name counted here.
 */
public final class TaskCounters implements Counters {
    private final TopologyContext context;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, LongConsumer> histograms = new ConcurrentHashMap<>();

    public TaskCounters(TopologyContext context) {
        this.context = context;
    }

    @Override
    public void add(String name, long amount) {
        counters.computeIfAbsent(name, context::registerCounter).inc(amount);
    }

    /** @throws IllegalArgumentException for a histogram not declared in {@link MetricKinds#HISTOGRAMS} */
    @Override
    public void record(String name, long value) {
        histograms.computeIfAbsent(name, n -> TaskGauges.registerMillisHistogram(context, n)).accept(value);
    }
}
