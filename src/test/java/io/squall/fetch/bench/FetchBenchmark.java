package io.squall.fetch.bench;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.fetch.FetchEngine;
import io.squall.http.HttpProtocol;
import io.squall.metrics.Counters;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import io.squall.urls.UrlFilters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fetch throughput with politeness off over many loopback hosts and small pages: the fetching engine
 * (queues, threads, outcome mapping) against the same HTTP client driven by a plain thread pool.
 * Not a test: run with bench/fetch-bench.sh [hosts] [pagesPerHost] [threads].
 */
public final class FetchBenchmark {
    private FetchBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int hosts = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int pagesPerHost = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        CrawlerConfig config = CrawlerConfig.defaults().with(Map.of(
                "http.agent.name", "squall-bench", "http.address.allow", List.of(TestWeb.LOOPBACK_RANGE), "robots.enabled", false,
                "fetcher.server.delay", 0.0, "fetcher.threads.number", threads,
                "fetcher.max.urls.in.queues", 1_000_000, "fetcher.max.queue.size", 100_000), "benchmark");
        try (TestWeb web = TestWeb.start(hosts)) {
            List<String> urls = new ArrayList<>();
            String body = "<html><body>" + "<p>small page</p>".repeat(100) + "</body></html>";
            for (Site s : web.sites()) {
                s.on("/", io.squall.testweb.Response.html(body));
                for (int i = 0; i < pagesPerHost; i++) {
                    s.on("/p" + i, io.squall.testweb.Response.html(body));
                    urls.add(s.url("/p" + i));
                }
            }
            Collections.shuffle(urls, new Random(42));
            try (HttpProtocol http = new HttpProtocol(config)) {
                // Warm both paths (JIT, connection pools), then measure each twice, alternating.
                pool(http, urls.subList(0, Math.min(2000, urls.size())), threads);
                engine(config, http, urls.subList(0, Math.min(2000, urls.size())));
                double[] pool = new double[2];
                double[] engine = new double[2];
                for (int round = 0; round < 2; round++) {
                    pool[round] = pool(http, urls, threads);
                    engine[round] = engine(config, http, urls);
                }
                double p = Math.max(pool[0], pool[1]);
                double e = Math.max(engine[0], engine[1]);
                System.out.printf("hosts=%d pages=%d threads=%d%n", hosts, urls.size(), threads);
                System.out.printf("plain thread pool: %.0f pages/s (runs %.0f, %.0f)%n", p, pool[0], pool[1]);
                System.out.printf("fetch engine:      %.0f pages/s (runs %.0f, %.0f)%n", e, engine[0], engine[1]);
                System.out.printf("engine / pool:     %.0f%%%n", 100 * e / p);
            }
        }
    }

    private static double pool(HttpProtocol http, List<String> urls, int threads) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong ok = new AtomicLong();
        CountDownLatch done = new CountDownLatch(urls.size());
        long start = System.nanoTime();
        for (String u : urls) {
            pool.execute(() -> {
                try {
                    if (http.fetch(u, new Metadata()).statusCode() == 200) {
                        ok.incrementAndGet();
                    }
                } catch (Exception e) {
                    // counted as not ok
                } finally {
                    done.countDown();
                }
            });
        }
        done.await();
        double rate = ok.get() / ((System.nanoTime() - start) / 1e9);
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        return rate;
    }

    /** Feeds the engine like a spout with max.spout.pending = 2,000 would. */
    private static double engine(CrawlerConfig config, HttpProtocol http, List<String> urls) throws Exception {
        Semaphore pending = new Semaphore(2000);
        AtomicLong ok = new AtomicLong();
        CountDownLatch done = new CountDownLatch(urls.size());
        FetchEngine.Sink<String> sink = new FetchEngine.Sink<>() {
            @Override
            public void emitContent(String anchor, String url, byte[] content, Metadata metadata) {
                ok.incrementAndGet();
            }

            @Override
            public void emitStatus(String anchor, String url, Metadata metadata, Status status, List<Discovered> discovered) {
                // errors only: not counted
            }

            @Override
            public void ack(String anchor) {
                pending.release();
                done.countDown();
            }

            @Override
            public void fail(String anchor) {
                pending.release();
                done.countDown();
            }
        };
        FetchEngine<String> engine = new FetchEngine<>(config, http, UrlFilters.fromConfig(config, Counters.NONE), sink,
                Counters.NONE, CrawlClock.system());
        try {
            long start = System.nanoTime();
            for (String u : urls) {
                pending.acquire();
                engine.offer(u, java.net.URI.create(u).getHost(), new Metadata(), u);
            }
            done.await();
            return ok.get() / ((System.nanoTime() - start) / 1e9);
        } finally {
            engine.close();
        }
    }
}
