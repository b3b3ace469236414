package io.squall.frontier;

import io.squall.api.Status;
import io.squall.core.ErrorCauses;
import io.squall.core.MetadataKeys;
import io.squall.opensearch.OpenSearchErrors;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * The URLs the address guard refused, made due again when a crawl starts. A refusal is a verdict of the user's
 * configuration ({@code http.address.allow}, {@code --allow}), not of the server: once the user allows an
 * address, its URLs are fetched at once instead of after {@code fetchInterval.fetch.error}. A URL the guard
 * still refuses is refused again at its first try, without a request, and waits as before.
 */
public final class GuardRefusals {
    private static final int BATCH = 1000;

    private final OpenSearchClient client;
    private final String index;

    public GuardRefusals(OpenSearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    /**
     * Sets every refused URL's next fetch date to {@code now}, a thousand a bulk request (the embedded node has
     * no scripting, so no update-by-query); returns how many there were.
     */
    public long makeDue(Instant now) {
        try {
            long total = count(now);
            long made = 0;
            // A made-due URL leaves the query (its date is no longer after now), so each round reads the next
            // ones; the bound stops the loop should a document keep matching.
            for (long round = 0; round <= total / BATCH && made < total; round++) {
                List<Hit<Void>> hits = client.search(s -> s.index(index).size(BATCH).source(c -> c.fetch(false))
                        .query(refusedLaterThan(now)), Void.class).hits().hits();
                if (hits.isEmpty()) {
                    break;
                }
                List<BulkOperation> updates = hits.stream().map(hit -> BulkOperation.of(b -> b.update(u -> u
                        .id(hit.id()).routing(hit.routing())
                        .document(Map.of("nextFetchDate", now.toString()))))).toList();
                BulkResponse response = client.bulk(b -> b.index(index).refresh(Refresh.True).operations(updates));
                made += response.items().stream().filter(item -> item.error() == null).count();
            }
            return made;
        } catch (IOException e) {
            throw new OpenSearchUnavailableException("cannot make the address guard's refusals due in the status index '"
                    + index + "': " + OpenSearchErrors.describe(e), e);
        }
    }

    private long count(Instant now) throws IOException {
        return client.count(c -> c.index(index).query(refusedLaterThan(now))).count();
    }

    private static Query refusedLaterThan(Instant now) {
        return Query.of(q -> q.bool(b -> b
                .filter(f -> f.term(t -> t.field("status").value(FieldValue.of(Status.FETCH_ERROR.name()))))
                .filter(f -> f.term(t -> t.field("metadata." + MetadataKeys.ERROR_CAUSE)
                        .value(FieldValue.of(ErrorCauses.ADDRESS_GUARD))))
                .filter(f -> f.range(r -> r.field("nextFetchDate").gt(JsonData.of(now.toString()))))));
    }
}
