package io.squall.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the metric values a Storm task reports into metrics-index documents: one document per number,
 * a map of numbers giving one document per entry ({@code name.key}). Left out: values that are not
 * numbers, numbers that are not finite (Storm reports NaN for some JVM memory pools, which OpenSearch
 * refuses), and Storm's metrics the {@link MetricSelection} does not keep.
 *
 * <p>Each document has {@code timestamp}, {@code stormId} (the topology's id: one per run of
 * {@code squall crawl}, one per submission on a cluster), {@code name}, {@code value} (a counter's total
 * since its task started, a gauge's level), {@code delta} (counters only: the increase since the task's
 * previous report), {@code component}, {@code taskId} and {@code worker}. Ids are derived from task, name
 * and time, so a re-sent batch overwrites instead of doubling.
 */
public final class MetricDocuments {
    private final MetricSelection selection;
    private final CounterDeltas deltas = new CounterDeltas();

    public MetricDocuments(MetricSelection selection) {
        this.selection = selection;
    }

    /** A document and its id. */
    public record MetricDocument(String id, Map<String, Object> source) {
    }

    /** Which run, where and when a batch of values was measured. */
    public record Origin(String stormId, String worker, String component, int taskId, long timestampMillis) {
    }

    public List<MetricDocument> of(Origin origin, String name, Object value) {
        List<MetricDocument> docs = new ArrayList<>(1);
        if (value instanceof Number number) {
            add(docs, origin, name, number);
        } else if (value instanceof Map<?, ?> map) {
            map.forEach((key, v) -> {
                if (v instanceof Number number) {
                    add(docs, origin, name + "." + key, number);
                }
            });
        }
        return docs;
    }

    private void add(List<MetricDocument> docs, Origin origin, String name, Number number) {
        double value = number.doubleValue();
        if (!Double.isFinite(value) || !selection.keeps(origin.component(), name)) {
            return;
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("timestamp", Instant.ofEpochMilli(origin.timestampMillis()).toString());
        source.put("stormId", origin.stormId());
        source.put("name", name);
        source.put("value", value);
        if (MetricKinds.isCounter(origin.component(), name)) {
            source.put("delta", deltas.delta(origin.worker(), origin.component(), origin.taskId(), name,
                    origin.timestampMillis(), value));
        }
        source.put("component", origin.component());
        source.put("taskId", origin.taskId());
        source.put("worker", origin.worker());
        String id = origin.component() + "-" + origin.taskId() + "-" + name + "-" + origin.timestampMillis();
        docs.add(new MetricDocument(id, source));
    }
}
