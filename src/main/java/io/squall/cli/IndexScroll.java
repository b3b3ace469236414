package io.squall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.squall.opensearch.OpenSearchErrors;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.opensearch.core.search.HitsMetadata;

/**
 * Reads every document of an index, one page at a time, with a scroll sorted by index order ({@code _doc},
 * the cheapest order): memory stays bounded by one page whatever the index's size, and documents written
 * while it runs do not shift the pages.
 */
final class IndexScroll implements AutoCloseable {
    /** How long OpenSearch keeps the scroll's context between two pages. */
    private static final String KEEP_ALIVE = "2m";

    private final OpenSearchClient client;
    private final String index;
    private final int pageSize;
    private String scrollId;
    private long total = -1;
    private boolean done;

    IndexScroll(OpenSearchClient client, String index, int pageSize) {
        this.client = client;
        this.index = index;
        this.pageSize = pageSize;
    }

    /** The next page of {@code _source} documents; empty once every document was read. */
    List<JsonNode> next() {
        if (done) {
            return List.of();
        }
        HitsMetadata<JsonNode> hits;
        try {
            if (scrollId == null) {
                var response = client.search(s -> s.index(index).size(pageSize).scroll(t -> t.time(KEEP_ALIVE))
                        .trackTotalHits(t -> t.enabled(true))
                        .sort(o -> o.field(f -> f.field("_doc").order(SortOrder.Asc))), JsonNode.class);
                scrollId = response.scrollId();
                hits = response.hits();
                total = hits.total() == null ? -1 : hits.total().value();
            } else {
                var response = client.scroll(s -> s.scrollId(scrollId).scroll(t -> t.time(KEEP_ALIVE)), JsonNode.class);
                scrollId = response.scrollId();
                hits = response.hits();
            }
        } catch (IOException e) {
            throw new OpenSearchUnavailableException("cannot read index '" + index + "': "
                    + OpenSearchErrors.describe(e), e);
        }
        List<JsonNode> page = new ArrayList<>(hits.hits().size());
        for (Hit<JsonNode> hit : hits.hits()) {
            page.add(hit.source());
        }
        done = page.isEmpty();
        return page;
    }

    /** Documents in the index when the scroll began (known after the first page), or -1. */
    long total() {
        return total;
    }

    /** Frees the scroll's context on the node now rather than when it times out. */
    @Override
    public void close() {
        if (scrollId == null) {
            return;
        }
        try {
            client.clearScroll(c -> c.scrollId(scrollId));
        } catch (IOException | RuntimeException e) {
            // the context expires by itself after KEEP_ALIVE
        }
        scrollId = null;
    }
}
