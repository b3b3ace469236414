package io.squall.fetch.bench;

import io.squall.config.CrawlerConfig;
import io.squall.testsupport.FetchTestConfig;
import io.squall.http.HttpProtocol;
import io.squall.render.RenderRule;
import io.squall.render.RenderingProtocol;
import io.squall.metrics.CounterTally;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What rendering costs: pages whose content a same-host script builds (about 10 KB of text, a script and a
 * JSON request each) rendered by a pool of Chromium browsers, one fetch thread per browser. Prints the
 * browsers' memory per browser (chromedriver, Chromium and its helpers, after the renders) and the
 * CPU seconds per page of the browsers' processes and of this JVM. Not a test: run with
 * {@code java ... io.squall.fetch.bench.RenderBenchmark [pages] [browsers]} (docs/benchmarks.md).
 */
public final class RenderBenchmark {
    private static final long TICKS_PER_SECOND = 100; // USER_HZ on Linux

    private RenderBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int pages = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int browsers = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 150; i++) {
                text.append("Paragraph ").append(i).append(" of text that a script writes into the page. ");
            }
            site.on("/app.js", Response.status(200).contentType("text/javascript").body("""
                    document.addEventListener('DOMContentLoaded', function () {
                      document.getElementById('app').textContent = '%s';
                      fetch('/data.json').then(function (r) { return r.json(); }).then(function (d) {
                        document.getElementById('data').textContent = d.text;
                      });
                    });
                    """.formatted(text)));
            site.on("/data.json", Response.status(200).contentType("application/json").body("{\"text\": \"data\"}"));
            for (int i = 0; i < pages; i++) {
                site.on("/p" + i, Response.html("<!DOCTYPE html><html><head><title>Page " + i
                        + "</title><script src=\"/app.js\"></script></head><body><div id=app></div>"
                        + "<div id=data></div></body></html>"));
            }
            CrawlerConfig config = FetchTestConfig.with("fetcher.render.hosts", List.of(site.host()),
                    "fetcher.render.browsers", browsers, "http.deadline", 30_000);
            CounterTally counters = new CounterTally();
            try (RenderingProtocol protocol = new RenderingProtocol(new HttpProtocol(config),
                    RenderRule.fromConfig(config), config, counters)) {
                // one page per browser first, so that every browser has started before the count begins
                render(protocol, site, browsers, 0, browsers);
                long browserCpu = browsersCpuTicks();
                long jvmCpu = jvmCpuNanos();
                long start = System.nanoTime();
                render(protocol, site, browsers, browsers, pages);
                double seconds = (System.nanoTime() - start) / 1e9;
                int counted = pages - browsers;
                double browserCpuPerPage = (browsersCpuTicks() - browserCpu) / (double) TICKS_PER_SECOND / counted;
                double jvmCpuPerPage = (jvmCpuNanos() - jvmCpu) / 1e9 / counted;
                System.out.printf("%d pages, %d browser(s): %.1f pages/s (wall clock, the machine's load included)%n",
                        counted, browsers, counted / seconds);
                System.out.printf("CPU per page: browsers %.3f s, JVM %.3f s%n", browserCpuPerPage, jvmCpuPerPage);
                System.out.printf("memory per browser: RSS %.0f MB (shared pages counted in each), PSS %.0f MB%n",
                        browsersMemory("status", "VmRSS:") / (double) browsers / (1 << 20),
                        browsersMemory("smaps_rollup", "Pss:") / (double) browsers / (1 << 20));
                System.out.println("rendered " + counters.get("fetcher.render.pages") + ", failures "
                        + counters.get("fetcher.render.failures"));
            }
        }
    }

    private static void render(RenderingProtocol protocol, Site site, int threads, int from, int to)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = from; i < to; i++) {
                String url = site.url("/p" + i);
                done.add(pool.submit(() -> protocol.fetch(url, null)));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    private static long jvmCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * The CPU ticks of this JVM's descendants: each live process's own and those of its children it has
     * reaped (Chromium's renderers come and go), so that every process is counted once.
     */
    private static long browsersCpuTicks() {
        return ProcessHandle.current().descendants().mapToLong(p -> {
            String[] f = stat(p.pid());
            return f == null ? 0 : Long.parseLong(f[13]) + Long.parseLong(f[14]) + Long.parseLong(f[15])
                    + Long.parseLong(f[16]);
        }).sum();
    }

    /** The sum of a field of the JVM's descendants' memory ({@code VmRSS} counts shared pages in each). */
    private static long browsersMemory(String file, String field) {
        return ProcessHandle.current().descendants().mapToLong(p -> {
            try (var lines = Files.lines(Path.of("/proc", Long.toString(p.pid()), file))) {
                return lines.filter(l -> l.startsWith(field)).findFirst()
                        .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024).orElse(0L);
            } catch (IOException | RuntimeException e) {
                return 0L;
            }
        }).sum();
    }

    /** /proc/PID/stat's fields, the command name (which may hold spaces) skipped; null when gone. */
    private static String[] stat(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] rest = s.substring(s.lastIndexOf(')') + 2).split(" ");
            String[] fields = new String[rest.length + 2];
            System.arraycopy(rest, 0, fields, 2, rest.length);
            return fields;
        } catch (IOException e) {
            return null;
        }
    }
}
