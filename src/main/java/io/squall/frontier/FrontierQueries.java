package io.squall.frontier;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOptions;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.Aggregate;
import org.opensearch.client.opensearch._types.aggregations.StringTermsBucket;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.MsearchRequest;
import org.opensearch.client.opensearch.core.MsearchResponse;
import org.opensearch.client.opensearch.core.msearch.MultiSearchItem;
import org.opensearch.client.opensearch.core.msearch.MultiSearchResponseItem;
import org.opensearch.client.opensearch.core.msearch.RequestItem;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * Builds the spout's one request per cycle, a multi-search restricted to this task's shards:
 * <ul>
 *   <li>one refill search per hungry host: its due URLs, oldest first, after its cursor (search_after on
 *       nextFetchDate then url), as many as its quota lacks;</li>
 *   <li>one discovery search for every host without a cursor: hosts not fed yet, and fed hosts that
 *       reached the end of their due URLs and wait for new ones (one search for all of them instead of one
 *       per host). Due URLs grouped by key (terms aggregation ordered by each key's oldest due date,
 *       top_hits of the oldest URLs per key); hosts refilled from a cursor are excluded, so that every
 *       cycle reaches other hosts instead of the same oldest ones.</li>
 * </ul>
 * and reads the answer back into {@link StatusHit}s.
 */
final class FrontierQueries {
    static final String NEXT_FETCH_DATE = "nextFetchDate";
    private static final String HOSTS_AGG = "hosts";
    private static final String OLDEST_AGG = "oldest";
    private static final String URLS_AGG = "urls";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String index;
    private final String preference;
    private final int maxBuckets;
    private final int maxUrlsPerBucket;

    FrontierQueries(String index, String preference, int maxBuckets, int maxUrlsPerBucket) {
        this.index = index;
        this.preference = preference;
        this.maxBuckets = maxBuckets;
        this.maxUrlsPerBucket = maxUrlsPerBucket;
    }

    /** The request: the refills in order, then the discovery search when {@code discover} is true. */
    MsearchRequest request(List<HostQuotas.Refill> refills, boolean discover, Collection<String> keysWithCursor,
                           Instant now) {
        List<RequestItem> searches = new ArrayList<>();
        for (HostQuotas.Refill refill : refills) {
            searches.add(RequestItem.of(r -> r
                    .header(h -> h.index(index).preference(preference))
                    .body(b -> {
                        // No hit count: the search stops collecting once it has the oldest it needs.
                        b.size(refill.size())
                                .trackTotalHits(t -> t.enabled(false))
                                .query(dueOf(refill.key(), now))
                                .sort(oldestFirst());
                        if (refill.cursor() != null) {
                            b.searchAfter(refill.cursor());
                        }
                        return b;
                    })));
        }
        if (discover) {
            Query due = Query.of(q -> q.bool(bq -> {
                bq.filter(dueFilter(now));
                if (!keysWithCursor.isEmpty()) {
                    List<FieldValue> keys = keysWithCursor.stream().map(FieldValue::of).toList();
                    bq.mustNot(m -> m.terms(t -> t.field("key").terms(v -> v.value(keys))));
                }
                return bq;
            }));
            searches.add(RequestItem.of(r -> r
                    .header(h -> h.index(index).preference(preference))
                    .body(b -> b.size(0).trackTotalHits(t -> t.enabled(false)).query(due)
                            .aggregations(HOSTS_AGG, a -> a
                                    .terms(t -> t.field("key").size(maxBuckets)
                                            .order(Map.of(OLDEST_AGG, SortOrder.Asc)))
                                    .aggregations(OLDEST_AGG, o -> o.min(m -> m.field(NEXT_FETCH_DATE)))
                                    .aggregations(URLS_AGG, u -> u.topHits(th -> th
                                            .size(maxUrlsPerBucket).sort(oldestFirst())))))));
        }
        return MsearchRequest.of(m -> m.searches(searches));
    }

    /** The hits of the refill search at that position of the answer. */
    @SuppressWarnings("rawtypes")
    static List<StatusHit> refillHits(MultiSearchResponseItem<Map> item) {
        List<StatusHit> hits = new ArrayList<>();
        for (Hit<Map> hit : result(item).hits().hits()) {
            hits.add(toStatusHit(hit.source(), hit.sort()));
        }
        return hits;
    }

    /**
     * The hits of the discovery search, per key, keys in the order of their oldest due URL.
     */
    @SuppressWarnings("rawtypes")
    static Map<String, List<StatusHit>> discoveryHits(MultiSearchResponseItem<Map> item) {
        Map<String, List<StatusHit>> byKey = new LinkedHashMap<>();
        Aggregate hosts = result(item).aggregations().get(HOSTS_AGG);
        for (StringTermsBucket bucket : hosts.sterms().buckets().array()) {
            List<StatusHit> hits = new ArrayList<>();
            for (Hit<JsonData> hit : bucket.aggregations().get(URLS_AGG).topHits().hits().hits()) {
                hits.add(toStatusHit(sourceOf(hit.source()), hit.sort()));
            }
            byKey.put(bucket.key(), hits);
        }
        return byKey;
    }

    @SuppressWarnings("rawtypes")
    static MsearchResponse<Map> checked(MsearchResponse<Map> response) {
        for (MultiSearchResponseItem<Map> item : response.responses()) {
            result(item);
        }
        return response;
    }

    @SuppressWarnings("rawtypes")
    private static MultiSearchItem<Map> result(MultiSearchResponseItem<Map> item) {
        if (item.isFailure()) {
            throw new IllegalStateException("status index search failed: " + item.failure().error().reason());
        }
        return item.result();
    }

    /** A top_hits source arrives as JSON-P values; read as plain Java values like the search hits' sources. */
    private static Map<?, ?> sourceOf(JsonData source) {
        try {
            return JSON.readValue(source.toJson().toString(), Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable status document in the spout's search: " + e.getOriginalMessage(), e);
        }
    }

    private static StatusHit toStatusHit(Map<?, ?> source, List<FieldValue> sort) {
        Object metadata = source.get("metadata");
        @SuppressWarnings("unchecked")
        Map<String, ?> md = metadata instanceof Map<?, ?> m ? (Map<String, ?>) m : Map.of();
        return new StatusHit(String.valueOf(source.get("url")), String.valueOf(source.get("key")),
                String.valueOf(source.get(NEXT_FETCH_DATE)), md, sort);
    }

    private static Query dueOf(String key, Instant now) {
        return Query.of(q -> q.bool(b -> b
                .filter(f -> f.term(t -> t.field("key").value(FieldValue.of(key))))
                .filter(dueFilter(now))));
    }

    private static Query dueFilter(Instant now) {
        return Query.of(q -> q.range(r -> r.field(NEXT_FETCH_DATE).lte(JsonData.of(now.toString()))));
    }

    private static List<SortOptions> oldestFirst() {
        return List.of(
                SortOptions.of(s -> s.field(f -> f.field(NEXT_FETCH_DATE).order(SortOrder.Asc))),
                SortOptions.of(s -> s.field(f -> f.field("url").order(SortOrder.Asc))));
    }
}
