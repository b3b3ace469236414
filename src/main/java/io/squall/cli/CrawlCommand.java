package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.config.Durations;
import io.squall.config.MessageTimeout;
import io.squall.console.ConsoleServer;
import io.squall.console.ConsoleUrls;
import io.squall.console.CrawlControl;
import io.squall.console.LocalConsole;
import io.squall.console.ReportPage;
import io.squall.console.StatusIndexReader;
import io.squall.console.StatusIndexView;
import io.squall.core.CrawlClock;
import io.squall.fetch.PolitenessDelay;
import io.squall.frontier.GuardRefusals;
import io.squall.frontier.InjectionReport;
import io.squall.frontier.Injector;
import io.squall.http.UserAgent;
import io.squall.local.ClusterStart;
import io.squall.local.DepthLimit;
import io.squall.local.InjectionSignal;
import io.squall.local.LiveStats;
import io.squall.local.LocalCrawlTopology;
import io.squall.local.LocalMetricsReporter;
import io.squall.local.LocalSecrets;
import io.squall.local.OpenSearchOutage;
import io.squall.local.RecountPolicy;
import io.squall.local.StopPolicy;
import io.squall.local.StopReason;
import io.squall.local.StormLocalDir;
import io.squall.local.WarmUp;
import io.squall.local.WritesWait;
import io.squall.metrics.Counters;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.opensearch.SquallIndex;
import io.squall.report.Counts;
import io.squall.report.CrawlSummary;
import io.squall.report.NextDue;
import io.squall.report.ProgressSample;
import io.squall.topology.FluxTopology;
import io.squall.topology.TopologyChecks;
import io.squall.urls.UrlFilters;
import io.squall.warc.WarcArchive;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.apache.storm.Config;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.generated.StormTopology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code squall crawl}: injects the seeds, runs the topology in a local Storm cluster against an
 * OpenSearch (embedded under the data directory unless given), reports progress on the terminal and in
 * the web console, stops when the frontier is dry (under --duration: with no URL due before its end), a
 * limit is reached or the console says so, and prints a summary.
 */
final class CrawlCommand {
    private static final Logger LOG = LoggerFactory.getLogger(CrawlCommand.class);
    static final Duration TICK = Duration.ofMillis(250);
    static final Duration PROGRESS_EVERY = Duration.ofSeconds(3);
    /**
     * How long a stop before the frontier is dry lets in-flight URLs be fetched; then the fetchers fetch
     * nothing more and the stop waits, without a bound, for the outcomes of the pages fetched to be written.
     */
    static final Duration DRAIN = Duration.ofSeconds(10);
    /** How often a drain looks whether the URLs in flight are done: the last ones take tens of milliseconds. */
    static final Duration DRAIN_POLL = Duration.ofMillis(20);
    static final int TOP = 10;
    /** How long a stop waits for a worker that is still starting before the cluster is closed. */
    static final Duration WORKER_START_WAIT = Duration.ofSeconds(60);
    /** How long the summary waits for an unreachable OpenSearch before the crawl ends without it. */
    static final Duration FINAL_REPORT_WAIT = Duration.ofSeconds(60);
    /** How long an open console page is waited for to show the final report (it asks every 2 s). */
    static final Duration FINAL_REPORT_SHOWN_WAIT = Duration.ofSeconds(10);

    private final Path home;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final StopSignal stop;

    CrawlCommand(Path home, PrintStream out, PrintStream err, boolean terminal, StopSignal stop) {
        this.home = home;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.stop = stop;
    }

    int run(CrawlOptions options) throws Exception {
        CrawlerConfig config = CrawlSettings.forCrawl(home, options);
        SeedList.read(options.seeds()).requireSome(options.seeds());
        Path topologyFile = options.topologyFile() != null ? options.topologyFile() : home.resolve("topology.yaml");
        TopologyDef topologyDef = FluxTopology.parse(topologyFile, false, config.asMap());
        // A wiring mistake stops the crawl before anything starts; the topology is built again with the crawl's
        // final settings.
        FluxTopology.build(topologyFile, topologyDef, TopologyChecks.withShippedFiles(config));

        try (CrawlDataDir data = new CrawlDataDir(options.dataDir())) {
            if (!data.tryLock()) {
                throw new UsageException("data directory '" + options.dataDir() + "' is in use by another squall"
                        + " crawl or squall serve: wait for it to end, or use another --data");
            }
            // Before the seeds are stored: every run on the directory allows what this one was told to.
            KeptAllowList.add(data.dir(), CrawlSettings.ownAllowed(options));
            StopPolicy policy = new StopPolicy(options.maxPages(), options.duration());
            LocalConsole console = new LocalConsole(policy);
            // Taken before the local Storm cluster starts, and only once this process holds the directory.
            try (StormLocalDir stormDir = StormLocalDir.take(data.dir());
                 ConsoleServer server = startConsole(options.consolePort(), console);
                 ClusterStart cluster = ClusterStart.begin(options.openSearch() == null,
                         config.getInt("topology.workers"));
                 CrawlOpenSearch os = startOpenSearch(config, options, data)) {
                stop.beforeHalt(stormDir::remove);
                CrawlerConfig crawlConfig = withWarcDir(withCrawlLog(options.maxDepth() == null ? os.config()
                        : DepthLimit.apply(os.config(), options.maxDepth(), data.dir()), data.dir()), data.dir());
                CrawlSummary summary = crawl(topologyFile, topologyDef, crawlConfig, options, policy, console, server,
                        os, data, cluster);
                writeReport(console, summary, data.dir());
                out.println(options.json() ? summary.toJson() : summary.toText());
                // With --json, stdout holds the JSON object alone.
                (options.json() ? err : out).print(ResultsHint.text(options.dataDir(), options.openSearch()));
                out.flush();
                console.awaitFinalReportShown(FINAL_REPORT_SHOWN_WAIT);
                return 0;
            }
        }
    }

    /**
     * Once OpenSearch is ready: says whether the crawl resumes, injects the seeds, connects the console and
     * prints the header; returns the status index's reader.
     */
    private StatusIndexReader prepareCrawl(CrawlerConfig crawlConfig, CrawlOptions options, LocalConsole console,
                                           ConsoleServer server, CrawlOpenSearch os, CrawlDataDir data)
            throws IOException {
        data.publishAddress(os.address());
        StatusIndexReader index = new StatusIndexReader(os.client(), crawlConfig);
        index.refresh();
        boolean resumed = index.countAll() > 0;
        Injector injector = new Injector(crawlConfig, os.client());
        inject(options.seeds(), injector);
        StatusIndexView statusView = new StatusIndexView(os.client(), SquallIndex.STATUS.name(crawlConfig));
        console.connected(statusView, new ConsoleUrls(injector, UrlFilters.fromConfig(crawlConfig,
                Counters.NONE), statusView), Path.of(crawlConfig.getString("fetcher.crawl.log")));
        index.refresh();
        if (index.countAll() == 0) {
            throw new UsageException("nothing to crawl: give seed URLs or a seeds file ('" + options.dataDir()
                    + "' holds no crawl to resume)");
        }
        if (resumed) {
            long refusals = new GuardRefusals(os.client(), SquallIndex.STATUS.name(crawlConfig))
                    .makeDue(CrawlClock.system().instant());
            err.println(ResumeLine.text(options.dataDir(), index.countByStatus(), index.countDue()));
            if (refusals > 0) {
                err.println(ResumeLine.refusals(refusals));
            }
        }
        printHeader(options, crawlConfig, os, data, server);
        return index;
    }

    /**
     * The console shows the final report until the process exits, and the same page is written under the data
     * directory, where it stays readable without a server.
     */
    private void writeReport(LocalConsole console, CrawlSummary summary, Path dataDir) {
        Path file = CrawlDataDir.reportFile(dataDir);
        Map<String, Object> snapshot = console.finished(summary, file);
        try {
            ReportPage.write(file, snapshot);
            err.println("Report: " + file.toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            LOG.warn("Writing the report {} failed", file, e);
            err.println("warning: the report could not be written to " + file + ": " + e.getMessage());
        }
        err.flush();
    }

    /** Local mode keeps a crawl log under the data directory, unless the configuration names another file. */
    private static CrawlerConfig withCrawlLog(CrawlerConfig config, Path dataDir) {
        return config.isSet("fetcher.crawl.log") ? config : config.with(Map.of("fetcher.crawl.log",
                CrawlDataDir.crawlLogFile(dataDir).toAbsolutePath().toString()), "local mode");
    }

    /**
     * Local mode writes WARC files under the data directory, unless the configuration names another one.
     * The data directory is this crawl's alone: files an earlier crawl killed there left open are finished.
     */
    private static CrawlerConfig withWarcDir(CrawlerConfig config, Path dataDir) {
        if (config.isSet("warc.dir")) {
            return config;
        }
        Path dir = CrawlDataDir.warcDir(dataDir).toAbsolutePath();
        WarcArchive.finishLeftovers(dir);
        return config.with(Map.of("warc.dir", dir.toString()), "local mode");
    }

    /**
     * Says what the next seconds are spent on first: an embedded node takes several to start, and a silent
     * terminal looked hung.
     */
    private CrawlOpenSearch startOpenSearch(CrawlerConfig config, CrawlOptions options, CrawlDataDir data)
            throws Exception {
        err.println(options.openSearch() == null
                ? "Starting OpenSearch (embedded, data in " + data.openSearchData() + ") and Storm (local)..."
                : "Connecting to OpenSearch at " + options.openSearch() + "...");
        err.flush();
        return CrawlOpenSearch.start(config, options.openSearch(), options.port(), data, null, esConfDir());
    }

    /** Squall's es-conf/, when there is one; else null: the copies inside the jar. */
    private Path esConfDir() {
        Path dir = home.resolve("es-conf");
        return Files.isDirectory(dir) ? dir : null;
    }

    /** The console on 127.0.0.1 at that port (0: a free one); a port in use is the user's to fix. */
    static ConsoleServer startConsole(int port, CrawlControl console) throws IOException {
        try {
            return ConsoleServer.start(port, console);
        } catch (BindException e) {
            throw new UsageException("the console's port " + port + " on 127.0.0.1 is in use: choose another"
                    + " --console-port, or leave it out for a free one");
        }
    }

    private void inject(List<String> seeds, Injector injector) throws IOException {
        if (seeds.isEmpty()) {
            return;
        }
        List<String> urls = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<InjectionReport> reports = new ArrayList<>();
        for (String seed : seeds) {
            if (seed.contains("://")) {
                urls.add(seed);
            } else {
                reports.add(injector.inject(Path.of(seed), problems::add));
            }
        }
        if (!urls.isEmpty()) {
            reports.add(injector.inject(urls, problems::add));
        }
        long accepted = reports.stream().mapToLong(r -> r.added() + r.alreadyKnown()).sum();
        long failed = reports.stream().mapToLong(InjectionReport::failed).sum();
        // A seed OpenSearch could not store is no invalid seed: the crawl cannot start, for another reason.
        if (accepted == 0 && failed == 0) {
            throw new UsageException("no valid seed in " + String.join(" ", seeds)
                    + (problems.isEmpty() ? "" : ": " + problems.get(0)));
        }
        problems.forEach(p -> err.println("warning: seed " + p));
        if (failed > 0) {
            throw new IllegalStateException(failed + " seeds could not be written to the status index (see the log)");
        }
        long added = reports.stream().mapToLong(InjectionReport::added).sum();
        err.println("Seeds: " + added + " new, " + (accepted - added) + " already known"
                + (problems.isEmpty() ? "" : ", " + problems.size() + " rejected"));
    }

    private void printHeader(CrawlOptions options, CrawlerConfig config, CrawlOpenSearch os, CrawlDataDir data,
                             ConsoleServer console) {
        err.println("Squall local crawl: data in " + data.dir() + ", log in " + CrawlDataDir.logFile(data.dir())
                + ", one line per fetch in " + config.getString("fetcher.crawl.log")
                + (config.getBoolean("warc.enabled") && config.isSet("warc.dir")
                        ? ", WARC files in " + config.getString("warc.dir") : ""));
        err.println("OpenSearch: " + os.description());
        err.println("Console: " + console.address() + " (charts, hosts, errors, crawl log; pause, resume, stop;"
                + " add seeds; look a URL up)");
        List<String> own = CrawlSettings.ownAllowed(options);
        err.println(AddressGuardHeader.line(config, KeptAllowList.read(data.dir()).stream()
                .filter(e -> !own.contains(e)).toList(), KeptAllowList.file(data.dir())));
        List<String> limits = new ArrayList<>();
        if (options.duration() == null) {
            limits.add("when nothing is due and nothing is in flight");
        }
        if (options.maxPages() != null) {
            limits.add("after " + options.maxPages() + " pages");
        }
        if (options.duration() != null) {
            limits.add("after " + Durations.format(options.duration()) + " (earlier when nothing is in flight and no"
                    + " URL is due before then)");
        }
        UserAgent agent = UserAgent.fromConfig(config);
        err.println("Stops " + String.join(", ", limits) + ", on Ctrl-C or from the console. Agent: "
                + agent.name() + (agent.name().equals(agent.robotsToken()) ? "" : " (robots.txt: "
                + agent.robotsToken() + ")") + ", " + config.getInt("fetcher.threads.number")
                + " threads, " + PolitenessDelay.describe(config) + ".");
        err.flush();
    }

    private CrawlSummary crawl(Path topologyFile, TopologyDef def, CrawlerConfig crawlConfig, CrawlOptions options,
                               StopPolicy policy, LocalConsole console, ConsoleServer server, CrawlOpenSearch os,
                               CrawlDataDir data, ClusterStart cluster) throws Exception {
        CrawlerConfig config = TopologyChecks.withShippedFiles(LocalSecrets.keptOut(crawlConfig, options.dataDir()));
        Config stormConfig = TopologyFile.stormConfig(def, config.asMap());
        // An embedded node is still starting: its status index is (or was) created from es-conf/, whose shard
        // count the topology can take now. The indices of an OpenSearch of the user's exist already. The
        // worker's tasks reach OpenSearch only once the crawl is activated, the indices there by then.
        StormTopology topology = FluxTopology.build(topologyFile, def, config).withStatusShards(os.isEmbedded()
                ? IndexSetup.definedShards(config, esConfDir())
                : IndexSetup.numberOfShards(IndexSetup.settings(os.client(), config, SquallIndex.STATUS)));
        ProgressPrinter progress = new ProgressPrinter(err, terminal);
        int columns = TerminalWidth.columns(System.getenv(), terminal);
        long threads = config.getInt("fetcher.threads.number");

        Instant stoppedAt;
        StopReason reason;
        NextDue idleEnd = null;
        Duration drained = Duration.ZERO;
        long fetched;
        long bytes;
        StatusIndexReader index;
        long start;
        Instant startedAt;
        try (LocalMetricsReporter.Registration reporting = LocalMetricsReporter.register(stormConfig);
             LocalCrawlTopology running = cluster.take()) {
            LiveStats live = new LiveStats(reporting.metrics());
            // The worker takes seconds to start, as the embedded node does: side by side, with the spout held
            // back until the seeds are in.
            running.submitInactive(topology, stormConfig);
            try {
                os.awaitReady();
                index = prepareCrawl(crawlConfig, options, console, server, os, data);
            } catch (Exception e) {
                awaitWorker(live);
                throw e;
            }
            // The local cluster's worker may still be starting: say so.
            progress.message("Starting the crawl (local Storm cluster)...");
            // While the worker starts, the parser and the node warm up; the crawl does not wait for the warm-up.
            LOG.info("{}", WarmUp.run(config, os.isEmbedded() ? os.client() : null, live::workerUp));
            start = System.nanoTime();
            startedAt = Instant.now();
            Watch watch = new Watch(live, running::pendingWrites, index, progress, console,
                    new InjectionSignal(data.dir()), policy, columns, threads, start);
            stop.owing(running::pendingOutcomes, running::pendingWrites);
            running.activate();
            console.started(running, reporting.metrics()::queueViews);
            while (true) {
                Thread.sleep(TICK.toMillis());
                Duration elapsed = watch.elapsed();
                if (stop.requested()) {
                    reason = StopReason.INTERRUPTED;
                    break;
                }
                if (console.stopRequested()) {
                    reason = StopReason.CONSOLE;
                    break;
                }
                reason = policy.limitReached(elapsed, live.handedOut());
                if (reason != null) {
                    break;
                }
                long inFlight = live.inFlight();
                Long due = watch.tick(StopPolicy.mayBeIdle(inFlight));
                // Idle only once the spout is open: nothing due may be seen before the worker is up.
                if (due != null && live.spoutOpen() && StopPolicy.isIdle(inFlight, due, live.setAside())) {
                    // Searched only when an exact due count has just found nothing due, as rarely as that count:
                    // once per quiet spell. Nothing needs waking at that date: the spouts search for it too, and
                    // search again within spout.max.delay.idle at the latest.
                    Optional<Instant> next;
                    try {
                        next = watch.nextDue();
                    } catch (OpenSearchUnavailableException e) {
                        continue; // an outage: the watch counts again on every tick until OpenSearch is back
                    }
                    Instant now = Instant.now();
                    if (!policy.waitsFor(next, now, watch.elapsed())) {
                        reason = StopReason.IDLE;
                        idleEnd = next.map(at -> NextDue.of(at, now)).orElse(null);
                        break;
                    }
                    watch.awaiting(next.get());
                }
            }
            stoppedAt = Instant.now();
            awaitWorker(live);
            console.stopping(reason);
            if (reason != StopReason.IDLE) {
                running.deactivate();
                progress.message("Stopping: " + reason.description + "; no new URL is handed out, letting those in"
                        + " flight finish (up to " + DRAIN.toSeconds() + " s)...");
                drained = drain(live, watch, DRAIN);
                running.stopFetching();
                if (live.inFlight() > 0 || running.pendingWrites() > 0) {
                    progress.message("Stopping: fetching nothing more, writing the outcomes of the pages fetched ("
                            + Counts.of(running.pendingWrites()) + " status writes; Ctrl-C again abandons"
                            + " them)...");
                    WritesWait writes = new WritesWait(strandedGrace(config).toNanos());
                    drained = drained.plus(awaitWrites(writes, live, running, watch));
                    if (writes.leftDue() > 0) {
                        LOG.warn("Stopped with {} URLs handed out and never fetched (no write of theirs owed): they"
                                + " stay due in the status index for the next run", writes.leftDue());
                    }
                }
            }
            progress.finish();
            // The last figures while the worker still holds them: it gives its registry up as it stops.
            fetched = live.fetched();
            bytes = live.bytes();
            LOG.info("Stopping the local cluster: {}", reason.description);
        }
        Duration elapsed = Duration.between(startedAt, stoppedAt);
        CrawlSummary.StatusReport report = finalReport(index);
        return new CrawlSummary(reason, elapsed, drained, fetched, bytes, CrawlSummary.Run.measure(startedAt, stoppedAt),
                report, idleEnd);
    }

    /**
     * Waits (bounded) for the worker to be up before the cluster is closed: Storm's supervisor halts the
     * process (exit 20) when it is closed while it still sets up the worker's files.
     */
    private void awaitWorker(LiveStats live) throws InterruptedException {
        long deadline = System.nanoTime() + WORKER_START_WAIT.toNanos();
        while (!live.workerUp() && System.nanoTime() < deadline) {
            Thread.sleep(TICK.toMillis());
        }
    }

    /** The status index's counts once the crawl stopped, waiting (bounded) for an OpenSearch that is down. */
    private CrawlSummary.StatusReport finalReport(StatusIndexReader index) throws InterruptedException {
        long deadline = System.nanoTime() + FINAL_REPORT_WAIT.toNanos();
        while (true) {
            try {
                index.refresh();
                return index.report(TOP);
            } catch (OpenSearchUnavailableException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(PROGRESS_EVERY.toMillis());
            }
        }
    }

    /**
     * Lets the URLs in flight finish, at most {@code bound}, the progress line and the console still updated;
     * returns how long it took. A first Ctrl-C drains too: only a second one abandons (it ends the process).
     */
    private Duration drain(LiveStats live, Watch watch, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        return waitWhile(() -> live.inFlight() > 0 && System.nanoTime() < deadline, watch);
    }

    /**
     * The fetchers fetching nothing more, waits until the outcome of every page fetched is written, the links
     * it discovered with it, and nothing is in flight; returns how long it took. No bound for writes owed: they
     * are bounded by fetcher.max.status.backlog, and each ends, written or failed (OpenSearch away: after its
     * retries); a second Ctrl-C abandons them. URLs in flight that owe nothing are waited for only while they
     * move (see {@link WritesWait}).
     */
    private Duration awaitWrites(WritesWait writes, LiveStats live, LocalCrawlTopology running, Watch watch)
            throws InterruptedException {
        return waitWhile(() -> writes.waits(running.pendingWrites(), live.activeThreads(), live.inFlight(),
                System.nanoTime()), watch);
    }

    /** Longer than Storm takes to fail a tuple lost on its way, so that those it fails are seen to move. */
    private static Duration strandedGrace(CrawlerConfig config) {
        return MessageTimeout.lostTupleFailedWithin(config).plusSeconds(5);
    }

    private Duration waitWhile(BooleanSupplier condition, Watch watch) throws InterruptedException {
        long began = System.nanoTime();
        long nextTick = began + TICK.toNanos();
        watch.draining = true;
        while (condition.getAsBoolean()) {
            Thread.sleep(DRAIN_POLL.toMillis());
            if (System.nanoTime() >= nextTick) {
                watch.tick(false);
                nextTick += TICK.toNanos();
            }
        }
        return Duration.ofNanos(System.nanoTime() - began);
    }

    /**
     * The progress of a running crawl, on the terminal and in the console, every {@link #PROGRESS_EVERY}, and
     * what OpenSearch being away does to it: while the crawl runs and while it drains. The status index's
     * counts are read again only when something may have changed them (see {@link RecountPolicy}). Seeds
     * added from the console or by {@code squall inject} wake the spouts, and so do other spout tasks' acks
     * for a spout task whose part of the frontier ran dry (their URLs' outlinks may be in its shards): an idle
     * spout does not search the status index again before its next due date or {@code spout.max.delay.idle}.
     */
    private static final class Watch {
        private final LiveStats live;
        private final LongSupplier pendingWrites;
        private final StatusIndexReader index;
        private final ProgressPrinter progress;
        private final LocalConsole console;
        private final InjectionSignal injections;
        private final StopPolicy limits;
        private final int columns;
        private final long threads;
        private final long start;
        private final OpenSearchOutage outage = new OpenSearchOutage();
        private final RecountPolicy dueCount = new RecountPolicy();
        private final RecountPolicy statusCounts = new RecountPolicy();
        private long due;
        private Map<String, Long> byStatus;
        private long seedsRelayed;
        private long spoutOutcomes;
        private ProgressSample last;
        private long lastPrint;
        private boolean draining;
        private Instant awaited;

        Watch(LiveStats live, LongSupplier pendingWrites, StatusIndexReader index, ProgressPrinter progress,
              LocalConsole console, InjectionSignal injections, StopPolicy limits, int columns, long threads,
              long start) {
            this.live = live;
            this.pendingWrites = pendingWrites;
            this.index = index;
            this.progress = progress;
            this.console = console;
            this.injections = injections;
            this.limits = limits;
            this.columns = columns;
            this.threads = threads;
            this.start = start;
        }

        Duration elapsed() {
            return Duration.ofNanos(System.nanoTime() - start);
        }

        /**
         * When the next URL that is not due yet becomes due. OpenSearch away is an outage as for the counts:
         * reported, and the counts read on every tick until it is back, so that the idle check comes again.
         */
        Optional<Instant> nextDue() {
            try {
                return index.nextDue();
            } catch (OpenSearchUnavailableException e) {
                outage.failed(e, System.nanoTime());
                throw e;
            }
        }

        /** The crawl is idle and waits for a URL due then: the progress says so until it is fetched. */
        void awaiting(Instant nextDue) {
            awaited = nextDue;
        }

        /**
         * Prints and publishes the progress when it is time; returns the due count when it was read (the
         * caller wants it, or it was time to report, and something may have changed it), else null (not
         * asked, nothing changed since the last exact count, or OpenSearch away).
         */
        Long tick(boolean wantDue) {
            LiveStats.SpoutActivity spouts = live.spoutActivity();
            relayWrites(spouts);
            Duration elapsed = elapsed();
            boolean report = elapsed.toNanos() - lastPrint >= PROGRESS_EVERY.toNanos();
            if (!wantDue && !report && !outage.ongoing()) {
                return null;
            }
            RecountPolicy.Activity activity = new RecountPolicy.Activity(spouts, console.seedsAdded());
            RecountPolicy.Read dueRead;
            RecountPolicy.Read statusRead;
            if (outage.ongoing()) { // read on every tick, to notice OpenSearch back
                dueRead = wantDue ? RecountPolicy.Read.REFRESH_AND_COUNT : RecountPolicy.Read.COUNT;
                statusRead = report ? RecountPolicy.Read.COUNT : RecountPolicy.Read.NONE;
            } else {
                dueRead = dueCount.decide(activity, wantDue, report);
                statusRead = report ? statusCounts.decide(activity, false, true) : RecountPolicy.Read.NONE;
            }
            boolean refresh = dueRead == RecountPolicy.Read.REFRESH_AND_COUNT
                    || statusRead == RecountPolicy.Read.REFRESH_AND_COUNT;
            try {
                // Only the idle check needs every confirmed write counted, and a count once the crawl went
                // quiet; the progress line can be a refresh interval behind meanwhile.
                if (refresh) {
                    index.refresh();
                }
                if (dueRead != RecountPolicy.Read.NONE) {
                    due = index.countDue();
                    dueCount.read(activity, refresh);
                }
                if (statusRead != RecountPolicy.Read.NONE) {
                    byStatus = index.countByStatus();
                    statusCounts.read(activity, refresh);
                }
                if (report && dueRead == RecountPolicy.Read.NONE && statusRead == RecountPolicy.Read.NONE) {
                    index.ping();
                }
            } catch (OpenSearchUnavailableException e) {
                String line = outage.failed(e, System.nanoTime());
                if (report) {
                    LOG.warn("{}", line);
                    progress.update(line);
                    lastPrint = elapsed.toNanos();
                }
                return null;
            }
            String back = outage.recovered(System.nanoTime());
            if (back != null) {
                LOG.info("{}", back);
                progress.message(back);
            }
            if (report) {
                ProgressSample now = sample(live, elapsed, byStatus, due, threads, waitingFor(Instant.now()));
                progress.update(ProgressLine.format(now, last, limits,
                        draining ? stopping() : console.paused() ? "paused" : null, columns));
                console.publish(now, last, byStatus);
                last = now;
                lastPrint = elapsed.toNanos();
            }
            return dueRead == RecountPolicy.Read.NONE ? null : due;
        }

        /** A stopping crawl's state, with the status writes it still owes for the pages it fetched. */
        private String stopping() {
            long writes = pendingWrites.getAsLong();
            return writes > 0 ? "stopping, " + Counts.of(writes) + " writes left" : "stopping";
        }

        /** What the crawl waits for while it waits: nothing is in flight, and the URL is not due yet. */
        private NextDue waitingFor(Instant now) {
            return awaited != null && live.inFlight() == 0 && awaited.isAfter(now) ? NextDue.of(awaited, now) : null;
        }

        /**
         * Seeds added from the console or by {@code squall inject} since the last tick: the spouts look for
         * them now. Acks or fails since then: the idle spout tasks look for what those URLs wrote into their
         * shards (a busy task finds it at its next search anyway, and its own acks wake it).
         */
        private void relayWrites(LiveStats.SpoutActivity spouts) {
            long seeds = console.seedsAdded();
            boolean injected = injections.announced();
            if (seeds != seedsRelayed || injected) {
                seedsRelayed = seeds;
                live.wakeSpouts();
            }
            long outcomes = spouts.acked() + spouts.failed();
            if (outcomes != spoutOutcomes) {
                spoutOutcomes = outcomes;
                live.wakeIdleSpouts();
            }
        }
    }

    private static ProgressSample sample(LiveStats live, Duration elapsed, Map<String, Long> byStatus, long due,
                                         long threads, NextDue nextDue) {
        return new ProgressSample(elapsed, live.fetched(), live.bytes(), ProgressSample.known(byStatus),
                byStatus.get("DISCOVERED"), live.errors(), live.duplicates(), due, live.inFlight(), live.handedOut(),
                live.activeThreads(), threads, live.queues(), nextDue, new ProgressSample.Refetches(
                        live.observed("changed"), live.observed("unchanged"), live.observed("not-modified")));
    }
}
