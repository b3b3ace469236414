package io.squall.frontier;

import io.squall.core.UrlId;
import io.squall.urls.PartitionKeys;
import io.squall.urls.PartitionMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;

/**
 * Writes status documents the way the status updater does (the status document contract: id = URL id,
 * routed by key, url/key/status/nextFetchDate/metadata), so spout tests need no other component.
 */
final class StatusDocs {
    private static final PartitionKeys KEYS = new PartitionKeys(PartitionMode.BY_HOST);

    private final OpenSearchClient client;
    private final String index;
    private final List<BulkOperation> operations = new ArrayList<>();

    StatusDocs(OpenSearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    /** Queues one document, keyed by host. */
    StatusDocs add(String url, String status, Instant nextFetchDate, Map<String, List<String>> metadata) {
        String key = KEYS.keyOf(url);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("url", url);
        doc.put("key", key);
        doc.put("status", status);
        doc.put("nextFetchDate", nextFetchDate.toString());
        doc.put("metadata", metadata);
        operations.add(BulkOperation.of(op -> op.index(i -> i.index(index).id(UrlId.of(url))
                .routing(KEYS.routingOf(url, key)).document(doc))));
        return this;
    }

    /** Sends everything queued, in bulks of 2,000, and makes it searchable. */
    void write() {
        write(true);
    }

    /** Sends everything queued as the status updater does: searchable only after the index's next refresh. */
    void writeUnrefreshed() {
        write(false);
    }

    private void write(boolean refresh) {
        try {
            for (int from = 0; from < operations.size(); from += 2_000) {
                List<BulkOperation> chunk = operations.subList(from, Math.min(from + 2_000, operations.size()));
                boolean last = refresh && from + 2_000 >= operations.size();
                // one refresh at the end: refreshing every bulk would make small segments and slow the load
                BulkResponse response = client.bulk(b -> b.operations(chunk).refresh(last ? Refresh.True : Refresh.False));
                if (response.errors()) {
                    throw new IllegalStateException("bulk failed: " + response.items().stream()
                            .filter(item -> item.error() != null).findFirst().map(item -> item.error().reason())
                            .orElse("?"));
                }
            }
            operations.clear();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
