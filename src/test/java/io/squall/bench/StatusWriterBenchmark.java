package io.squall.bench;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.UrlId;
import io.squall.frontier.StatusWriter;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.urls.PartitionKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;

/**
 * Throughput of the status writer (StatusWriter + BulkWriter, as the StatusUpdaterBolt uses them) against
 * plain opensearch-java bulk requests of the same size carrying the same ~300-byte documents, into one
 * embedded node. Not a test: run {@code bench/status-writer.sh [documents] [rounds]}.
 *
 * <p>Each run writes FETCHED documents for fresh URLs into a fresh index; runs alternate between the
 * two ways so that the node's warm-up and merges weigh on both alike; the median of the rounds is kept.
 */
public final class StatusWriterBenchmark {

    public static void main(String[] args) throws Exception {
        int documents = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("squall-bench-opensearch");
        try (EmbeddedOpenSearch node = EmbeddedOpenSearch.start(dir, 0)) {
            CrawlerConfig base = CrawlerConfig.defaults().with(Map.of("opensearch.addresses", List.of(node.address()),
                    "indexer.enabled", false), "benchmark");
            int bulkActions = base.getInt("opensearch.status.bulkActions");
            OpenSearchClient client = OpenSearchClients.create(base);
            try {
                List<Double> writer = new ArrayList<>();
                List<Double> raw = new ArrayList<>();
                for (int round = 0; round <= rounds; round++) { // round 0 warms up
                    double w = runWriter(client, base.with(Map.of("opensearch.status.index.name", "w" + round),
                            "round"), round, documents);
                    double r = runRaw(client, base.with(Map.of("opensearch.status.index.name", "r" + round),
                            "round"), round, documents, bulkActions);
                    System.out.printf("round %d%s: status writer %.0f docs/s, plain bulk %.0f docs/s%n", round,
                            round == 0 ? " (warm-up)" : "", w, r);
                    if (round > 0) {
                        writer.add(w);
                        raw.add(r);
                    }
                }
                double w = median(writer);
                double r = median(raw);
                System.out.printf("median of %d rounds of %d documents, %d per bulk: status writer %.0f docs/s,"
                        + " plain opensearch-java bulk %.0f docs/s, ratio %.0f%%%n", rounds, documents, bulkActions,
                        w, r, 100 * w / r);
            } finally {
                OpenSearchClients.close(client);
            }
        }
    }

    /** The URL and metadata of document i of a round: ~300 bytes once stored. */
    static String url(int round, int i) {
        return "https://host" + (i % 1000) + ".example.com/section/" + round + "/article-" + i + "/index.html";
    }

    static Metadata metadata(int round, int i) {
        return new Metadata()
                .set("depth", Integer.toString(i % 5))
                .set("url.path", "https://host" + (i % 1000) + ".example.com/section/" + round + "/")
                .set("fetch.statusCode", "200")
                .set("signature", Integer.toHexString(i * 31 + round) + "0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    }

    private static double runWriter(OpenSearchClient client, CrawlerConfig config, int round, int documents) {
        IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
        List<String> urls = new ArrayList<>(documents);
        List<Metadata> mds = new ArrayList<>(documents);
        for (int i = 0; i < documents; i++) {
            urls.add(url(round, i));
            mds.add(metadata(round, i));
        }
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        BulkWriter.Callback count = new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
                ok.incrementAndGet();
            }

            @Override
            public void failed(String reason) {
                failed.incrementAndGet();
            }
        };
        long start = System.nanoTime();
        try (BulkWriter bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "bench")) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE);
            for (int i = 0; i < documents; i++) {
                writer.write(urls.get(i), mds.get(i), Status.FETCHED, count);
            }
        }
        long nanos = System.nanoTime() - start;
        check(ok.get(), failed.get(), documents);
        return documents * 1e9 / nanos;
    }

    private static double runRaw(OpenSearchClient client, CrawlerConfig config, int round, int documents,
            int bulkActions) throws Exception {
        IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
        String index = SquallIndex.STATUS.name(config);
        List<BulkOperation> operations = new ArrayList<>(documents);
        String next = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS).toString();
        for (int i = 0; i < documents; i++) {
            String url = url(round, i);
            String key = PartitionKeys.hostOf(url);
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("url", url);
            doc.put("key", key);
            doc.put("status", "FETCHED");
            doc.put("nextFetchDate", next);
            doc.put("metadata", metadata(round, i).asMap());
            String id = UrlId.of(url);
            operations.add(BulkOperation.of(o -> o.index(x -> x.index(index).id(id).routing(key).document(doc))));
        }
        long ok = 0;
        long failed = 0;
        long start = System.nanoTime();
        for (int from = 0; from < documents; from += bulkActions) {
            List<BulkOperation> batch = operations.subList(from, Math.min(documents, from + bulkActions));
            BulkResponse response = client.bulk(b -> b.operations(batch));
            for (var item : response.items()) {
                if (item.error() == null) {
                    ok++;
                } else {
                    failed++;
                }
            }
        }
        long nanos = System.nanoTime() - start;
        check(ok, failed, documents);
        return documents * 1e9 / nanos;
    }

    private static void check(long ok, long failed, int documents) {
        if (ok != documents) {
            throw new IllegalStateException(ok + " of " + documents + " documents written, " + failed + " failed");
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
