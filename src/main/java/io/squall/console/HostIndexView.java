package io.squall.console;

import io.squall.fetch.DelayReason;
import io.squall.fetch.HostState;
import io.squall.fetch.QueueView;
import io.squall.opensearch.ControlDocument;
import io.squall.opensearch.OpenSearchErrors;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.Aggregate;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * What the console of a crawl on a cluster reads from the host index, which the fetcher tasks write: the host
 * table (busiest and most blocked queues, in the columns of local mode's table), the totals that tell what the
 * crawl waits for, and the crawl's control document, which it writes to pause, resume or stop the spouts. One
 * multi-part search per page refresh.
 */
public final class HostIndexView {
    private final OpenSearchClient client;
    private final String index;

    /** What the fetchers' queues hold in all, as the host index says. */
    public record Totals(long hosts, long queued, long inFlight, long blocked, Instant nextFetch, Instant lastFetch) {
    }

    /** The host table and the totals. */
    public record Hosts(Map<String, Object> table, Totals totals) {
    }

    public HostIndexView(OpenSearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    /**
     * The busiest hosts (most URLs queued and in flight) and the most blocked (a back-off, Retry-After or error
     * pause still running, the longest first), at most {@code top} each, with the totals.
     */
    public Hosts hosts(int top, Instant now) {
        JsonData at = JsonData.of(now.toString());
        Query hosts = Query.of(q -> q.term(t -> t.field("kind").value(FieldValue.of(HostState.KIND))));
        Query queued = Query.of(q -> q.bool(b -> b.filter(hosts).filter(f -> f.range(r -> r.field("queued").gt(
                JsonData.of(0))))));
        Query blocked = Query.of(q -> q.bool(b -> b.filter(hosts).minimumShouldMatch("1")
                .should(s -> s.range(r -> r.field("blockedUntil").gt(at)))
                .should(s -> s.range(r -> r.field("pausedUntil").gt(at)))));
        // The totals are over every host; the rows (a post filter) over those with URLs only.
        SearchResponse<Map> busiest = search(s -> s.index(index).size(top).query(hosts)
                .postFilter(q -> q.bool(b -> b.minimumShouldMatch("1")
                        .should(o -> o.range(r -> r.field("queued").gt(JsonData.of(0))))
                        .should(o -> o.range(r -> r.field("inFlight").gt(JsonData.of(0))))))
                .sort(o -> o.field(f -> f.field("queued").order(SortOrder.Desc)))
                .sort(o -> o.field(f -> f.field("inFlight").order(SortOrder.Desc)))
                .sort(o -> o.field(f -> f.field("key").order(SortOrder.Asc)))
                .aggregations("hosts", a -> a.filter(hosts))
                .aggregations("queued", a -> a.sum(m -> m.field("queued")))
                .aggregations("inFlight", a -> a.sum(m -> m.field("inFlight")))
                .aggregations("blocked", a -> a.filter(blocked))
                .aggregations("waiting", a -> a.filter(queued)
                        .aggregations("next", n -> n.min(m -> m.field("nextFetch"))))
                .aggregations("last", a -> a.max(m -> m.field("lastFetch"))));
        SearchResponse<Map> mostBlocked = search(s -> s.index(index).size(top).query(blocked)
                .sort(o -> o.field(f -> f.field("blockedUntil").order(SortOrder.Desc).missing(FieldValue.of("_last"))))
                .sort(o -> o.field(f -> f.field("pausedUntil").order(SortOrder.Desc).missing(FieldValue.of("_last"))))
                .sort(o -> o.field(f -> f.field("key").order(SortOrder.Asc))));
        Map<String, Aggregate> aggs = busiest.aggregations();
        Totals totals = new Totals(aggs.get("hosts").filter().docCount(), whole(aggs.get("queued").sum().value()),
                whole(aggs.get("inFlight").sum().value()), aggs.get("blocked").filter().docCount(),
                instant(aggs.get("waiting").filter().aggregations().get("next").min().value()),
                instant(aggs.get("last").max().value()));
        Map<String, Object> table = new LinkedHashMap<>();
        table.put("queues", totals.hosts());
        table.put("queued", totals.queued());
        table.put("busiest", rows(busiest, now));
        table.put("blocked", rows(mostBlocked, now));
        return new Hosts(table, totals);
    }

    /** The crawl's control now. */
    public ControlDocument.Control control() {
        return ControlDocument.read(client, index);
    }

    /** Sets the crawl's control; the spouts read it within {@code spout.control.interval}. */
    public void control(ControlDocument.State state, Instant at) {
        ControlDocument.write(client, index, state, at, "console");
    }

    private static List<Map<String, Object>> rows(SearchResponse<Map> response, Instant now) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Hit<Map> hit : response.hits().hits()) {
            rows.add(row(HostState.fromDocument(hit.source()), now));
        }
        return rows;
    }

    /** A row in the columns of local mode's host table ({@link HostTable#row}), with the state's age. */
    static Map<String, Object> row(HostState s, Instant now) {
        Map<String, Object> row = HostTable.row(new QueueView(s.key(), s.queued(), s.inFlight(), s.delayMs(),
                until(now, s.nextFetch()), until(now, s.blockedUntil()), until(now, s.pausedUntil()),
                (int) Math.min(s.errors(), Integer.MAX_VALUE),
                s.consecutiveErrors(), s.backOffLevel(), DelayReason.ofLabel(s.delayReason())));
        row.put("fetched", s.fetched());
        row.put("robots", s.robots());
        row.put("robotsAgeS", s.robotsFetched() == null ? null : Duration.between(s.robotsFetched(), now).toSeconds());
        row.put("updatedAgoMs", s.updated() == null ? null : Math.max(0, Duration.between(s.updated(), now).toMillis()));
        return row;
    }

    private static long until(Instant now, Instant at) {
        return at == null ? 0 : Math.max(0, Duration.between(now, at).toMillis());
    }

    private static long whole(Double sum) {
        return sum == null ? 0 : sum.longValue();
    }

    private static Instant instant(Double millis) {
        return millis == null || millis.isInfinite() || millis.isNaN() ? null : Instant.ofEpochMilli(millis.longValue());
    }

    private interface Search {
        org.opensearch.client.opensearch.core.SearchRequest.Builder apply(
                org.opensearch.client.opensearch.core.SearchRequest.Builder s);
    }

    private SearchResponse<Map> search(Search request) {
        try {
            return client.search(s -> request.apply(s), Map.class);
        } catch (IOException | OpenSearchException e) {
            throw new OpenSearchUnavailableException("cannot read the host index '" + index + "': "
                    + OpenSearchErrors.describe(e), e);
        }
    }
}
