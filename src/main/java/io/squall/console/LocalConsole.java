package io.squall.console;

import io.squall.config.Durations;
import io.squall.fetch.QueueView;
import io.squall.local.LocalCrawlTopology;
import io.squall.local.StopPolicy;
import io.squall.local.StopReason;
import io.squall.report.CrawlSummary;
import io.squall.report.LimitProgress;
import io.squall.report.ProgressSample;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the web console sees of a local crawl and may do to it. The crawl loop publishes each progress
 * sample and says when the topology runs, when the crawl stops and when it is over; the console pauses and
 * resumes the topology (its spout stops emitting; what is in flight finishes) and asks the loop to stop.
 * The host queues are read from the fetchers themselves (the worker runs in this JVM), the latest errors from
 * the status index and the crawl log's tail from its file, each when the page asks, outside this object's lock.
 * Once the crawl is over, the page shows the final report and the snapshot it was written from.
 */
public final class LocalConsole implements CrawlControl {
    private static final Logger LOG = LoggerFactory.getLogger(LocalConsole.class);
    static final int TOP_HOSTS = 15;
    static final int RECENT_ERRORS = 15;
    /** The freshness panel's aggregation reads every page with a history: not at every refresh of the page. */
    static final Duration FRESHNESS_EVERY = Duration.ofSeconds(15);
    static final int LOG_LINES = 30;
    /** Points kept for the charts: at one every 3 s, the first 36 minutes at full detail, then thinned. */
    static final int HISTORY_POINTS = 720;

    enum State { STARTING, RUNNING, PAUSED, STOPPING, FINISHED }

    /** A page that asked within this time is taken to be open, and is waited for to show the final report. */
    static final Duration OPEN_PAGE = Duration.ofSeconds(10);

    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private final AtomicLong seedsAdded = new AtomicLong();
    private volatile long lastAskedNanos = System.nanoTime() - OPEN_PAGE.toNanos() - 1;
    private volatile boolean finalShown;
    private final RateHistory history = new RateHistory(HISTORY_POINTS);
    private final StopPolicy limits;
    // Guarded by this.
    private State state = State.STARTING;
    private StopReason stopReason;
    private LocalCrawlTopology topology;
    private Supplier<List<QueueView>> queues = List::of;
    private ProgressSample sample;
    private ProgressSample before;
    private Map<String, Long> byStatus = Map.of();
    private StatusIndexView index;
    private FreshnessPanel freshness;
    private ConsoleUrls urls;
    private Path crawlLog;
    private Map<String, Object> hosts = HostTable.of(List.of(), TOP_HOSTS);
    private List<Map<String, Object>> errors = List.of();
    private Map<String, Object> finalSnapshot;

    /** @param limits the crawl's --max-pages and --duration */
    public LocalConsole(StopPolicy limits) {
        this.limits = limits;
    }

    /** The crawl's status index is up: errors, URL lookups and seeds can be served, and the crawl log is there. */
    public synchronized void connected(StatusIndexView statusIndex, ConsoleUrls consoleUrls, Path crawlLogFile) {
        this.index = statusIndex;
        this.freshness = new FreshnessPanel(() -> statusIndex.freshness(TOP_HOSTS), FRESHNESS_EVERY);
        this.urls = consoleUrls;
        this.crawlLog = crawlLogFile;
    }

    /**
     * The topology runs: the crawl may be paused from now on.
     *
     * @param fetcherQueues the fetchers' host queues now (empty once the worker stopped)
     */
    public synchronized void started(LocalCrawlTopology running, Supplier<List<QueueView>> fetcherQueues) {
        this.topology = running;
        this.queues = fetcherQueues;
        state = State.RUNNING;
    }

    /** The latest sample, the one before it (for rates; null for the first), and the counts by status. */
    public synchronized void publish(ProgressSample now, ProgressSample previous, Map<String, Long> counts) {
        this.sample = now;
        this.before = previous;
        this.byStatus = Collections.unmodifiableMap(new LinkedHashMap<>(counts)); // in the statuses' order
        history.add(now.elapsed().toMillis(), now.fetched(), now.bytes(), now.errors());
    }

    /**
     * The crawl is stopping: nothing more can be done to it. The host table is kept as it is now, before the
     * drain empties the queues: the final report shows the hosts as the crawl left them.
     */
    public synchronized void stopping(StopReason reason) {
        state = State.STOPPING;
        stopReason = reason;
        hosts = HostTable.of(queues.get(), TOP_HOSTS);
    }

    /**
     * The crawl is over: from now on the page shows this last snapshot, with the summary, until the process
     * exits. Returns the snapshot, for the report file.
     */
    public Map<String, Object> finished(CrawlSummary summary, Path reportFile) {
        Map<String, Object> snapshot = live();
        snapshot.put("state", State.FINISHED.name().toLowerCase(Locale.ROOT));
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("text", summary.toText());
        report.put("file", reportFile.toAbsolutePath().toString());
        snapshot.put("report", report);
        // The summary's figures were read once the crawl and its writes ended: they are the final ones. What was
        // in flight or due, and the threads' and queues' figures, describe a running crawl: they go.
        snapshot.put("status", summary.status().byStatus());
        snapshot.put("discovered", summary.status().total());
        snapshot.put("fetched", summary.fetched());
        snapshot.put("pagesPerSecond", summary.elapsed().toMillis() > 0
                ? summary.fetched() * 1000.0 / summary.elapsed().toMillis() : 0.0);
        snapshot.put("kbPerSecond", summary.elapsed().toMillis() > 0
                ? summary.bytes() / 1.024 / summary.elapsed().toMillis() : 0.0);
        snapshot.put("elapsed", Durations.format(summary.elapsed()));
        for (String running : List.of("inFlight", "due", "activeThreads", "threads", "queues", "limit", "nextDue",
                "nextDueIn")) {
            snapshot.remove(running);
        }
        synchronized (this) {
            state = State.FINISHED;
            finalSnapshot = snapshot;
        }
        return snapshot;
    }

    public boolean stopRequested() {
        return stopRequested.get();
    }

    public synchronized boolean paused() {
        return state == State.PAUSED;
    }

    @Override
    public Map<String, Object> progress() {
        lastAskedNanos = System.nanoTime();
        synchronized (this) {
            if (finalSnapshot != null) {
                finalShown = true;
                return finalSnapshot;
            }
        }
        return live();
    }

    /**
     * When a console page is open (it asked for the progress within {@link #OPEN_PAGE}), waits until it has
     * fetched the final report, at most {@code max}: the process would otherwise end between two of the page's
     * refreshes, and the page would never show how the crawl ended.
     */
    public void awaitFinalReportShown(Duration max) throws InterruptedException {
        if (System.nanoTime() - lastAskedNanos > OPEN_PAGE.toNanos()) {
            return;
        }
        long deadline = System.nanoTime() + max.toNanos();
        while (!finalShown && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    /** The snapshot now: figures under the lock, then what takes I/O (queues, errors, log) outside it. */
    private Map<String, Object> live() {
        Map<String, Object> p = figures();
        StatusIndexView statusIndex;
        FreshnessPanel freshnessPanel;
        Path logFile;
        Supplier<List<QueueView>> fetcherQueues;
        synchronized (this) {
            statusIndex = index;
            freshnessPanel = freshness;
            logFile = crawlLog;
            fetcherQueues = queues;
        }
        List<QueueView> views = fetcherQueues.get();
        Map<String, Object> hostTable;
        List<Map<String, Object>> recentErrors;
        synchronized (this) {
            if (state == State.RUNNING || state == State.PAUSED) {
                hosts = HostTable.of(views, TOP_HOSTS);
            }
            hostTable = hosts;
        }
        recentErrors = recentErrors(statusIndex);
        p.put("hosts", hostTable);
        p.put("recentErrors", recentErrors);
        p.put("freshness", freshnessPanel == null ? null : freshnessPanel.snapshot());
        p.put("logFile", logFile == null ? null : logFile.toString());
        p.put("log", logTail(logFile));
        return p;
    }

    private synchronized Map<String, Object> figures() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("mode", "local");
        p.put("steerable", true);
        p.put("state", state.name().toLowerCase(Locale.ROOT));
        p.put("stopReason", stopReason == null ? null : stopReason.description);
        p.put("maxPages", limits.maxPages());
        p.put("duration", limits.duration() == null ? null : Durations.format(limits.duration()));
        if (sample != null) {
            p.put("elapsed", Durations.format(sample.elapsed()));
            p.put("elapsedSeconds", sample.elapsed().toMillis() / 1000.0);
            p.put("fetched", sample.fetched());
            p.put("pagesPerSecond", sample.pagesPerSecondSince(before));
            p.put("averagePagesPerSecond", sample.pagesPerSecondSince(null));
            p.put("kbPerSecond", sample.kbPerSecondSince(before));
            p.put("discovered", sample.known());
            p.put("notFetchedYet", sample.discovered());
            p.put("errors", sample.errors());
            p.put("duplicates", sample.duplicates());
            p.put("refetches", Map.of("changed", sample.refetches().changed(),
                    "unchanged", sample.refetches().unchanged(), "notModified", sample.refetches().notModified()));
            p.put("due", sample.due());
            p.put("inFlight", sample.inFlight());
            p.put("handedOut", sample.handedOut());
            p.put("activeThreads", sample.activeThreads());
            p.put("threads", sample.threads());
            p.put("queues", sample.queues());
            LimitProgress limit = LimitProgress.toward(sample, limits);
            p.put("limit", limit == null ? null : Map.of("percent", limit.percent(), "text", limit.text()));
            if (sample.nextDue() != null) { // idle, waiting for a URL due before --duration ends
                p.put("nextDue", sample.nextDue().at().toString());
                p.put("nextDueIn", sample.nextDue().inText());
            }
        }
        p.put("status", byStatus);
        p.put("history", history.rates());
        return p;
    }

    /** The latest errors; the last ones read when the index cannot be read now (OpenSearch stopping, say). */
    private List<Map<String, Object>> recentErrors(StatusIndexView statusIndex) {
        if (statusIndex == null) {
            return List.of();
        }
        try {
            List<Map<String, Object>> read = statusIndex.recentErrors(RECENT_ERRORS);
            synchronized (this) {
                errors = read;
            }
            return read;
        } catch (RuntimeException e) { // OpenSearch away or stopping: one panel of the page, not the page
            LOG.debug("Console: the latest errors cannot be read now: {}", e.toString());
            synchronized (this) {
                return errors;
            }
        }
    }

    private static List<String> logTail(Path logFile) {
        try {
            return LogTail.read(logFile, LOG_LINES);
        } catch (IOException e) {
            return List.of("(the crawl log cannot be read: " + e.getMessage() + ")");
        }
    }

    @Override
    public boolean steerable() {
        return true;
    }

    @Override
    public synchronized boolean pause() {
        return move(State.RUNNING, State.PAUSED, "Pausing", LocalCrawlTopology::deactivate);
    }

    @Override
    public synchronized boolean resume() {
        return move(State.PAUSED, State.RUNNING, "Resuming", LocalCrawlTopology::activate);
    }

    private interface TopologyAction {
        void apply(LocalCrawlTopology topology) throws Exception;
    }

    // Called with the lock held.
    private boolean move(State from, State to, String doing, TopologyAction action) {
        if (state != from) {
            return false;
        }
        try {
            action.apply(topology);
        } catch (Exception e) {
            LOG.warn("{} the crawl failed: {}", doing, e.toString());
            return false;
        }
        state = to;
        return true;
    }

    @Override
    public void stop() {
        stopRequested.set(true);
    }

    @Override
    public Map<String, Object> addSeeds(List<String> lines) throws IOException {
        Map<String, Object> result = connectedUrls().addSeeds(lines);
        seedsAdded.addAndGet(((Number) result.get("added")).longValue());
        return result;
    }

    /** Seeds added to the status index from the console so far (already known ones apart). */
    public long seedsAdded() {
        return seedsAdded.get();
    }

    @Override
    public Map<String, Object> lookUp(String url) {
        return connectedUrls().lookUp(url);
    }

    private synchronized ConsoleUrls connectedUrls() {
        if (urls == null) {
            throw new IllegalArgumentException("the crawl's OpenSearch is not up yet: try again in a moment");
        }
        return urls;
    }
}
