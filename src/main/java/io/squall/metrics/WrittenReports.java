package io.squall.metrics;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * What the metrics indices hold of one run's tasks: each metric's last document of a task, found by one
 * search (the newest document per name), for the metrics consumer to go on from what an earlier consumer of
 * the run wrote. The search sees every document written a second before it or earlier (it refreshes a
 * search-idle shard first; others refresh every second), and a consumer starts again many seconds after
 * the one it replaces died.
 */
public final class WrittenReports {
    /** More names than a task reports, and no more than a search returns by default. */
    private static final int MAX_NAMES = 10_000;

    private final OpenSearchClient client;
    private final String indexPattern;
    private final String stormId;

    /** @param indexPattern the metrics indices of every day, such as {@code metrics-*} */
    public WrittenReports(OpenSearchClient client, String indexPattern, String stormId) {
        this.client = client;
        this.indexPattern = indexPattern;
        this.stormId = stormId;
    }

    @SuppressWarnings("rawtypes")
    Map<String, CounterDeltas.Report> lastReports(String worker, String component, int taskId) throws IOException {
        var response = client.search(s -> s.index(indexPattern).size(MAX_NAMES)
                .query(q -> q.bool(b -> b.filter(term("stormId", FieldValue.of(stormId)),
                        term("worker", FieldValue.of(worker)), term("component", FieldValue.of(component)),
                        term("taskId", FieldValue.of(taskId)))))
                .sort(o -> o.field(f -> f.field("timestamp").order(SortOrder.Desc)))
                .collapse(c -> c.field("name")), Map.class);
        Map<String, CounterDeltas.Report> reports = new HashMap<>();
        for (Hit<Map> hit : response.hits().hits()) {
            Map source = hit.source();
            Object delta = source.get("delta");
            reports.put((String) source.get("name"), new CounterDeltas.Report(
                    Instant.parse((String) source.get("timestamp")).toEpochMilli(),
                    ((Number) source.get("value")).doubleValue(),
                    delta instanceof Number number ? number.doubleValue() : null));
        }
        return reports;
    }

    private static Query term(String field, FieldValue value) {
        return Query.of(q -> q.term(t -> t.field(field).value(value)));
    }
}
