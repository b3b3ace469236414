package io.squall.e2e;

import io.squall.faults.FaultScale;
import io.squall.faults.FaultSchedule;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.testsupport.TestOpenSearch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code bench/run faults}: the fault harness at length, {@code BENCH_FAULTS_SCHEDULES} (5) schedules of
 * {@link FaultScale#BENCH} with random seeds, or the one seed {@code BENCH_FAULTS_SEED}, each on its own
 * indices of one OpenSearch node. Prints each schedule as it runs, then the schedules run, those whose
 * invariants all held and the seeds of the others; exits 1 when one failed.
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
        try (EmbeddedOpenSearch node = EmbeddedOpenSearch.start(work.resolve("opensearch"), 0)) {
            for (int i = 0; i < seeds.size(); i++) {
                long seed = seeds.get(i);
                try (TestOpenSearch os = new TestOpenSearch(node, "faults" + i + "-")) {
                    FaultHarness.Report report = new FaultHarness(os, work.resolve("schedule" + i), System.out,
                            "BENCH_FAULTS_SEED={seed} bench/run faults").run(FaultSchedule.generate(seed, FaultScale.BENCH));
                    kills += report.kills();
                    inFlight += report.inFlightAtKills();
                    fetchedAgain += report.fetchedAgain();
                } catch (AssertionError e) {
                    System.out.println("FAILED: " + e.getMessage());
                    failures.add(Long.toString(seed));
                }
            }
        }
        System.out.printf("Fault schedules run: %d; invariants held in %d (in those: %d kills with %d pages in flight,"
                + " %d pages fetched twice); failing seeds: %s (data %s)%n", seeds.size(), seeds.size() - failures.size(),
                kills, inFlight, fetchedAgain, failures.isEmpty() ? "none" : String.join(", ", failures),
                failures.isEmpty() ? "removed" : "in " + work);
        if (failures.isEmpty()) {
            // Each schedule leaves an OpenSearch node's data and its crawls' logs: kept only to study a failure.
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        System.exit(failures.isEmpty() ? 0 : 1);
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
