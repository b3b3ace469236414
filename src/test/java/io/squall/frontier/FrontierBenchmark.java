package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Not a test: how fast the frontier hands out URLs from a large status index, with the default spout
 * settings, and how long its searches take. A simulated topology acks every URL {@code holdMillis} after
 * it was emitted (the status index is not rewritten, so acked URLs stay blocked by their stale state).
 *
 * <p>Run: {@code mvn -q test-compile exec:java} is not configured; use
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.squall.frontier.FrontierBenchmark [docs] [hosts] [seconds] [holdMillis]}
 * with cp.txt from {@code mvn dependency:build-classpath -Dmdep.outputFile=cp.txt -DincludeScope=test}.
 */
public final class FrontierBenchmark {
    private FrontierBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int docs = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int hosts = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        long holdMillis = args.length > 3 ? Long.parseLong(args[3]) : 50;
        try (BenchStatusIndex status = BenchStatusIndex.start()) {
            CrawlerConfig config = status.config();
            long loadStart = System.nanoTime();
            status.loadUpTo(docs, hosts);
            System.out.printf("loaded %,d docs on %,d hosts in %.1f s%n", docs, hosts, (System.nanoTime() - loadStart) / 1e9);

            List<Long> searchMillis = Collections.synchronizedList(new ArrayList<>());
            try (Frontier frontier = Frontier.open(config, 0, 1)) {
                frontier.onSearchTime(searchMillis::add);
                ArrayDeque<long[]> holding = new ArrayDeque<>();
                ArrayDeque<String> urls = new ArrayDeque<>();
                long start = System.nanoTime();
                long end = start + seconds * 1_000_000_000L;
                long emitted = 0;
                long firstSecond = -1;
                while (System.nanoTime() < end) {
                    long now = System.nanoTime();
                    while (!holding.isEmpty() && holding.peek()[0] <= now) {
                        holding.poll();
                        frontier.acked(urls.poll());
                    }
                    Frontier.Emission e = frontier.next();
                    if (e == null) {
                        Thread.sleep(1);
                        continue;
                    }
                    emitted++;
                    holding.add(new long[] {now + holdMillis * 1_000_000});
                    urls.add(e.url());
                    if (firstSecond < 0 && now - start >= 1_000_000_000L) {
                        firstSecond = emitted;
                    }
                }
                double elapsed = (System.nanoTime() - start) / 1e9;
                List<Long> sorted = new ArrayList<>(searchMillis);
                Collections.sort(sorted);
                System.out.printf("emitted %,d URLs in %.1f s: %.0f URLs/s (first second: %d), pending bound %d, hold %d ms%n",
                        emitted, elapsed, emitted / elapsed, firstSecond, config.getInt("topology.max.spout.pending"), holdMillis);
                System.out.printf("searches: %d, p50 %d ms, p95 %d ms, max %d ms%n", sorted.size(),
                        percentile(sorted, 50), percentile(sorted, 95), sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1));
            }
        }
    }

    private static long percentile(List<Long> sorted, int p) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100));
    }
}
