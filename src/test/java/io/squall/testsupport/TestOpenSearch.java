package io.squall.testsupport;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * One test's view of the shared embedded OpenSearch: its own index names (a unique prefix), a
 * configuration that points at the node and uses them, and a few helpers to read what was written.
 */
public final class TestOpenSearch implements AutoCloseable {
    private final List<String> addresses;
    private final String prefix;
    private OpenSearchClient client;

    /** A view of a node with index names of that prefix; tests get theirs from {@link OpenSearchExtension}. */
    public TestOpenSearch(EmbeddedOpenSearch node, String prefix) {
        this(List.of(node.address()), prefix);
    }

    /**
     * A view of a cluster of nodes at those addresses: its client goes to the others when one is down, and
     * {@link #address} is the first.
     */
    public TestOpenSearch(List<String> addresses, String prefix) {
        this.addresses = List.copyOf(addresses);
        this.prefix = prefix;
    }

    public String address() {
        return addresses.get(0);
    }

    public String prefix() {
        return prefix;
    }

    /**
     * Squall's defaults with this test's OpenSearch address and index names, an agent name, the test web's
     * loopback range let through the address guard, and the given settings on top.
     */
    public CrawlerConfig config(Map<String, ?> settings) {
        return CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", addresses,
                "opensearch.status.index.name", prefix + "status",
                "opensearch.content.index.name", prefix + "content",
                "opensearch.metrics.index.name", prefix + "metrics",
                "opensearch.hosts.index.name", prefix + "hosts",
                "http.agent.name", "squall-test",
                "http.address.allow", List.of(TestWeb.LOOPBACK_RANGE)), "test defaults").with(settings, "test settings");
    }

    public CrawlerConfig config() {
        return config(Map.of());
    }

    /** A client for this test, closed after it. */
    public synchronized OpenSearchClient client() {
        if (client == null) {
            client = OpenSearchClients.create(config());
        }
        return client;
    }

    /** Creates this test's indices from es-conf/, with the given settings (e.g. shard count). */
    public void createIndices(Map<String, ?> settings) {
        IndexSetup.ensureIndices(client(), config(settings), null);
    }

    public String indexName(SquallIndex index) {
        return index.name(config());
    }

    /** Makes everything written so far visible to searches. */
    public void refresh(SquallIndex index) {
        try {
            client().indices().refresh(r -> r.index(index.searchPattern(config())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Number of documents in the index, after a refresh. */
    public long count(SquallIndex index) {
        refresh(index);
        try {
            return client().count(c -> c.index(index.searchPattern(config()))).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Number of status documents with the given status, after a refresh. */
    public long countStatus(String status) {
        refresh(SquallIndex.STATUS);
        try {
            return client().count(c -> c.index(indexName(SquallIndex.STATUS))
                    .query(q -> q.term(t -> t.field("status").value(FieldValue.of(status))))).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every document of an index as a map (for small test indices), after a refresh. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public List<Map<String, Object>> documents(SquallIndex index) {
        refresh(index);
        try {
            List<Map<String, Object>> docs = new ArrayList<>();
            for (Hit<Map> hit : client().search(s -> s.index(index.searchPattern(config())).size(10_000), Map.class).hits().hits()) {
                Map<String, Object> doc = new java.util.LinkedHashMap<>(hit.source());
                doc.put("_id", hit.id());
                docs.add(doc);
            }
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each URL of the status index with its status, in URL order. */
    public Map<String, String> statusByUrl() {
        Map<String, String> statuses = new java.util.TreeMap<>();
        for (Map<String, Object> doc : documents(SquallIndex.STATUS)) {
            statuses.put((String) doc.get("url"), (String) doc.get("status"));
        }
        return statuses;
    }

    /** The status document of a URL id, or null. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> statusDocument(String id) {
        try {
            var response = client().get(g -> g.index(indexName(SquallIndex.STATUS)).id(id), Map.class);
            return response.found() ? (Map<String, Object>) response.source() : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The metadata of a status document as {@link Metadata}. */
    @SuppressWarnings("unchecked")
    public static Metadata metadataOf(Map<String, Object> statusDocument) {
        return Metadata.fromMap((Map<String, ?>) statusDocument.getOrDefault("metadata", Map.of()));
    }

    /**
     * A URL's stored metadata as its next fetch hands it to the status writer: answered {@code "304"}, or 200
     * with that body's digest.
     */
    public Metadata refetched(String url, String answer) {
        Metadata stored = metadataOf(statusDocument(UrlId.of(url)));
        if (answer.equals("304")) {
            return stored.set(MetadataKeys.FETCH_STATUS_CODE, "304");
        }
        return stored.set(MetadataKeys.FETCH_STATUS_CODE, "200").set(MetadataKeys.DIGEST, answer);
    }

    @Override
    public synchronized void close() {
        OpenSearchClients.close(client);
        client = null;
    }
}
