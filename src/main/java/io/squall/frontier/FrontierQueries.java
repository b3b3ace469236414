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
import org.opensearch.client.opensearch._types.mapping.FieldType;
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
 *   <li>one refill search per hungry host: its due URLs, highest priority then oldest first, after its
 *       cursor (search_after on priority, nextFetchDate and url), as many as its quota lacks;</li>
 *   <li>one discovery search: the first due URLs (by priority, then oldest) of the hosts not fed yet (fed hosts excluded so that
 *       every cycle reaches new hosts instead of the same oldest ones), grouped by key by the caller. A
 *       sorted search of a fixed size costs the same however many URLs are due, since OpenSearch skips
 *       the documents that cannot be among the oldest; a terms aggregation over the due URLs reads every
 *       one of them, and grows slower as they grow (see docs/benchmarks.md);</li>
 *   <li>one search over the fed hosts that reached the end of their due URLs and wait for new ones
 *       (their outlinks), grouped by key (terms aggregation, top_hits of the oldest URLs per key): one
 *       search for all of them instead of one per host. It reads only those hosts' due URLs, few by
 *       definition.</li>
 *   <li>when the last search for new URLs found none: the earliest date at which a URL of these shards
 *       becomes due (one hit, sorted, no source), so that the spout need not search before then.</li>
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
    private final int discoveryHits;

    FrontierQueries(String index, String preference, int discoveryHits) {
        this.index = index;
        this.preference = preference;
        this.discoveryHits = discoveryHits;
    }

    /**
     * The request: the refills in order, then the discovery search when {@code discover} is true, then
     * the search for the waiting hosts' new URLs when there are any, then the search for the next due date
     * when {@code nextDue} is true.
     *
     * @param fedKeys every host being fed: the discovery search leaves them out, so that it always
     *                reaches new hosts (a fed host's URLs in flight still look due until their new state
     *                is searchable, and would otherwise take the places of new hosts)
     * @param waitingKeys fed hosts that reached the end of their due URLs and have room for new ones
     * @param waitingHits the oldest due URLs read per waiting host
     * @param nextDue whether to ask when the next URL that is not due yet becomes due (see {@link #nextDue})
     */
    MsearchRequest request(List<HostQuotas.Refill> refills, boolean discover, Collection<String> fedKeys,
                           Collection<String> waitingKeys, int waitingHits, boolean nextDue, Instant now) {
        List<RequestItem> searches = new ArrayList<>();
        for (HostQuotas.Refill refill : refills) {
            searches.add(RequestItem.of(r -> r
                    .header(h -> h.index(index).preference(preference))
                    .body(b -> {
                        // No hit count: the search stops collecting once it has the oldest it needs.
                        b.size(refill.size())
                                .trackTotalHits(t -> t.enabled(false))
                                .query(dueOf(refill.key(), now))
                                .sort(handOutOrder());
                        if (refill.cursor() != null) {
                            b.searchAfter(refill.cursor());
                        }
                        return b;
                    })));
        }
        if (discover) {
            searches.add(RequestItem.of(r -> r
                    .header(h -> h.index(index).preference(preference))
                    .body(b -> b.size(discoveryHits).trackTotalHits(t -> t.enabled(false))
                            .query(q -> q.bool(bq -> {
                                bq.filter(dueFilter(now));
                                if (!fedKeys.isEmpty()) {
                                    bq.mustNot(m -> m.terms(t -> t.field("key").terms(v -> v.value(values(fedKeys)))));
                                }
                                return bq;
                            }))
                            .sort(handOutOrder()))));
        }
        if (!waitingKeys.isEmpty()) {
            searches.add(groupedByKey(Query.of(q -> q.bool(bq -> bq
                    .filter(dueFilter(now))
                    .filter(f -> f.terms(t -> t.field("key").terms(v -> v.value(values(waitingKeys))))))),
                    waitingKeys.size(), waitingHits));
        }
        if (nextDue) {
            // Sorted on a date with hit counting off: OpenSearch skips what cannot come first, however many
            // URLs wait for a later date.
            searches.add(RequestItem.of(r -> r
                    .header(h -> h.index(index).preference(preference))
                    .body(b -> b.size(1).trackTotalHits(t -> t.enabled(false)).source(src -> src.fetch(false))
                            .query(q -> q.range(rq -> rq.field(NEXT_FETCH_DATE).gt(JsonData.of(now.toString()))))
                            .sort(SortOptions.of(so -> so.field(f -> f.field(NEXT_FETCH_DATE).order(SortOrder.Asc)))))));
        }
        return MsearchRequest.of(m -> m.searches(searches));
    }

    /** The answer of the next-due search: when the first URL that was not due yet becomes due, or null if none. */
    @SuppressWarnings("rawtypes")
    static Instant nextDue(MultiSearchResponseItem<Map> item) {
        List<Hit<Map>> hits = result(item).hits().hits();
        if (hits.isEmpty()) {
            return null;
        }
        return Instant.ofEpochMilli(hits.get(0).sort().get(0).longValue()); // a date sorts as epoch milliseconds
    }

    /** Due URLs grouped by key, keys by their oldest due date, each with its {@code hitsPerKey} oldest URLs. */
    private RequestItem groupedByKey(Query query, int keys, int hitsPerKey) {
        return RequestItem.of(r -> r
                .header(h -> h.index(index).preference(preference))
                .body(b -> b.size(0).trackTotalHits(t -> t.enabled(false)).query(query)
                        .aggregations(HOSTS_AGG, a -> a
                                .terms(t -> t.field("key").size(keys)
                                        .order(Map.of(OLDEST_AGG, SortOrder.Asc)))
                                .aggregations(OLDEST_AGG, o -> o.min(m -> m.field(NEXT_FETCH_DATE)))
                                .aggregations(URLS_AGG, u -> u.topHits(th -> th
                                        .size(hitsPerKey).sort(handOutOrder()))))));
    }

    private static List<FieldValue> values(Collection<String> keys) {
        return keys.stream().map(FieldValue::of).toList();
    }

    /** The hits of the refill or discovery search at that position of the answer, oldest first. */
    @SuppressWarnings("rawtypes")
    static List<StatusHit> hits(MultiSearchResponseItem<Map> item) {
        List<StatusHit> hits = new ArrayList<>();
        for (Hit<Map> hit : result(item).hits().hits()) {
            hits.add(toStatusHit(hit.source(), hit.sort()));
        }
        return hits;
    }

    /** Hits per key, keys in the order of their oldest hit, each key's hits in their order. */
    static Map<String, List<StatusHit>> byKey(List<StatusHit> hits) {
        Map<String, List<StatusHit>> byKey = new LinkedHashMap<>();
        for (StatusHit hit : hits) {
            byKey.computeIfAbsent(hit.key(), k -> new ArrayList<>()).add(hit);
        }
        return byKey;
    }

    /** The hits of the waiting-hosts search, per key, keys in the order of their oldest due URL. */
    @SuppressWarnings("rawtypes")
    static Map<String, List<StatusHit>> groupedHits(MultiSearchResponseItem<Map> item) {
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

    /**
     * A host's due URLs in the order they are handed out: highest priority first (a document without one,
     * written before priorities existed, counts as 0; an index created without the field sorts all as 0),
     * then oldest first.
     */
    private static List<SortOptions> handOutOrder() {
        return List.of(
                SortOptions.of(s -> s.field(f -> f.field(StatusWriter.PRIORITY).order(SortOrder.Desc)
                        .missing(FieldValue.of(0)).unmappedType(FieldType.Integer))),
                SortOptions.of(s -> s.field(f -> f.field(NEXT_FETCH_DATE).order(SortOrder.Asc))),
                SortOptions.of(s -> s.field(f -> f.field("url").order(SortOrder.Asc))));
    }
}
