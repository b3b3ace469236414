package io.squall.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the metric values a Storm task reports into metrics-index documents: one document per number,
 * a map of numbers giving one document per entry ({@code name.key}). Values that are not numbers are left
 * out. Ids are derived from task, name and time, so a re-sent batch overwrites instead of doubling.
 */
public final class MetricDocuments {
    private MetricDocuments() {
    }

    /** A document and its id. */
    public record MetricDocument(String id, Map<String, Object> source) {
    }

    /** Where and when a batch of values was measured. */
    public record Origin(String worker, String component, int taskId, long timestampMillis) {
    }

    public static List<MetricDocument> of(Origin origin, String name, Object value) {
        List<MetricDocument> docs = new ArrayList<>(1);
        if (value instanceof Number number) {
            docs.add(document(origin, name, number));
        } else if (value instanceof Map<?, ?> map) {
            map.forEach((key, v) -> {
                if (v instanceof Number number) {
                    docs.add(document(origin, name + "." + key, number));
                }
            });
        }
        return docs;
    }

    private static MetricDocument document(Origin origin, String name, Number value) {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("timestamp", Instant.ofEpochMilli(origin.timestampMillis()).toString());
        source.put("name", name);
        source.put("value", value.doubleValue());
        source.put("component", origin.component());
        source.put("taskId", origin.taskId());
        source.put("worker", origin.worker());
        String id = origin.component() + "-" + origin.taskId() + "-" + name + "-" + origin.timestampMillis();
        return new MetricDocument(id, source);
    }
}
