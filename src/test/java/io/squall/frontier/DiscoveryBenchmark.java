package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Not a test: how long the spout's search for new hosts takes as the status index grows. Loads due URLs
 * over {@code hosts} hosts up to each of the given sizes, merges the index to one segment, and times the
 * discovery search (with the default {@code opensearch.status.discovery.hits}) 15 times.
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.squall.frontier.DiscoveryBenchmark
 * [hosts] [sizes, comma-separated]} with cp.txt as for {@link FrontierBenchmark}.
 */
public final class DiscoveryBenchmark {
    private static final int ROUNDS = 15;

    private DiscoveryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int hosts = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int[] sizes = Arrays.stream((args.length > 1 ? args[1] : "100000,1000000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        try (BenchStatusIndex status = BenchStatusIndex.start()) {
            CrawlerConfig config = status.config();
            OpenSearchClient client = status.client();
            FrontierQueries queries = new FrontierQueries(BenchStatusIndex.INDEX, null,
                    config.getInt("opensearch.status.discovery.hits"));
            for (int size : sizes) {
                status.loadUpTo(size, hosts);
                client.indices().forcemerge(f -> f.index(BenchStatusIndex.INDEX).maxNumSegments(1L));
                long[] millis = new long[ROUNDS];
                for (int r = 0; r < ROUNDS; r++) {
                    long start = System.nanoTime();
                    FrontierQueries.checked(client.msearch(
                            queries.request(List.of(), true, List.of(), List.of(), 0, Instant.now()), Map.class));
                    millis[r] = (System.nanoTime() - start) / 1_000_000;
                }
                Arrays.sort(millis);
                System.out.printf("%,d due URLs on %,d hosts: discovery search p50 %d ms, min %d ms, max %d ms%n",
                        size, hosts, millis[ROUNDS / 2], millis[0], millis[ROUNDS - 1]);
            }
        }
    }
}
