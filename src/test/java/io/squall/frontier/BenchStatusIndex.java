package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * For the frontier's benchmarks: an embedded node with an empty status index, and a loader of due URLs
 * spread over hosts. Not for tests (they use the shared test node).
 */
final class BenchStatusIndex implements AutoCloseable {
    static final String INDEX = "bench-status";

    private final EmbeddedOpenSearch node;
    private final CrawlerConfig config;
    private final OpenSearchClient client;
    private final StatusDocs docs;
    private final Instant firstDue = Instant.now().minusSeconds(30 * 86_400);
    private int loaded;

    private BenchStatusIndex(EmbeddedOpenSearch node) {
        this.node = node;
        // A force-merge of 10^7 documents takes minutes: longer than a crawl's socket timeout.
        this.config = CrawlerConfig.defaults().with(Map.of("opensearch.addresses", List.of(node.address()),
                "opensearch.status.index.name", INDEX, "opensearch.socket.timeout", 1_800_000), "benchmark");
        this.client = OpenSearchClients.create(config);
        IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
        this.docs = new StatusDocs(client, INDEX);
    }

    static BenchStatusIndex start() throws IOException {
        return new BenchStatusIndex(EmbeddedOpenSearch.start(Files.createTempDirectory("squall-frontier-bench"), 0));
    }

    CrawlerConfig config() {
        return config;
    }

    OpenSearchClient client() {
        return client;
    }

    /** Adds DISCOVERED URLs, all due, each a millisecond younger than the last, until {@code total} are loaded. */
    void loadUpTo(int total, int hosts) {
        for (; loaded < total; loaded++) {
            docs.add("http://h" + (loaded % hosts) + ".bench.example/p" + loaded, "DISCOVERED",
                    firstDue.plusMillis(loaded), Map.of());
            if ((loaded + 1) % 20_000 == 0) {
                docs.write();
            }
        }
        docs.write();
    }

    @Override
    public void close() throws IOException {
        OpenSearchClients.close(client);
        node.close();
    }
}
