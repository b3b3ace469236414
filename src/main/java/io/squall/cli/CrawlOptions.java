package io.squall.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code squall crawl} was asked to do. Options that are settings ({@code --threads}, {@code --delay},
 * {@code --max-depth}, {@code --agent}, {@code --opensearch}, {@code --allow}) become configuration overrides; the others
 * steer local mode itself.
 *
 * @param seeds URLs and seed files, in the order given
 * @param confFile an extra configuration file, or null
 * @param openSearch an external OpenSearch address, or null for the embedded node
 * @param dataDir where the embedded node keeps its data and local mode its logs
 * @param port the embedded node's HTTP port; 0 for a free one
 * @param consolePort the web console's port on 127.0.0.1; 0 for a free one
 * @param maxPages stop once this many pages were fetched in this run, or null
 * @param maxDepth links followed from the seeds, or null for the configured value
 * @param duration stop after this long, or null
 * @param threads fetcher threads, or null
 * @param delay seconds between fetches on one host, or null
 * @param agent the crawler's name (http.agent.name), or null
 * @param allow addresses, CIDR ranges and host names added to http.address.allow
 * @param json print the summary as one JSON object on stdout
 * @param topologyFile the Flux file of the topology, or null for Squall's topology.yaml
 */
record CrawlOptions(List<String> seeds, Path confFile, String openSearch, Path dataDir, int port, int consolePort,
        Integer maxPages, Integer maxDepth, Duration duration, Integer threads, Double delay, String agent,
        List<String> allow, boolean json, Path topologyFile) {

    static CrawlOptions parse(List<String> args) {
        return CommandLines.parse(new Spec(), "crawl", args).options();
    }

    /** The options as picocli reads them and shows them in {@code squall crawl --help}. */
    @Command(name = "crawl",
            header = "crawl from seeds, or resume the crawl in --data", sortOptions = false,
            customSynopsis = "squall crawl [URL|FILE ...] [options]",
            description = {"Crawls from the given URLs and seed files (one URL a line, # comments), in a local Storm"
                    + " cluster with an OpenSearch node of its own under --data. Without seeds, resumes the crawl in"
                    + " --data. Stops when nothing is due and nothing is in flight, at --max-pages, after --duration,"
                    + " or on Ctrl-C.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Spec {
        @Parameters(paramLabel = "URL|FILE", hidden = true)
        List<String> seeds = new ArrayList<>();
        @Option(names = "--agent", paramLabel = "NAME",
                description = "the crawler's name (http.agent.name), required unless set in crawler-conf.yaml")
        String agent;
        @Option(names = "--conf", paramLabel = "FILE", description = "a configuration file applied over crawler-conf.yaml")
        Path confFile;
        @Option(names = "--data", paramLabel = "DIR", description = "where the crawl's data and logs are kept (default: ./data)")
        Path dataDir = Path.of("data");
        @Option(names = "--opensearch", paramLabel = "URL[,URL...]",
                description = "use this OpenSearch (one or more of its nodes) instead of the embedded node")
        String openSearch;
        @Option(names = "--port", paramLabel = "N", converter = OptionValues.Port.class,
                description = "the embedded node's HTTP port (default: a free one)")
        int port;
        @Option(names = "--console-port", paramLabel = "N", converter = OptionValues.Port.class,
                description = "the web console's port on 127.0.0.1 (default: a free one)")
        int consolePort;
        @Option(names = "--max-pages", paramLabel = "N", converter = OptionValues.PositiveInt.class,
                description = "stop after N pages were fetched in this run")
        Integer maxPages;
        @Option(names = "--max-depth", paramLabel = "N", converter = OptionValues.NonNegativeInt.class,
                description = "follow links at most N hops from the seeds")
        Integer maxDepth;
        @Option(names = "--duration", paramLabel = "D", converter = OptionValues.PositiveDuration.class,
                description = "stop after D (90s, 15m, 2h, 1h30m, 1d)")
        Duration duration;
        @Option(names = "--threads", paramLabel = "N", converter = OptionValues.PositiveInt.class,
                description = "fetcher threads (fetcher.threads.number)")
        Integer threads;
        @Option(names = "--delay", paramLabel = "SECONDS", converter = OptionValues.Seconds.class,
                description = "seconds between two fetches on one host (fetcher.server.delay)")
        Double delay;
        @Option(names = "--allow", paramLabel = "ADDR", description = "let the address guard through to ADDR, an"
                + " address, CIDR range or host name (http.address.allow; repeatable); the seeds' own addresses are"
                + " allowed, and both are kept in --data for the runs after this one")
        List<String> allow = new ArrayList<>();
        @Option(names = "--json", arity = "0", description = "print the summary as one JSON object on stdout")
        boolean json;
        @Option(names = "--topology", paramLabel = "FILE", description = "the topology's spouts, bolts and streams"
                + " (default: Squall's topology.yaml; see docs/extending.md)")
        Path topologyFile;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;

        CrawlOptions options() {
            return new CrawlOptions(List.copyOf(seeds), confFile, openSearch, dataDir, port, consolePort, maxPages,
                    maxDepth, duration, threads, delay, agent, List.copyOf(allow), json, topologyFile);
        }
    }
}
