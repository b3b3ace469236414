package io.squall.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

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

    static final Set<String> VALUED = Set.of("conf", "opensearch", "data", "port", "console-port", "max-pages",
            "max-depth", "duration", "threads", "delay", "agent", "allow", "topology");
    static final Set<String> FLAGS = Set.of("json");

    static CrawlOptions parse(List<String> args) {
        ArgList a = ArgList.parse("crawl", args, VALUED, FLAGS);
        return new CrawlOptions(
                List.copyOf(a.positional()),
                a.value("conf", Path::of),
                a.string("opensearch", null),
                Path.of(a.string("data", "data")),
                port(a, "crawl", "port", 0),
                port(a, "crawl", "console-port", 0),
                a.value("max-pages", ArgList::positiveInt),
                a.value("max-depth", ArgList::nonNegativeInt),
                a.value("duration", Durations::parse),
                a.value("threads", ArgList::positiveInt),
                a.value("delay", ArgList::nonNegativeNumber),
                a.string("agent", null),
                a.all("allow"),
                a.flag("json"),
                a.value("topology", Path::of));
    }

    /** A port option's value, {@code fallback} when absent. */
    static int port(ArgList a, String command, String option, int fallback) {
        Integer port = a.value(option, ArgList::nonNegativeInt);
        if (port != null && port > 65535) {
            throw new UsageException("option --" + option + " of 'squall " + command + "' expects a port number up to"
                    + " 65535, got " + port);
        }
        return port == null ? fallback : port;
    }

    static final String HELP = """
            Usage: squall crawl [URL|FILE ...] [options]

            Crawls from the given URLs and seed files (one URL a line, # comments), in a local Storm cluster
            with an OpenSearch node of its own under --data. Without seeds, resumes the crawl in --data.
            Stops when nothing is due and nothing is in flight, at --max-pages, after --duration, or on Ctrl-C.

            Options:
              --agent NAME        the crawler's name (http.agent.name), required unless set in crawler-conf.yaml
              --conf FILE         a configuration file applied over crawler-conf.yaml
              --data DIR          where the crawl's data and logs are kept (default: ./data)
              --opensearch URL    use this OpenSearch instead of the embedded node
              --port N            the embedded node's HTTP port (default: a free one)
              --console-port N    the web console's port on 127.0.0.1 (default: a free one)
              --max-pages N       stop after N pages were fetched in this run
              --max-depth N       follow links at most N hops from the seeds
              --duration D        stop after D (90s, 15m, 2h, 1h30m)
              --threads N         fetcher threads (fetcher.threads.number)
              --delay SECONDS     seconds between two fetches on one host (fetcher.server.delay)
              --allow ADDR        let the address guard through to ADDR, an address, CIDR range or host name
                                  (http.address.allow; repeatable); the seeds' own addresses are allowed
              --json              print the summary as one JSON object on stdout
              --topology FILE     the topology's spouts, bolts and streams (default: Squall's topology.yaml;
                                  see docs/extending.md)
            """;
}
