package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.SquallIndex;
import io.squall.report.Counts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.client.opensearch.OpenSearchClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code squall serve}: starts the embedded OpenSearch node of a finished local crawl again, on a fixed port of
 * the loopback address, with the crawl's indices read-only, until Ctrl-C: curl, {@code squall export} and
 * OpenSearch Dashboards can then look at what the crawl stored.
 */
final class ServeCommand {
    static final int DEFAULT_PORT = 9200;
    /** The options as picocli reads them and shows them in {@code squall serve --help}. */
    @Command(name = "serve",
            header = "start a finished crawl's OpenSearch again, read-only, for curl and Dashboards", sortOptions = false,
            customSynopsis = "squall serve [--data DIR] [--port N] [--conf FILE]",
            description = {"Starts the OpenSearch node of the crawl in --data (default ./data) on http://127.0.0.1:N"
                    + " (default 9200, this machine only), with the crawl's indices read-only, and keeps it up until"
                    + " Ctrl-C: search the results with curl, squall status, squall export or OpenSearch Dashboards."
                    + " The crawl must not be running (a running crawl's node is already there: see its header).", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Spec {
        @Parameters(hidden = true)
        List<String> args = new ArrayList<>();
        @Option(names = "--data", paramLabel = "DIR", description = "the crawl's data directory (default: ./data)")
        Path dataDir = Path.of("data");
        @Option(names = "--port", paramLabel = "N", converter = OptionValues.Port.class,
                description = "the node's HTTP port on 127.0.0.1 (default: " + DEFAULT_PORT + ")")
        int port = DEFAULT_PORT;
        @Option(names = "--conf", paramLabel = "FILE", description = "a configuration file applied over crawler-conf.yaml")
        Path confFile;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    private static final Duration TICK = Duration.ofMillis(250);

    private final Path home;
    private final PrintStream out;
    private final PrintStream err;
    private final StopSignal stop;

    ServeCommand(Path home, PrintStream out, PrintStream err, StopSignal stop) {
        this.home = home;
        this.out = out;
        this.err = err;
        this.stop = stop;
    }

    int run(List<String> args) throws Exception {
        Spec spec = CommandLines.parse(new Spec(), "serve", args);
        if (!spec.args.isEmpty()) {
            throw new UsageException("'squall serve' takes no arguments, got '" + spec.args.get(0) + "'");
        }
        int port = spec.port;
        ToolOptions options = new ToolOptions(List.of(), spec.confFile, null, spec.dataDir, false);
        ToolCommands.requireCrawl(options);
        CrawlerConfig config = CrawlSettings.forTools(home, options.confFile(), null);
        try (CrawlDataDir data = new CrawlDataDir(options.dataDir())) {
            if (!data.tryLock()) {
                throw new UsageException("data directory '" + options.dataDir() + "' is in use by a running squall"
                        + data.runningCrawlAddress().map(address -> " whose OpenSearch is at " + address).orElse("")
                        + ": wait for it to end");
            }
            err.println("Starting OpenSearch (embedded, data in " + data.openSearchData() + ")...");
            err.flush();
            try (CrawlOpenSearch os = CrawlOpenSearch.open(config, null, port, data, null, home.resolve("es-conf"))) {
                data.publishAddress(os.address());
                ReadOnlyIndices.block(os.client(), os.config());
                try {
                    out.print(instructions(os.address(), options.dataDir(), os.config(), counts(os.client(), os.config())));
                    out.flush();
                    while (!stop.requested()) {
                        Thread.sleep(TICK.toMillis());
                    }
                    err.println("Stopping OpenSearch...");
                } finally {
                    ReadOnlyIndices.lift(os.client(), os.config());
                }
            }
        }
        return 0;
    }

    private static long[] counts(OpenSearchClient client, CrawlerConfig config) throws IOException {
        return new long[] {
            client.count(c -> c.index(SquallIndex.STATUS.name(config))).count(),
            client.count(c -> c.index(SquallIndex.CONTENT.name(config))).count()};
    }

    /** What the user can do with the node: the address, curl commands to paste, and Dashboards' setting. */
    static String instructions(String address, Path dataDir, CrawlerConfig config, long[] counts) {
        String status = SquallIndex.STATUS.name(config);
        String content = SquallIndex.CONTENT.name(config);
        String metrics = SquallIndex.METRICS.name(config);
        return String.format("""
                Serving the crawl in %1$s at %2$s (read-only: %3$s URLs in '%4$s', %5$s pages in '%6$s'), until Ctrl-C.

                Try:
                  curl '%2$s/_cat/indices/%4$s,%6$s,%7$s?v'
                  curl '%2$s/%4$s/_search?q=status:FETCHED&size=5&pretty'
                  curl '%2$s/%4$s/_search?size=0&pretty' -H 'Content-Type: application/json' \\
                       -d '{"aggs": {"status": {"terms": {"field": "status"}}, "hosts": {"terms": {"field": "key"}}}}'
                  curl '%2$s/%6$s/_search?q=text:crawler&_source=url,title&pretty'
                  squall export --data %1$s --index content --format csv --output content.csv

                OpenSearch Dashboards 2.x (without its security plugin: this node has none): in
                config/opensearch_dashboards.yml set
                  opensearch.hosts: ["%2$s"]
                start Dashboards, and add the index patterns %4$s (time field nextFetchDate), %6$s (fetchDate)
                and %7$s (timestamp) under Dashboards Management.
                """, dataDir, address, Counts.of(counts[0]), status, Counts.of(counts[1]), content,
                metrics);
    }
}
