package io.squall.e2e;

import io.squall.faults.FaultScale;
import io.squall.faults.FaultSchedule;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.IndexSetup;
import io.squall.testsupport.TestOpenSearch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code bench/run faults}: the fault harness at length, {@code BENCH_FAULTS_SCHEDULES} (5) schedules of
 * {@link FaultScale#BENCH} with random seeds, or the one seed {@code BENCH_FAULTS_SEED}, each on its own
 * indices of one OpenSearch node, or with {@code BENCH_FAULTS_NODES=3} of a cluster of three nodes in processes
 * of their own, every index with a replica, whose schedules also kill the node holding the status primary and
 * start it again ({@link FaultSchedule#generateOnCluster}). Prints each schedule as it runs, then the
 * schedules run, those whose invariants all held and the seeds of the others; exits 1 when one failed.
 */
public final class FaultBench {
    private FaultBench() {
    }

    public static void main(String[] args) throws Exception {
        List<Long> seeds = seeds();
        Path work = Files.createTempDirectory("squall-faults");
        List<String> failures = new ArrayList<>();
        int kills = 0;
        int inFlight = 0;
        int fetchedAgain = 0;
        int nodesStopped = 0;
        int nodesBack = 0;
        boolean cluster = switch (System.getenv().getOrDefault("BENCH_FAULTS_NODES", "1").trim()) {
            case "1" -> false;
            case "3" -> true;
            default -> throw new IllegalArgumentException("BENCH_FAULTS_NODES: 1 (one embedded node) or 3 (a cluster)");
        };
        try (Nodes nodes = cluster ? Nodes.cluster(work) : Nodes.embedded(work)) {
            for (int i = 0; i < seeds.size(); i++) {
                long seed = seeds.get(i);
                try (TestOpenSearch os = nodes.open("faults" + i + "-", work.resolve("es-conf" + i))) {
                    StatusPrimaryFaults nodeFaults = cluster ? new StatusPrimaryFaults(nodes.cluster, os) : null;
                    FaultHarness harness = cluster
                            ? new FaultHarness(os, nodeFaults, work.resolve("schedule" + i),
                                    System.out, "BENCH_FAULTS_NODES=3 BENCH_FAULTS_SEED={seed} bench/run faults")
                            : new FaultHarness(os, work.resolve("schedule" + i), System.out,
                                    "BENCH_FAULTS_SEED={seed} bench/run faults");
                    try {
                        FaultHarness.Report report = harness.run(cluster
                                ? FaultSchedule.generateOnCluster(seed, FaultScale.BENCH)
                                : FaultSchedule.generate(seed, FaultScale.BENCH));
                        kills += report.kills();
                        inFlight += report.inFlightAtKills();
                        fetchedAgain += report.fetchedAgain();
                        nodesStopped += report.nodesStopped();
                        nodesBack += report.nodesBack();
                    } catch (AssertionError e) {
                        System.out.println("FAILED: " + e.getMessage());
                        failures.add(Long.toString(seed));
                        if (nodeFaults != null && nodeFaults.isDown()) {
                            nodeFaults.restartKilled(); // the next schedule starts on the whole cluster
                        }
                    }
                }
            }
        }
        System.out.printf("Fault schedules run: %d; invariants held in %d (in those: %d kills with %d pages in flight,"
                + " %d pages fetched twice%s); failing seeds: %s (data %s)%n", seeds.size(), seeds.size() - failures.size(),
                kills, inFlight, fetchedAgain, cluster ? ", " + nodesStopped + " OpenSearch nodes killed, " + nodesBack
                        + " back while a crawl ran" : "",
                failures.isEmpty() ? "none" : String.join(", ", failures), failures.isEmpty() ? "removed" : "in " + work);
        if (failures.isEmpty()) {
            // Each schedule leaves an OpenSearch node's data and its crawls' logs: kept only to study a failure.
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    /** The OpenSearch the schedules run on: one embedded node, or a cluster of three processes. */
    private static final class Nodes implements AutoCloseable {
        private final EmbeddedOpenSearch embedded;
        private final OpenSearchNodes cluster;

        private Nodes(EmbeddedOpenSearch embedded, OpenSearchNodes cluster) {
            this.embedded = embedded;
            this.cluster = cluster;
        }

        static Nodes embedded(Path work) throws Exception {
            return new Nodes(EmbeddedOpenSearch.start(work.resolve("opensearch"), 0), null);
        }

        static Nodes cluster(Path work) throws Exception {
            return new Nodes(null, OpenSearchNodes.start(work.resolve("opensearch"), 3, Duration.ofMinutes(4)));
        }

        /** A schedule's own indices; on the cluster with a replica each, the status index's off node-1. */
        TestOpenSearch open(String prefix, Path esConf) throws Exception {
            if (embedded != null) {
                return new TestOpenSearch(embedded, prefix);
            }
            TestOpenSearch os = new TestOpenSearch(cluster.addresses(), prefix);
            IndexSetup.ensureIndices(os.client(), os.config(),
                    OpenSearchNodes.replicatedDefinitions(esConf, OpenSearchClusterMain.nodeName(1)));
            // Every copy placed before the first node stop: a stop that strikes a lone primary loses its index.
            OpenSearchNodes.awaitGreen(os.client(), Duration.ofMinutes(3));
            return os;
        }

        @Override
        public void close() throws Exception {
            if (embedded != null) {
                embedded.close();
            } else {
                cluster.close();
            }
        }
    }

    private static List<Long> seeds() {
        String one = System.getenv("BENCH_FAULTS_SEED");
        if (one != null && !one.isBlank()) {
            return List.of(Long.parseLong(one.trim()));
        }
        String count = System.getenv().getOrDefault("BENCH_FAULTS_SCHEDULES", "5");
        SecureRandom random = new SecureRandom();
        List<Long> seeds = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(count.trim()); i++) {
            seeds.add(random.nextLong());
        }
        return seeds;
    }
}
