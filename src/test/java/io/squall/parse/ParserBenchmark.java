package io.squall.parse;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.metrics.Counters;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;

/**
 * Parser throughput on one thread (CPU time of that thread) against plain jsoup (parse + select("a[href]")) on the same pages.
 * Not a test: run {@code ParserBenchmark <directory of .html files> [rounds]}, e.g. on
 * /usr/share/doc/python3.11/html (Debian's python3.11-doc).
 */
public final class ParserBenchmark {
    private record Page(String url, byte[] bytes) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: ParserBenchmark <directory> [rounds]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<Page> pages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".html")).sorted().toList()) {
                pages.add(new Page("https://docs.example.org/" + dir.relativize(f).toString().replace('\\', '/'),
                        Files.readAllBytes(f)));
            }
        }
        long bytes = pages.stream().mapToLong(p -> p.bytes.length).sum();
        System.out.printf("%d pages, %.1f MB%n", pages.size(), bytes / 1e6);
        ParseProcessor processor = ParseProcessor.fromConfig(CrawlerConfig.defaults(), Counters.NONE);
        double bestRaw = Double.MAX_VALUE;
        double bestSquall = Double.MAX_VALUE;
        List<Double> ratios = new ArrayList<>();
        long sink = 0;
        // Thread CPU time, not wall time: on a shared machine other processes' load would decide the result.
        // Even CPU time moves with the load (caches, a busy host), so the two parsers take turns page by
        // page, in alternating order, and each round's ratio compares times taken under the same load.
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < rounds + 1; round++) { // round 0 warms up
            long raw = 0;
            long squall = 0;
            for (int i = 0; i < pages.size(); i++) {
                Page p = pages.get(i);
                boolean rawFirst = (i + round) % 2 == 0;
                for (int turn = 0; turn < 2; turn++) {
                    long t0 = cpu.getCurrentThreadCpuTime();
                    if ((turn == 0) == rawFirst) {
                        sink += Jsoup.parse(new String(p.bytes, StandardCharsets.UTF_8), p.url).select("a[href]").size();
                        raw += cpu.getCurrentThreadCpuTime() - t0;
                    } else {
                        Metadata md = new Metadata().set("Content-Type", "text/html");
                        sink += processor.process(p.url, p.bytes, md).discovered().size();
                        squall += cpu.getCurrentThreadCpuTime() - t0;
                    }
                }
            }
            if (round > 0) {
                bestRaw = Math.min(bestRaw, raw / 1e9);
                bestSquall = Math.min(bestSquall, squall / 1e9);
                ratios.add(100.0 * raw / squall);
            }
        }
        report("jsoup parse + select(a[href])", pages.size(), bytes, bestRaw);
        report("Squall ParseProcessor", pages.size(), bytes, bestSquall);
        Collections.sort(ratios);
        System.out.printf("Squall / raw: %.0f%% of best rounds; per round %.0f%% to %.0f%%, median %.0f%% (sink %d)%n",
                100 * bestRaw / bestSquall, ratios.get(0), ratios.get(ratios.size() - 1), ratios.get(ratios.size() / 2),
                sink);
    }

    private static void report(String name, int pages, long bytes, double seconds) {
        System.out.printf("%-32s %8.1f pages/s %7.1f MB/s (best round: %.2f s of CPU)%n", name, pages / seconds,
                bytes / 1e6 / seconds, seconds);
    }
}
