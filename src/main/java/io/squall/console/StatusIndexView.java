package io.squall.console;

import io.squall.api.Status;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.frontier.StatusWriter;
import io.squall.opensearch.StatusReads;
import io.squall.report.FreshnessFigures;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.Aggregate;
import org.opensearch.client.opensearch._types.aggregations.DateHistogramBucket;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.GetResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * What the console reads from the status index besides the counts: the latest errors, one URL's document, and,
 * for a crawl that runs elsewhere (a Storm cluster), the crawl's rates now and over time and when the next URL is due.
 * Every read is one request, at the page's pace (every few seconds), never per URL.
 */
public final class StatusIndexView {
    private static final String PROCESSED = StatusWriter.PROCESSED;
    private static final List<FieldValue> FAILED = List.of(FieldValue.of(Status.FETCH_ERROR.name()),
            FieldValue.of(Status.ERROR.name()));
    /** Mapped as a number (es-conf/status.json), so that it can be summed. */
    private static final String BYTES_FIELD = "metadata." + MetadataKeys.FETCH_BYTE_LENGTH;

    private final OpenSearchClient client;
    private final String index;

    public StatusIndexView(OpenSearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    /** How fresh the crawl's copy is expected to be, with the {@code top} least fresh hosts: one aggregation. */
    public FreshnessFigures freshness(int top) {
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .aggregations("freshness", FreshnessFigures.aggregation(top)), Void.class));
        return FreshnessFigures.from(response.aggregations().get("freshness"));
    }

    /** The latest FETCH_ERROR and ERROR outcomes, newest first: URL, status, cause, message, HTTP code, time. */
    public List<Map<String, Object>> recentErrors(int size) {
        SearchResponse<Map> response = call(() -> client.search(s -> s.index(index).size(size)
                .query(failed())
                .sort(o -> o.field(f -> f.field(PROCESSED).order(SortOrder.Desc).unmappedType(
                        org.opensearch.client.opensearch._types.mapping.FieldType.Date))), Map.class));
        List<Map<String, Object>> errors = new ArrayList<>();
        for (Hit<Map> hit : response.hits().hits()) {
            Map<?, ?> source = hit.source();
            Map<?, ?> metadata = source.get("metadata") instanceof Map<?, ?> m ? m : Map.of();
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("time", source.get(PROCESSED));
            error.put("url", source.get("url"));
            error.put("status", source.get("status"));
            error.put("cause", first(metadata.get(MetadataKeys.ERROR_CAUSE)));
            error.put("message", first(metadata.get(MetadataKeys.ERROR_MESSAGE)));
            error.put("httpCode", first(metadata.get(MetadataKeys.FETCH_STATUS_CODE)));
            errors.add(error);
        }
        return errors;
    }

    /** The status document of a normalized URL, or null when it was never stored. */
    public Map<String, Object> document(String url) {
        GetResponse<Map> response = call(() -> client.get(g -> g.index(index).id(UrlId.of(url)), Map.class));
        @SuppressWarnings("unchecked")
        Map<String, Object> source = response.found() ? response.source() : null;
        return source;
    }

    /**
     * Pages, kilobytes and errors per second since {@code since}, in at most about {@code points} steps, from
     * each document's last update: a URL fetched twice counts at its latest fetch only.
     *
     * @return the points, each at the end of its step, in seconds since {@code since}
     */
    public List<Map<String, Object>> rates(Instant since, Instant now, int points) {
        long stepSeconds = Math.max(5, Duration.between(since, now).toSeconds() / Math.max(1, points) + 1);
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .query(q -> q.range(r -> r.field(PROCESSED).gte(JsonData.of(since.toString()))))
                .aggregations("t", a -> a.dateHistogram(h -> h.field(PROCESSED)
                                .fixedInterval(i -> i.time(stepSeconds + "s")).minDocCount(0))
                        .aggregations("failed", f -> f.filter(failed()))
                        .aggregations("bytes", b -> b.sum(m -> m.field(BYTES_FIELD)))),
                Void.class));
        List<Map<String, Object>> rates = new ArrayList<>();
        Aggregate histogram = response.aggregations().get("t");
        if (histogram == null || !histogram.isDateHistogram()) {
            return rates;
        }
        for (DateHistogramBucket bucket : histogram.dateHistogram().buckets().array()) {
            long errors = bucket.aggregations().get("failed").filter().docCount();
            double bytes = bucket.aggregations().get("bytes").sum().value();
            double end = (bucket.key() - since.toEpochMilli()) / 1000.0 + stepSeconds;
            rates.add(RateHistory.rate(end, (bucket.docCount() - errors) / (double) stepSeconds,
                    bytes / 1024.0 / stepSeconds, errors / (double) stepSeconds));
        }
        return rates;
    }

    /**
     * Pages and kilobytes per second over the last {@code window} before {@code now}, from each document's last
     * update: zero once nothing was processed for that long (a chart's step can be minutes long).
     */
    public Map<String, Double> recentRates(Duration window, Instant now) {
        Instant since = now.minus(window);
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .query(q -> q.bool(b -> b
                        .filter(f -> f.range(r -> r.field(PROCESSED).gt(JsonData.of(since.toString()))))
                        .filter(f -> f.term(t -> t.field("status").value(FieldValue.of(Status.FETCHED.name()))))))
                .trackTotalHits(t -> t.enabled(true))
                .aggregations("bytes", b -> b.sum(m -> m.field(BYTES_FIELD))), Void.class));
        double seconds = window.toMillis() / 1000.0;
        long pages = response.hits().total() == null ? 0 : response.hits().total().value();
        Double bytes = response.aggregations().get("bytes").sum().value();
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("pages", pages / seconds);
        rates.put("kb", (bytes == null ? 0 : bytes) / 1024.0 / seconds);
        return rates;
    }

    /** The earliest next fetch date after {@code now}: when the next URL becomes due; null when none will. */
    public Instant nextDue(Instant now) {
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .query(q -> q.range(r -> r.field("nextFetchDate").gt(JsonData.of(now.toString()))))
                .aggregations("next", a -> a.min(m -> m.field("nextFetchDate"))), Void.class));
        Aggregate next = response.aggregations().get("next");
        Double millis = next == null || !next.isMin() ? null : next.min().value();
        return millis == null || millis.isInfinite() || millis.isNaN() ? null : Instant.ofEpochMilli(millis.longValue());
    }

    /** The earliest status update in the index: when the crawl began, as far as the index tells. */
    public Instant firstProcessed() {
        SearchResponse<Void> response = call(() -> client.search(s -> s.index(index).size(0)
                .aggregations("first", a -> a.min(m -> m.field(PROCESSED))), Void.class));
        Aggregate first = response.aggregations().get("first");
        Double millis = first == null || !first.isMin() ? null : first.min().value();
        return millis == null || millis.isInfinite() || millis.isNaN() ? null : Instant.ofEpochMilli(millis.longValue());
    }

    private static Query failed() {
        return Query.of(q -> q.terms(t -> t.field("status").terms(v -> v.value(FAILED))));
    }

    private static Object first(Object value) {
        return value instanceof List<?> list ? (list.isEmpty() ? null : list.get(0)) : value;
    }

    private <T> T call(StatusReads.Read<T> read) {
        return StatusReads.read(index, read);
    }
}
