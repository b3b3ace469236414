package io.squall.metrics;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Turns the metric values a Storm task reports into metrics-index documents: one document per number,
 * a map of numbers giving one document per entry ({@code name.key}). Left out: values that are not
 * numbers, numbers that are not finite (Storm reports NaN for some JVM memory pools, which OpenSearch
 * refuses), and Storm's metrics the {@link MetricSelection} does not keep.
 *
 * <p>Each document has {@code timestamp}, {@code stormId} (the topology's id: one per run of
 * {@code squall crawl}, one per submission on a cluster), {@code name}, {@code value} (a counter's total
 * since its task started, a gauge's level), {@code delta} (counters only: the increase since the task's
 * previous report, see {@link CounterDeltas}; absent when that report could not be read), {@code component},
 * {@code taskId} and {@code worker}. Ids are derived from task, name and time, so a re-sent batch overwrites
 * instead of doubling.
 */
public final class MetricDocuments {
    private final MetricSelection selection;
    private final CounterDeltas deltas;
    private final Consumer<String> warnings;

    /**
     * @param written  what the metrics indices already hold of this run, read when a task is first heard of
     * @param warnings told why a report got no increase (what was written of its task could not be read)
     */
    public MetricDocuments(MetricSelection selection, WrittenReports written, Consumer<String> warnings) {
        this.selection = selection;
        this.deltas = new CounterDeltas(written::lastReports);
        this.warnings = warnings;
    }

    /** A document and its id. */
    public record MetricDocument(String id, Map<String, Object> source) {
    }

    /** Which run, where and when a batch of values was measured. */
    public record Origin(String stormId, String worker, String component, int taskId, long timestampMillis) {
    }

    /** The documents of one report of a task: its values by name. */
    public List<MetricDocument> of(Origin origin, Map<String, Object> values) {
        Map<String, Double> numbers = numbers(values);
        List<MetricDocument> docs = new ArrayList<>(numbers.size());
        CounterDeltas.TaskReport counters = null;
        boolean countersRead = false;
        for (Map.Entry<String, Double> e : numbers.entrySet()) {
            String name = e.getKey();
            double value = e.getValue();
            if (!Double.isFinite(value) || !selection.keeps(origin.component(), name)) {
                continue;
            }
            Map<String, Object> source = new LinkedHashMap<>();
            source.put("timestamp", Instant.ofEpochMilli(origin.timestampMillis()).toString());
            source.put("stormId", origin.stormId());
            source.put("name", name);
            source.put("value", value);
            if (MetricKinds.isCounter(origin.component(), name)) {
                if (!countersRead) {
                    countersRead = true;
                    counters = counters(origin, numbers.get(MetricKinds.TASK_STARTED));
                }
                Double delta = counters == null ? null : counters.delta(name, value);
                if (delta != null) {
                    source.put("delta", delta);
                }
            }
            source.put("component", origin.component());
            source.put("taskId", origin.taskId());
            source.put("worker", origin.worker());
            String id = origin.component() + "-" + origin.taskId() + "-" + name + "-" + origin.timestampMillis();
            docs.add(new MetricDocument(id, source));
        }
        return docs;
    }

    private static Map<String, Double> numbers(Map<String, Object> values) {
        Map<String, Double> numbers = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            if (value instanceof Number number) {
                numbers.put(name, number.doubleValue());
            } else if (value instanceof Map<?, ?> map) {
                map.forEach((key, v) -> {
                    if (v instanceof Number number) {
                        numbers.put(name + "." + key, number.doubleValue());
                    }
                });
            }
        });
        return numbers;
    }

    private CounterDeltas.TaskReport counters(Origin origin, Double started) {
        try {
            return deltas.report(origin.worker(), origin.component(), origin.taskId(), origin.timestampMillis(),
                    started == null ? 0 : started.longValue());
        } catch (IOException | RuntimeException e) {
            warnings.accept("Counters of task " + origin.taskId() + " (" + origin.component() + ", " + origin.worker()
                    + ") written without their delta: their previous report could not be read: " + e);
            return null;
        }
    }
}
