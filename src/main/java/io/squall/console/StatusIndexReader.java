package io.squall.console;

import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.opensearch.SquallIndex;
import io.squall.opensearch.StatusReads;
import io.squall.report.CrawlSummary;
import io.squall.report.FreshnessFigures;
import io.squall.report.FreshnessReport;
import java.time.Instant;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.aggregations.Aggregate;
import org.opensearch.client.opensearch._types.aggregations.StringTermsBucket;
import org.opensearch.client.opensearch.core.SearchResponse;

/**
 * Reads what local mode shows from the status index: the due count, when the next URL is due, and counts by
 * status, host and error.
 */
public final class StatusIndexReader {
    private final OpenSearchClient client;

    private final String index;
    private final StatusIndexView view;

    public StatusIndexReader(OpenSearchClient client, CrawlerConfig config) {
        this.client = client;
        this.index = SquallIndex.STATUS.name(config);
        this.view = new StatusIndexView(client, index);
    }

    /** Makes every confirmed write visible to the counts now, not at the index's next periodic refresh. */
    public void refresh() {
        call(() -> client.indices().refresh(r -> r.index(index)));
    }

    /**
     * Asks the node whether it is there, reading no index: while nothing changes the counts, the progress
     * still says when OpenSearch is away.
     */
    public void ping() {
        call(() -> client.ping());
    }

    /** URLs whose next fetch date has come (in flight or not). */
    public long countDue() {
        return call(() -> client.count(c -> c.index(index)
                .query(q -> q.range(r -> r.field("nextFetchDate").lte(JsonData.of("now")))))).count();
    }

    /** When the next URL that is not due yet becomes due, empty when none will: the cluster console's search. */
    public Optional<Instant> nextDue() {
        return Optional.ofNullable(view.nextDue(Instant.now()));
    }

    public long countAll() {
        return call(() -> client.count(c -> c.index(index))).count();
    }

    /** Documents per status, every status present. */
    public Map<String, Long> countByStatus() {
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .aggregations("status", a -> a.terms(t -> t.field("status").size(Status.values().length))),
                Void.class));
        return byStatus(response);
    }

    public CrawlSummary.StatusReport report(int top) {
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .trackTotalHits(t -> t.enabled(true))
                .aggregations("status", a -> a.terms(t -> t.field("status").size(Status.values().length)))
                .aggregations("hosts", a -> a.terms(t -> t.field("key").size(top)))
                .aggregations("failed", a -> a
                        .filter(f -> f.terms(t -> t.field("status").terms(v -> v.value(List.of(
                                FieldValue.of(Status.FETCH_ERROR.name()), FieldValue.of(Status.ERROR.name()))))))
                        .aggregations("causes", c -> c.terms(t -> t.field("metadata." + MetadataKeys.ERROR_CAUSE)
                                        .size(top))
                                .aggregations("hosts", h -> h.cardinality(n -> n.field("key")))))
                .aggregations("freshness", FreshnessFigures.aggregation(top)),
                Void.class));
        Map<String, Long> byStatus = byStatus(response);
        long total = response.hits().total() == null ? 0 : response.hits().total().value();
        return new CrawlSummary.StatusReport(index, total, byStatus,
                buckets(response.aggregations().get("hosts")),
                causes(response.aggregations().get("failed").filter().aggregations().get("causes")),
                new FreshnessReport(FreshnessFigures.from(response.aggregations().get("freshness"))));
    }

    private static Map<String, Long> byStatus(SearchResponse<Void> response) {
        Map<String, Long> byStatus = new LinkedHashMap<>();
        for (Status status : Status.values()) {
            byStatus.put(status.name(), 0L);
        }
        buckets(response.aggregations().get("status")).forEach(e -> byStatus.put(e.getKey(), e.getValue()));
        return byStatus;
    }

    private static List<Map.Entry<String, Long>> buckets(Aggregate aggregate) {
        List<Map.Entry<String, Long>> result = new ArrayList<>();
        if (aggregate == null || !aggregate.isSterms()) {
            return result; // an index without any such field yet answers with an unmapped aggregate
        }
        for (StringTermsBucket bucket : aggregate.sterms().buckets().array()) {
            result.add(new AbstractMap.SimpleImmutableEntry<>(bucket.key(), bucket.docCount()));
        }
        return result;
    }

    private static List<CrawlSummary.Cause> causes(Aggregate aggregate) {
        List<CrawlSummary.Cause> result = new ArrayList<>();
        if (aggregate == null || !aggregate.isSterms()) {
            return result;
        }
        for (StringTermsBucket bucket : aggregate.sterms().buckets().array()) {
            Aggregate hosts = bucket.aggregations().get("hosts");
            result.add(new CrawlSummary.Cause(bucket.key(), bucket.docCount(),
                    hosts == null ? 0 : hosts.cardinality().value()));
        }
        return result;
    }

    private <T> T call(StatusReads.Read<T> read) {
        return StatusReads.read(index, read);
    }
}
