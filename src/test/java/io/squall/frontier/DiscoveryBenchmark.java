package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Not a test: how long the spout's searches take as the status index grows. Loads due URLs over
 * {@code hosts} hosts up to each of the given sizes, merges the index to one segment, and times 15 times
 * the search for new hosts (with the default {@code opensearch.status.discovery.hits}) and the refill of
 * {@code opensearch.status.max.buckets} fed hosts (the spout's steady-state search); prints the index's
 * bytes per document too.
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
                            queries.request(List.of(), true, List.of(), List.of(), 0, false, Instant.now()), Map.class));
                    millis[r] = (System.nanoTime() - start) / 1_000_000;
                }
                Arrays.sort(millis);
                List<HostQuotas.Refill> refills = new ArrayList<>();
                for (int h = 0; h < Math.min(hosts, config.getInt("opensearch.status.max.buckets")); h++) {
                    refills.add(new HostQuotas.Refill("h" + h + ".bench.example", null, 10));
                }
                long[] refillMillis = new long[ROUNDS];
                for (int r = 0; r < ROUNDS; r++) {
                    long start = System.nanoTime();
                    FrontierQueries.checked(client.msearch(
                            queries.request(refills, false, List.of(), List.of(), 0, false, Instant.now()), Map.class));
                    refillMillis[r] = (System.nanoTime() - start) / 1_000_000;
                }
                Arrays.sort(refillMillis);
                var primaries = client.indices().stats(st -> st.index(BenchStatusIndex.INDEX)).all().primaries();
                System.out.printf("%,d due URLs on %,d hosts: discovery search p50 %d ms (min %d, max %d);"
                        + " refill of %d hosts p50 %d ms (min %d, max %d); %,d bytes per document%n",
                        size, hosts, millis[ROUNDS / 2], millis[0], millis[ROUNDS - 1], refills.size(),
                        refillMillis[ROUNDS / 2], refillMillis[0], refillMillis[ROUNDS - 1],
                        primaries.store().sizeInBytes() / primaries.docs().count());
            }
        }
    }
}
