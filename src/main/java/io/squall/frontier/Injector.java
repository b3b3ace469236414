package io.squall.frontier;

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.urls.UrlFilterChain;
import io.squall.urls.UrlFilters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Puts seeds into the status index as DISCOVERED, create-only, so injecting the same seeds twice changes
 * nothing. The seed format is StormCrawler's: one URL per line, optionally followed by TAB-separated
 * {@code key=value} metadata; blank lines and lines starting with {@code #} are ignored.
 *
 * <p>Each seed gets depth 0 and {@code isSeed=true}, and goes through the configured URL filter chain
 * (which normalizes it). A line that is rejected is reported, with its source and line number, to the
 * problem sink and counted; the others are written through the same {@link StatusWriter} as the crawl's.
 */
public final class Injector {
    private final CrawlerConfig config;
    private final OpenSearchClient client;
    private final UrlFilterChain filter;

    public Injector(CrawlerConfig config, OpenSearchClient client) {
        this.config = config;
        this.client = client;
        this.filter = UrlFilters.fromConfig(config, Counters.NONE); // the report says what was rejected
    }

    /** Injects the seeds of a file (UTF-8); problems are reported as {@code file:line: ...}. */
    public InjectionReport inject(Path seedFile, Consumer<String> problems) throws IOException {
        try (Reader reader = Files.newBufferedReader(seedFile, StandardCharsets.UTF_8)) {
            return inject(reader, seedFile.toString(), problems);
        }
    }

    /** Injects seeds given as strings (command-line arguments), each in the seed-line format. */
    public InjectionReport inject(List<String> seedLines, Consumer<String> problems) throws IOException {
        return inject(new StringReader(String.join("\n", seedLines)), "argument", problems);
    }

    /**
     * Injects the seed lines read from the reader, and returns once OpenSearch has answered for all.
     *
     * @param source names the input in problem reports (a file name)
     * @param problems receives one line per rejected or failed seed; may be called from I/O threads
     */
    public InjectionReport inject(Reader seeds, String source, Consumer<String> problems) throws IOException {
        IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
        Consumer<String> report = line -> {
            synchronized (problems) {
                problems.accept(line);
            }
        };
        AtomicLong added = new AtomicLong();
        AtomicLong known = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long rejected = 0;
        BufferedReader lines = seeds instanceof BufferedReader b ? b : new BufferedReader(seeds);
        try (BulkWriter bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "injector")) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE);
            String line;
            int number = 0;
            while ((line = lines.readLine()) != null) {
                number++;
                String where = source + ":" + number + ": ";
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                Seed seed = parse(trimmed);
                if (seed.problem() != null) {
                    report.accept(where + seed.problem());
                    rejected++;
                    continue;
                }
                FilterVerdict verdict = filter.filter(seed.url(), seed.metadata());
                if (!verdict.accepted()) {
                    report.accept(where + seed.url() + " REJECTED " + verdict.rejectedBy() + ": " + verdict.reason());
                    rejected++;
                    continue;
                }
                StatusWriter.Submission submission = writer.write(verdict.url(), seed.metadata(), Status.DISCOVERED,
                        new BulkWriter.Callback() {
                            @Override
                            public void succeeded(boolean alreadyExisted) {
                                (alreadyExisted ? known : added).incrementAndGet();
                            }

                            @Override
                            public void failed(String reason) {
                                failed.incrementAndGet();
                                report.accept(where + verdict.url() + " not written: " + reason);
                            }
                        });
                if (submission == StatusWriter.Submission.ALREADY_KNOWN) {
                    known.incrementAndGet();
                }
            }
        }
        return new InjectionReport(added.get(), known.get(), rejected, failed.get());
    }

    private record Seed(String url, Metadata metadata, String problem) {
    }

    private static Seed parse(String line) {
        String[] parts = line.split("\t");
        String url = parts[0].strip();
        Metadata md = new Metadata();
        for (int i = 1; i < parts.length; i++) {
            String pair = parts[i].strip();
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                return new Seed(url, md, url + " REJECTED metadata: '" + pair + "' is not key=value");
            }
            md.add(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        String interval = md.getFirst(MetadataKeys.FETCH_INTERVAL);
        if (interval != null) {
            try {
                FetchIntervals.parse(interval);
            } catch (IllegalArgumentException e) {
                return new Seed(url, md, url + " REJECTED metadata: " + e.getMessage());
            }
        }
        md.set(MetadataKeys.DEPTH, "0");
        md.set(MetadataKeys.IS_SEED, "true");
        return new Seed(url, md, null);
    }

    /**
     * {@code Injector [--conf file.yaml]... (seed-file | URL)...}: arguments containing "://" are seed URLs,
     * the others seed files. Without --conf, reads crawler-conf.yaml and es-conf/opensearch-conf.yaml from
     * the current directory when present. Exits 1 when a seed could not be written.
     */
    public static void main(String[] args) throws IOException {
        List<Path> confs = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--conf") && i + 1 < args.length) {
                confs.add(Path.of(args[++i]));
            } else if (args[i].contains("://")) {
                urls.add(args[i]);
            } else {
                files.add(Path.of(args[i]));
            }
        }
        if (urls.isEmpty() && files.isEmpty()) {
            System.err.println("usage: Injector [--conf file.yaml]... (seed-file | URL)...");
            System.exit(2);
        }
        CrawlerConfig config = confs.isEmpty()
                ? ConfigLoader.loadExisting(List.of(Path.of("crawler-conf.yaml"), Path.of("es-conf/opensearch-conf.yaml")))
                : ConfigLoader.load(confs);
        OpenSearchClient client = OpenSearchClients.create(config);
        long failed = 0;
        try {
            IndexSetup.awaitReachable(client, config);
            Injector injector = new Injector(config, client);
            List<InjectionReport> reports = new ArrayList<>();
            if (!urls.isEmpty()) {
                reports.add(injector.inject(urls, System.err::println));
            }
            for (Path file : files) {
                reports.add(injector.inject(file, System.err::println));
            }
            for (InjectionReport r : reports) {
                System.out.println(r);
                failed += r.failed();
            }
        } finally {
            OpenSearchClients.close(client);
        }
        System.exit(failed > 0 ? 1 : 0);
    }
}
