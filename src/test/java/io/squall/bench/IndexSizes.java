package io.squall.bench;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.OpenSearchClients;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.indices.stats.IndicesStats;

/**
 * Not a test: the documents and bytes on disk of each index of a crawl's data directory (a local crawl's
 * {@code --data}, e.g. one the benchmark left), after merging each index to one segment, for sizing a
 * cluster ({@code docs/scale.md}).
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.squall.bench.IndexSizes DATA_DIR}
 * with cp.txt as for the frontier benchmarks.
 */
public final class IndexSizes {
    private IndexSizes() {
    }

    public static void main(String[] args) throws Exception {
        try (EmbeddedOpenSearch node = EmbeddedOpenSearch.start(Path.of(args[0]).resolve("opensearch"), 0)) {
            CrawlerConfig config = CrawlerConfig.defaults().with(Map.of("opensearch.addresses", List.of(node.address())),
                    "index sizes");
            OpenSearchClient client = OpenSearchClients.create(config);
            try {
                client.indices().forcemerge(f -> f.index("*").maxNumSegments(1L));
                for (Map.Entry<String, IndicesStats> e : client.indices().stats(s -> s.index("*")).indices().entrySet()) {
                    long docs = e.getValue().primaries().docs().count();
                    long bytes = e.getValue().primaries().store().sizeInBytes();
                    System.out.printf("%-20s %,12d docs %,15d bytes %,8d bytes per document%n", e.getKey(), docs, bytes,
                            docs == 0 ? 0 : bytes / docs);
                }
            } finally {
                OpenSearchClients.close(client);
            }
        }
    }
}
