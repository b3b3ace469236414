package io.squall.bench.recrawl;

import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.MetricsIndices;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Not a test: issue #40's "for days" on one machine, {@code bench/run recrawl}. A crawl that re-crawls a status
 * index of BENCH_RECRAWL_URLS pages for BENCH_RECRAWL_DURATION should keep its heap, its CPU a page and the
 * spout's search time flat (the last window against the first after the warm-up, within 10%), and a status
 * document's size bounded however often its page is fetched.
 *
 * <p>It serves a {@link GeneratedWeb} on loopback ({@link WebServer}), starts an OpenSearch node in this JVM,
 * loads the status index with every page FETCHED and due over the spread ({@link StatusLoader}), then runs
 * {@code ./squall crawl --opensearch NODE} without seeds (it resumes from the index) with {@code scheduler.class:
 * freshness}, measures every minute ({@link MinuteSampler}), compares the windows ({@link FlatnessReport}) and
 * the documents' sizes ({@link DocumentSizes}). Settings: {@link RecrawlSettings}; BENCH_CRAWL_OPTIONS adds
 * options to the crawl, as for the other benchmarks. Run from the repository root, on a test classpath.
 */
public final class RecrawlBenchmark {
    private static final Duration STOP_MARGIN = Duration.ofMinutes(10);

    private RecrawlBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        RecrawlSettings settings = RecrawlSettings.fromEnvironment(System.getenv());
        Path home = Path.of("").toAbsolutePath();
        Path dir = Files.createTempDirectory("squall-bench-recrawl");
        System.out.printf(Locale.ROOT, "Machine: %d cores, %.1f GB of memory, Java %s; load average at the start %s%n",
                Runtime.getRuntime().availableProcessors(), physicalMemoryGigabytes(), System.getProperty("java.version"),
                Proc.loadAverage());
        System.out.println("Re-crawl: " + settings.describe());
        System.out.println("Files (the crawl's log, its summary, minutes.tsv, the node's data): " + dir);
        Path conf = Files.writeString(dir.resolve("crawl.yaml"), String.format(Locale.ROOT,
                "config:%n  scheduler.class: \"freshness\"%n  fetcher.server.delay: %s%n", settings.delaySeconds()));
        GeneratedWeb web = new GeneratedWeb(settings.hosts(), settings.urls());
        int port = 0;
        if (settings.keep().isPresent()) {
            KeptIndex kept = new KeptIndex(settings.keep().get());
            OptionalInt unfinished = kept.unfinishedLoadPort(settings);
            if (kept.holds(settings)) {
                System.out.printf(Locale.ROOT, "%n== the status index kept in %s%n", kept.dir());
                Duration since = Duration.between(kept.loaded(), Instant.now());
                if (since.compareTo(settings.spread()) > 0) {
                    System.out.printf(Locale.ROOT, "  loaded %.1f h ago, with due dates spread from its start: every"
                            + " URL is due now, and the spout searches a backlog of them all%n", since.toMinutes() / 60.0);
                }
            } else {
                if (unfinished.isPresent()) {
                    System.out.printf(Locale.ROOT, "%n== going on with the load kept in %s%n", kept.dir());
                } else {
                    System.out.printf(Locale.ROOT, "%n== loading the status index into %s, kept for the next runs%n",
                            kept.dir());
                    kept.clear();
                }
                try (WebServer server = WebServer.start(web, unfinished.orElse(0));
                     EmbeddedOpenSearch node = EmbeddedOpenSearch.start(kept.nodeDir(), 0)) {
                    port = server.port();
                    kept.recordStart(settings, port);
                    load(home, conf, web, server, node, settings.spread());
                }
                kept.recordLoad(settings, port);
            }
            if (settings.loadOnly()) {
                return;
            }
            port = kept.port();
            kept.copyNodeTo(dir.resolve("opensearch"));
        }
        try (WebServer server = WebServer.start(web, port);
             EmbeddedOpenSearch node = EmbeddedOpenSearch.start(dir.resolve("opensearch"), 0)) {
            if (settings.keep().isEmpty()) {
                load(home, conf, web, server, node, settings.spread());
            }
            CrawlerConfig config = crawlConfig(home, conf).with(Map.of("opensearch.addresses", List.of(node.address())),
                    "the benchmark's node");
            OpenSearchClient client = OpenSearchClients.create(config);
            try {
                crawl(settings, dir, conf, node, server, client, config);
            } finally {
                OpenSearchClients.close(client);
            }
        }
    }

    /** Loads the status index into the node, due from now over the spread, and waits for its merges. */
    private static void load(Path home, Path conf, GeneratedWeb web, WebServer server, EmbeddedOpenSearch node,
            Duration spread) throws Exception {
        CrawlerConfig config = crawlConfig(home, conf).with(Map.of("opensearch.addresses", List.of(node.address())),
                "the benchmark's node");
        OpenSearchClient client = OpenSearchClients.create(config);
        try {
            System.out.printf(Locale.ROOT, "%n== loading the status index (web on port %d)%n", server.port());
            StatusLoader loader = new StatusLoader(client, config, web, server.port());
            loader.load(home.resolve("es-conf"), Instant.now(), spread, loader.resumeFrom(StatusLoader.RESUME_MARGIN));
            loader.settle();
        } finally {
            OpenSearchClients.close(client);
        }
    }

    private static void crawl(RecrawlSettings settings, Path dir, Path conf, EmbeddedOpenSearch node, WebServer server,
            OpenSearchClient client, CrawlerConfig config) throws Exception {
        List<String> command = new ArrayList<>(List.of("./squall", "crawl", "--opensearch", node.address(), "--data",
                dir.resolve("data").toString(), "--conf", conf.toString(), "--duration",
                settings.duration().toSeconds() + "s", "--agent", "squall-bench", "--allow", LoopbackHosts.RANGE,
                "--json"));
        String extra = System.getenv().getOrDefault("BENCH_CRAWL_OPTIONS", "").strip();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        System.out.printf(Locale.ROOT, "%n== crawling: %s%n", String.join(" ", command));
        Instant crawlStart = Instant.now();
        long startNanos = System.nanoTime();
        Process crawl = new ProcessBuilder(command).redirectOutput(dir.resolve("summary.json").toFile())
                .redirectError(dir.resolve("crawl.log").toFile()).start();
        List<Minute> minutes;
        try {
            String statusIndex = SquallIndex.STATUS.name(config);
            minutes = new MinuteSampler(crawl, server, client, statusIndex,
                    new SpoutSearches(client, MetricsIndices.pattern(SquallIndex.METRICS.name(config))),
                    new HeapAfterGc(dir), dir.resolve("minutes.tsv"), System.out)
                    .run(startNanos, startNanos + settings.duration().plus(STOP_MARGIN).toNanos());
        } finally {
            if (crawl.isAlive()) {
                crawl.destroy(); // the sampler failed: the crawl stops as on Ctrl-C
            }
        }
        String summary = Files.readString(dir.resolve("summary.json")).strip();
        System.out.printf(Locale.ROOT, "%n== the crawl ended (exit code %d, load average %s): %s%n", crawl.waitFor(),
                Proc.loadAverage(), summary);
        if (!summary.contains("\"stopReason\":\"duration\"")) {
            System.out.println("  WARNING: the crawl did not run for its --duration; its figures cover a shorter crawl");
        }
        System.out.println("  per minute: " + dir.resolve("minutes.tsv"));
        System.out.printf(Locale.ROOT, "%n== the first window after the warm-up against the last%n");
        System.out.print(FlatnessReport.of(minutes, (int) settings.warmup().toMinutes(),
                (int) settings.window().toMinutes()).text());
        System.out.print(DocumentSizes.report(client, SquallIndex.STATUS.name(config), crawlStart));
    }

    /** The crawl's configuration as `squall crawl` reads it: the Squall directory's files, then the benchmark's. */
    private static CrawlerConfig crawlConfig(Path home, Path conf) {
        List<Path> files = new ArrayList<>();
        for (Path file : List.of(home.resolve("crawler-conf.yaml"), home.resolve("es-conf/opensearch-conf.yaml"))) {
            if (Files.isRegularFile(file)) {
                files.add(file);
            }
        }
        files.add(conf);
        return ConfigLoader.load(CrawlerConfig.defaults(), files);
    }

    private static double physicalMemoryGigabytes() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize() / 1e9;
    }
}
