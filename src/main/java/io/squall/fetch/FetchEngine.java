package io.squall.fetch;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.ErrorCauses;
import io.squall.core.MetadataKeys;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.http.Protocol;
import io.squall.metrics.Counters;
import io.squall.urls.UrlFilterChain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetcher without Storm: URLs are offered to per-key {@link HostQueues}; {@code fetcher.threads.number}
 * threads take turns on ready queues, check robots.txt (fetching it inside the host's turn, so it counts
 * as a request to the host), fetch, map the answer to an outcome ({@link FetchOutcomes}) and report it to a
 * {@link Sink}. Every offered URL's anchor is reported exactly once: emitted then acked, or failed.
 *
 * @param <T> the anchor of a URL (a Storm tuple in the bolt)
 */
public final class FetchEngine<T> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FetchEngine.class);

    /** Where outcomes go; called from the fetch threads, so implementations must be thread-safe. */
    public interface Sink<T> {
        /** Content to parse, on the default stream. */
        void emitContent(T anchor, String url, byte[] content, Metadata metadata);

        /** A status, on the status stream, with the URLs the fetch discovered (a redirect's target). */
        void emitStatus(T anchor, String url, Metadata metadata, Status status, List<Discovered> discovered);

        void ack(T anchor);

        /** Back to the frontier, which offers the URL again later. */
        void fail(T anchor);
    }

    /**
     * Room for the writes of what is fetched (see {@link #fetchWithin}); called from the fetch threads, so
     * implementations must be thread-safe.
     */
    public interface Room {
        /** No bound: every fetch may start. */
        Room UNBOUNDED = new Room() {
            @Override
            public long take(long maxWaitMillis) {
                return 0;
            }

            @Override
            public void giveBack(long taken) {
            }
        };

        /**
         * Takes room for one fetch's writes, waiting up to {@code maxWaitMillis} for it: what it took (0 or
         * more), or a negative number for "none yet".
         */
        long take(long maxWaitMillis) throws InterruptedException;

        /** Gives back what a fetch took, once its outcome was emitted (its writes then count for themselves). */
        void giveBack(long taken);
    }

    private final CrawlClock clock;
    private final HostQueues<T> queues;
    private final Protocol protocol;
    private final RobotsCache robots;
    private final FetchOutcomes outcomes;
    private final UrlFilterChain filters;
    private final Sink<T> sink;
    private final FetcherMetrics metrics;
    private final CrawlLog crawlLog;
    // How long a thread waiting for the writes to catch up waits before it looks whether the fetcher still runs.
    private static final long WRITES_BEHIND_WAIT_MILLIS = 100;
    private final List<Thread> threads = new ArrayList<>();
    private final long maxCrawlDelayNanos;
    private final boolean forceMaxCrawlDelay;
    private volatile boolean running = true;
    private volatile boolean fetching = true;
    private volatile Room room = Room.UNBOUNDED;

    /**
     * @param counters where the engine counts pages, bytes, errors... (see {@link FetcherMetrics})
     * @param clock the time of politeness, back-off and queue timeouts, and of the dates given to redirects
     */
    public FetchEngine(CrawlerConfig config, Protocol protocol, UrlFilterChain filters, Sink<T> sink, Counters counters,
            CrawlClock clock) {
        this(config, protocol, filters, sink, counters, null, clock);
    }

    /** @param crawlLog where every outcome gets its line, or null */
    public FetchEngine(CrawlerConfig config, Protocol protocol, UrlFilterChain filters, Sink<T> sink, Counters counters,
            CrawlLog crawlLog, CrawlClock clock) {
        this.clock = clock;
        this.crawlLog = crawlLog;
        this.metrics = new FetcherMetrics(counters);
        this.queues = new HostQueues<>(config, clock);
        this.protocol = protocol;
        this.robots = config.getBoolean("robots.enabled") ? new RobotsCache(protocol, config) : null;
        this.outcomes = new FetchOutcomes(config, filters, clock);
        this.filters = filters;
        this.sink = sink;
        this.maxCrawlDelayNanos = config.getDuration("fetcher.max.crawl.delay").toNanos();
        this.forceMaxCrawlDelay = config.getBoolean("fetcher.max.crawl.delay.force");
        int n = config.getInt("fetcher.threads.number");
        if (n < 1) {
            throw new io.squall.api.ConfigException("fetcher.threads.number must be at least 1, got " + n);
        }
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(this::work, "squall-fetcher-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    /**
     * Queues a URL for fetching; when the queues are full (or its host is paused) its anchor is failed
     * at once, to come back later from the frontier.
     */
    public HostQueues.Admission offer(String url, String key, Metadata metadata, T anchor) {
        if (!fetching) {
            sink.fail(anchor);
            return HostQueues.Admission.STOPPED;
        }
        HostQueues.Admission admission = queues.offer(new FetchItem<>(url, key, metadata, anchor, clock.nanos()));
        if (admission != HostQueues.Admission.ACCEPTED) {
            metrics.count("fetcher.rejected", 1);
            sink.fail(anchor);
        }
        return admission;
    }

    public HostQueues<T> queues() {
        return queues;
    }

    public FetcherMetrics metrics() {
        return metrics;
    }

    private void work() {
        while (running) {
            HostQueues.Lease<T> lease;
            try {
                lease = queues.take();
            } catch (InterruptedException e) {
                return;
            }
            for (FetchItem<T> expired : lease.expired) {
                metrics.count("fetcher.queue.timeouts", 1);
                sink.fail(expired.anchor());
            }
            if (lease.item == null) {
                continue;
            }
            Room writes = room;
            long taken;
            try {
                // The turn is held meanwhile: its host would not be fetched from anyway.
                do {
                    taken = fetching && running ? writes.take(WRITES_BEHIND_WAIT_MILLIS) : 0;
                } while (taken < 0);
            } catch (InterruptedException e) {
                sink.fail(lease.item.anchor()); // closing: close() fails what is still queued
                return;
            }
            try {
                if (!fetching) {
                    queues.release(lease, HostQueues.Feedback.noRequest());
                    sink.fail(lease.item.anchor());
                } else {
                    fetchInTurn(lease);
                }
            } finally {
                writes.giveBack(taken);
            }
        }
    }

    private void fetchInTurn(HostQueues.Lease<T> lease) {
        metrics.activeThreads.incrementAndGet();
        try {
            turn(lease);
        } catch (RuntimeException e) {
            // the turn was ended and its URL reported before the failure (in the sink): keep working
            LOG.error("reporting the outcome of {} failed", lease.item.url(), e);
        } finally {
            metrics.activeThreads.decrementAndGet();
        }
    }

    /** One turn on a queue: robots.txt, then the fetch. Always ends the lease. */
    private void turn(HostQueues.Lease<T> lease) {
        FetchItem<T> item = lease.item;
        metrics.queueTime(TimeUnit.NANOSECONDS.toMillis(lease.takenNanos - item.enqueuedNanos()));
        FetchOutcome outcome;
        try {
            long crawlDelay = 0;
            if (robots != null) {
                RobotsCache.Robots rules = robots.cached(item.url());
                if (rules == null) {
                    fetchRobots(lease);
                    return;
                }
                FetchOutcome refused = robotsVerdict(item, rules);
                if (refused != null) {
                    report(lease, refused);
                    return;
                }
                crawlDelay = obeyedCrawlDelay(TimeUnit.MILLISECONDS.toNanos(Math.max(0, rules.crawlDelayMillis())));
            }
            long start = clock.nanos();
            outcome = fetch(item);
            long took = clock.nanos() - start;
            outcome = new FetchOutcome(outcome.status(), outcome.metadata(), outcome.content(), outcome.discovered(),
                    outcome.feedback().withCrawlDelay(crawlDelay).withFetchTime(took));
        } catch (RuntimeException e) {
            // Replaying would fail the same way: the URL is stored with the reason and retried on schedule.
            LOG.error("fetching {} failed unexpectedly", item.url(), e);
            outcome = outcomes.refused(item, Status.FETCH_ERROR, "fetch.unexpected", e.toString());
        }
        report(lease, outcome);
    }

    /** Fetches the robots.txt in this turn, passes its sitemaps on, and puts the URL back for its own turn. */
    private void fetchRobots(HostQueues.Lease<T> lease) {
        FetchItem<T> item = lease.item;
        long start = clock.nanos();
        RobotsCache.Robots rules = robots.fetch(item.url());
        long took = clock.nanos() - start;
        metrics.count("fetcher.robots", 1);
        for (String sitemap : rules.sitemaps()) {
            Discovered d = outcomes.sitemap(item, sitemap);
            if (d != null) {
                // On its own: the URL whose turn fetched robots.txt has no outcome yet to travel with.
                sink.emitStatus(item.anchor(), d.url(), d.metadata(), Status.DISCOVERED, List.of());
            }
        }
        // The host's Crawl-delay already separates the robots.txt request from the next one, unless it is
        // above the cap: then the host's URLs are refused without requests, and need not wait.
        long crawlDelay = TimeUnit.MILLISECONDS.toNanos(Math.max(0, rules.crawlDelayMillis()));
        queues.robotsFetched(lease, rules.blocked() ? "blocked" : rules.unavailable() ? "unavailable" : "ok");
        boolean skipped = crawlDelay > maxCrawlDelayNanos && !forceMaxCrawlDelay;
        queues.putBack(lease, HostQueues.Feedback.answered()
                .withCrawlDelay(skipped ? 0 : obeyedCrawlDelay(crawlDelay)).withFetchTime(took));
    }

    /** The Crawl-delay, capped by fetcher.max.crawl.delay; the queue keeps it as its delay's floor. */
    private long obeyedCrawlDelay(long crawlDelayNanos) {
        return Math.min(crawlDelayNanos, maxCrawlDelayNanos);
    }

    /** The outcome of a URL that robots.txt keeps from being fetched, or null when it may be fetched. */
    private FetchOutcome robotsVerdict(FetchItem<T> item, RobotsCache.Robots rules) {
        if (rules.blocked()) {
            return outcomes.refused(item, Status.FETCH_ERROR, FetchException.Cause.ADDRESS_GUARD.value, rules.failure());
        }
        if (rules.unavailable()) {
            // The cause names the failure underneath: "robots.unavailable" alone hid a refused connection, an
            // unknown host and a TLS failure behind one word.
            return outcomes.refused(item, Status.FETCH_ERROR,
                    ErrorCauses.wrapping(ErrorCauses.ROBOTS_UNAVAILABLE, rules.cause()),
                    "robots.txt unavailable, nothing fetched until it is: " + rules.failure());
        }
        if (!rules.isAllowed(item.url())) {
            return outcomes.refused(item, Status.ERROR, "robots", "disallowed by robots.txt");
        }
        long crawlDelay = TimeUnit.MILLISECONDS.toNanos(rules.crawlDelayMillis());
        if (crawlDelay > maxCrawlDelayNanos && !forceMaxCrawlDelay) {
            return outcomes.refused(item, Status.ERROR, "robots.crawl.delay", "robots.txt Crawl-delay "
                    + rules.crawlDelayMillis() / 1000.0 + " s exceeds fetcher.max.crawl.delay");
        }
        return null;
    }

    private FetchOutcome fetch(FetchItem<T> item) {
        long start = clock.nanos();
        try {
            FetchResponse response = protocol.fetch(item.url(), item.metadata());
            metrics.fetchTime(response.loadingTimeMillis());
            metrics.count("fetcher.http." + response.statusCode(), 1);
            return outcomes.of(item, response);
        } catch (FetchException e) {
            long millis = TimeUnit.NANOSECONDS.toMillis(clock.nanos() - start);
            metrics.fetchTime(millis);
            metrics.count("fetcher.exceptions." + e.cause().value, 1);
            return outcomes.of(item, e, millis);
        }
    }

    /** Ends the turn, then emits the outcome and acks; also releases a queue that spent its error budget. */
    private void report(HostQueues.Lease<T> lease, FetchOutcome outcome) {
        List<FetchItem<T>> released = queues.release(lease, outcome.feedback());
        FetchItem<T> item = lease.item;
        emit(item, outcome);
        String last = outcome.metadata().getFirst(MetadataKeys.ERROR_CAUSE);
        for (FetchItem<T> other : released) {
            emit(other, outcomes.refused(other, Status.FETCH_ERROR,
                    ErrorCauses.wrapping(ErrorCauses.QUEUE_ERROR_BUDGET, last),
                    "its queue had fetcher.max.exceptions.per.queue consecutive exceptions, the last " + last
                            + "; host paused"));
        }
    }

    private void emit(FetchItem<T> item, FetchOutcome outcome) {
        if (crawlLog != null) {
            // Content goes on to the parser, which decides its status: for the log it was fetched.
            crawlLog.log(item.url(), outcome.isContent() ? Status.FETCHED : outcome.status(), outcome.metadata());
        }
        if (outcome.isContent()) {
            metrics.count("fetcher.pages", 1);
            metrics.count("fetcher.bytes", outcome.content().length);
            sink.emitContent(item.anchor(), item.url(), outcome.content(), outcome.metadata());
        } else {
            if (outcome.status() == Status.ERROR || outcome.status() == Status.FETCH_ERROR) {
                metrics.count("fetcher.errors", 1);
            }
            metrics.count("fetcher.status." + outcome.status(), 1);
            sink.emitStatus(item.anchor(), item.url(), outcome.metadata(), outcome.status(), outcome.discovered());
        }
        sink.ack(item.anchor());
    }

    /**
     * Starts a fetch only once it took {@code room} for its writes, held until its outcome was emitted: a
     * fetch under way finishes, the next waits. Why: what a page costs downstream is its writes (its
     * discovered links), and fetching on while they queue up grows the work in flight without bound; and
     * fetches that start together must each take their own room, not all see the room that one of them has.
     */
    public void fetchWithin(Room room) {
        this.room = room;
    }

    /**
     * Fetches nothing more: the fetches under way finish and are reported, every URL queued and every URL
     * offered from now on is failed back to the frontier at once. Why: a stop must end with the outcome of
     * every page fetched written, and a fetcher that went on fetching would keep adding outcomes to write.
     */
    public void stopFetching() {
        fetching = false;
        queues.drainAll().forEach(i -> sink.fail(i.anchor()));
    }

    /**
     * Stops the threads (in-flight fetches end within the deadline), fails every URL still queued, and closes
     * the URL filters.
     */
    @Override
    public void close() {
        running = false;
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        queues.drainAll().forEach(i -> sink.fail(i.anchor()));
        filters.close();
        if (crawlLog != null) {
            crawlLog.close();
        }
    }
}
