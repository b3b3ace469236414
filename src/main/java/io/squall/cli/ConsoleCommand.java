package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.console.ClusterConsole;
import io.squall.console.ConsoleServer;
import io.squall.console.ConsoleUrls;
import io.squall.console.HostIndexView;
import io.squall.console.StatusIndexReader;
import io.squall.console.StatusIndexView;
import io.squall.frontier.Injector;
import io.squall.metrics.Counters;
import io.squall.opensearch.SquallIndex;
import io.squall.urls.UrlFilters;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code squall console --opensearch URL}: the web console of a crawl that runs on a Storm cluster, read from
 * its status index, until Ctrl-C.
 */
final class ConsoleCommand {
    /** The options as picocli reads them and shows them in {@code squall console --help}. */
    @Command(name = "console",
            header = "the web console of a crawl on a Storm cluster", sortOptions = false,
            customSynopsis = "squall console --opensearch URL [--conf FILE] [--console-port N]",
            description = {"Serves the web console of a crawl that runs on a Storm cluster, from its status and host"
                    + " indices at URL (state, charts, the fetchers' host queues, latest errors, counts; pause, resume"
                    + " and stop; add seeds, look a URL up), on 127.0.0.1 until Ctrl-C.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Spec {
        @Parameters(hidden = true)
        List<String> args = new ArrayList<>();
        @Option(names = "--opensearch", paramLabel = "URL[,URL...]",
                description = "the OpenSearch of the crawl's status index (one or more of its nodes)")
        String openSearch;
        @Option(names = "--conf", paramLabel = "FILE", description = "a configuration file applied over crawler-conf.yaml")
        Path confFile;
        @Option(names = "--console-port", paramLabel = "N", converter = OptionValues.Port.class,
                description = "the console's port on 127.0.0.1 (default: a free one)")
        int consolePort;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    private final Path home;
    private final PrintStream err;
    private final StopSignal stop;

    ConsoleCommand(Path home, PrintStream err, StopSignal stop) {
        this.home = home;
        this.err = err;
        this.stop = stop;
    }

    int run(List<String> args) throws Exception {
        Spec spec = CommandLines.parse(new Spec(), "console", args);
        if (!spec.args.isEmpty()) {
            throw new UsageException("'squall console' takes no arguments, got '" + spec.args.get(0) + "'");
        }
        String openSearch = spec.openSearch;
        if (openSearch == null) {
            throw new UsageException("'squall console' needs --opensearch URL, the OpenSearch of the crawl to watch"
                    + " (a local crawl has its console already: see the address squall crawl prints)");
        }
        int port = spec.consolePort;
        CrawlerConfig config = CrawlSettings.forTools(home, spec.confFile, openSearch);
        try (CrawlOpenSearch os = CrawlOpenSearch.open(config, openSearch, 0, null, null, home.resolve("es-conf"))) {
            String index = SquallIndex.STATUS.name(os.config());
            StatusIndexView view = new StatusIndexView(os.client(), index);
            ConsoleUrls urls = new ConsoleUrls(new Injector(os.config(), os.client()),
                    UrlFilters.fromConfig(os.config(), Counters.NONE), view);
            String hostIndex = SquallIndex.HOSTS.name(os.config());
            ClusterConsole console = new ClusterConsole(new StatusIndexReader(os.client(), os.config()), view,
                    new HostIndexView(os.client(), hostIndex), urls,
                    os.config().getDuration("fetcher.hosts.flush.interval"),
                    "the status index '" + index + "' and the host index '" + hostIndex + "' at " + openSearch);
            try (ConsoleServer server = CrawlCommand.startConsole(port, console)) {
                err.println("Console: " + server.address() + " (the crawl whose status index '" + index + "' is at "
                        + openSearch + "; Ctrl-C ends it)");
                err.flush();
                while (!stop.requested()) {
                    Thread.sleep(CrawlCommand.TICK.toMillis());
                }
            }
        }
        return 0;
    }
}
