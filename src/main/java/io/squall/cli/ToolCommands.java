package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.console.StatusIndexReader;
import io.squall.frontier.InjectionReport;
import io.squall.frontier.Injector;
import io.squall.local.InjectionSignal;
import io.squall.report.CrawlSummary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code squall status} and {@code squall inject}: they work on the OpenSearch of a crawl, whether that
 * crawl is running (its node is used), finished (the node is started on its data directory for the
 * command) or external ({@code --opensearch}).
 */
final class ToolCommands {
    private final Path home;
    private final PrintStream out;
    private final PrintStream err;

    ToolCommands(Path home, PrintStream out, PrintStream err) {
        this.home = home;
        this.out = out;
        this.err = err;
    }

    int status(List<String> args) throws Exception {
        ToolOptions options = CommandLines.parse(new ToolOptions.Status(), "status", args).options();
        if (!options.args().isEmpty()) {
            throw new UsageException("'squall status' takes no arguments, got '" + options.args().get(0) + "'");
        }
        requireCrawl(options);
        try (CrawlOpenSearch os = open(home, options)) {
            StatusIndexReader index = new StatusIndexReader(os.client(), os.config());
            index.refresh();
            CrawlSummary summary = new CrawlSummary(null, null, null, 0, 0, null, index.report(CrawlCommand.TOP),
                    null);
            out.println(options.json() ? summary.toJson() : summary.toText());
            return 0;
        }
    }

    int inject(List<String> args) throws Exception {
        ToolOptions options = CommandLines.parse(new ToolOptions.Inject(), "inject", args).options();
        if (options.args().isEmpty()) {
            throw new UsageException("'squall inject' needs seed URLs or seed files");
        }
        SeedList seeds = SeedList.read(options.args()).requireSome(options.args());
        try (CrawlOpenSearch os = open(home, options)) {
            if (options.openSearch() == null) {
                // Allowed from the next run on the directory: a running crawl keeps the guard it started with.
                KeptAllowList.add(options.dataDir(), SeedAddresses.special(seeds.urls()));
            }
            Injector injector = new Injector(os.config(), os.client());
            List<String> urls = new ArrayList<>();
            List<InjectionReport> reports = new ArrayList<>();
            for (String arg : options.args()) {
                if (arg.contains("://")) {
                    urls.add(arg);
                } else {
                    reports.add(injector.inject(Path.of(arg), p -> err.println("warning: seed " + p)));
                }
            }
            if (!urls.isEmpty()) {
                reports.add(injector.inject(urls, p -> err.println("warning: seed " + p)));
            }
            long failed = 0;
            long added = 0;
            for (InjectionReport report : reports) {
                out.println(report);
                failed += report.failed();
                added += report.added();
            }
            if (added > 0 && options.openSearch() == null) {
                InjectionSignal.announce(options.dataDir()); // a crawl running there searches for them now
            }
            return failed > 0 ? 1 : 0;
        }
    }

    /** Refuses a data directory that holds no crawl (missing, empty, or not a crawl's) before anything starts. */
    static void requireCrawl(ToolOptions options) {
        if (options.openSearch() == null && !Files.isDirectory(options.dataDir().resolve("opensearch"))) {
            throw new UsageException("no crawl in data directory '" + options.dataDir() + "': run squall crawl first,"
                    + " or name the crawl with --data DIR or --opensearch URL");
        }
    }

    /** The OpenSearch of the crawl the options name; the caller closes it. */
    static CrawlOpenSearch open(Path home, ToolOptions options) throws Exception {
        CrawlerConfig config = CrawlSettings.forTools(home, options.confFile(), options.openSearch());
        Path esConf = home.resolve("es-conf");
        if (options.openSearch() != null) {
            return CrawlOpenSearch.open(config, options.openSearch(), 0, null, null, esConf);
        }
        CrawlDataDir data = new CrawlDataDir(options.dataDir());
        if (data.tryLock()) {
            // No crawl is running there: start its node for this command, and free the directory after.
            try {
                return CrawlOpenSearch.open(config, null, 0, data, null, esConf).closingAlso(data);
            } catch (Exception | Error e) {
                data.close();
                throw e;
            }
        }
        String address = data.runningCrawlAddress().orElseThrow(() -> new UsageException("data directory '"
                + options.dataDir() + "' is locked by a squall process that has not published its OpenSearch yet:"
                + " try again in a moment"));
        return CrawlOpenSearch.open(config, null, 0, null, address, esConf);
    }
}
