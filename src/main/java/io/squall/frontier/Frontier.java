package io.squall.frontier;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.config.Durations;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.opensearch.ControlDocument;
import io.squall.opensearch.ControlWatch;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongConsumer;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.Time;
import org.opensearch.client.opensearch.core.MsearchRequest;
import org.opensearch.client.opensearch.core.MsearchResponse;
import org.opensearch.client.opensearch.indices.IndexSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logic of one spout task, without Storm: reads due URLs from its shards of the status index and
 * hands them out one at a time, keeping every host it feeds supplied (see {@link HostQuotas}) and never
 * handing out a URL that is in flight or whose new state the index does not show yet (see
 * {@link InFlightUrls}).
 *
 * <p>One multi-search at a time, sent asynchronously; the client's callback only puts the answer on a
 * concurrent queue that {@link #next()} drains on the spout thread, so all state here belongs to that
 * thread. Searches start at least {@code spout.min.delay.queries} apart; they run only when a host needs
 * a refill or there is room for new hosts (never when {@code topology.max.spout.pending} URLs are in
 * flight); a search for new hosts that finds none waits longer each time, up to
 * {@code spout.max.delay.queries}, until an ack or fail says that new URLs may have been written.
 *
 * <p>While nothing is due the spout does not search at all: when a search for new URLs finds none after
 * one that found none, the same request asked when the next URL becomes due (a URL to retry, a page to
 * fetch again), and the next search waits until then, or until a failed URL leaves the purgatory, an ack
 * or fail, or {@link #wake()}. What only someone else writes (seeds from an injector, the outlinks that
 * other tasks' URLs write into this task's shards) is found within {@code spout.max.delay.idle}.
 *
 * <p>What an acked URL wrote (its outlinks) becomes searchable at the status index's next refresh. When
 * the last search for new URLs found none, so that the spout waits for exactly those writes, and hosts
 * wait for their outlinks (or no host is fed at all), the next search refreshes the index first instead
 * of waiting for the refresh interval: each level of links reaches the fetchers that much sooner, most
 * of all at a crawl's start. Otherwise (every fed host has URLs to go) a search for new hosts waits for the
 * interval to show those writes: sent sooner, it would find nothing. When the refresh is not allowed (a user
 * without that privilege), the spout says so once and waits for the interval instead.
 */
public final class Frontier implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Frontier.class);
    private static final long REFRESH_MARGIN_MILLIS = 50;

    /** A URL to emit, with its metadata (including {@code _key}), and the number of the search that found it. */
    public record Emission(String url, Metadata metadata, String key, long search) {
    }

    /** One search: {@code waitingHits} is how many due URLs it reads per waiting host. */
    private record Cycle(long number, List<HostQuotas.Refill> refills, boolean discover, List<String> waiting,
                         int waitingHits, boolean nextDue, long startMillis, boolean refresh) {
        boolean looksForNewUrls() {
            return discover || !waiting.isEmpty();
        }
    }

    /** The search's answer, and whether the refresh before it failed (then it saw what the interval showed). */
    private record Answer(Cycle cycle, Throwable refreshError, MsearchResponse<Map> response, Throwable error) {
    }

    private final OpenSearchClient client;
    private final OpenSearchAsyncClient asyncClient;
    private final String statusIndex;
    private final ShardAssignment assignment;
    private final FrontierQueries queries;
    private final InFlightUrls urls;
    private final HostQuotas hosts;
    private final SearchBackoff discovery;
    private final EmitBudget budget;
    private final int maxPending;
    private final int maxBuckets;
    private final int maxUrlsPerBucket;
    private final int discoveryHits;
    private final long minDelayMillis;
    private final long maxDelayMillis;
    private final long idleDelayMillis;
    private final long visibilityMillis;
    private final Queue<Answer> answers = new ConcurrentLinkedQueue<>();
    private final ArrayDeque<Emission> ready = new ArrayDeque<>();
    private Cycle running;
    private long cycles;
    private long nextSearchAtMillis = Long.MIN_VALUE / 2;
    private long lastDryDiscoverySawUntilMillis = Long.MIN_VALUE / 2;
    // The last ack or fail of this task's own URLs, or the last wake-up: what was written then is what this
    // task waits to see. Outlinks that another task's URLs wrote into this task's shards (that task may run
    // in another worker) are found by the periodic search for new URLs, at most spout.max.delay.idle after
    // they are searchable.
    private long lastWritesMillis = Long.MIN_VALUE / 2;
    private boolean refreshAllowed = true;
    private boolean lastDiscoveryFoundNothing;
    private boolean lastDiscoveryFedNone;
    private LongConsumer searchTimes = millis -> { };
    private final CrawlClock clock;
    private final ControlWatch control;

    private Frontier(OpenSearchClient client, CrawlerConfig config, ShardAssignment assignment, long refreshMillis,
                     EmitBudget budget, CrawlClock clock) {
        this.clock = clock;
        this.client = client;
        this.asyncClient = new OpenSearchAsyncClient(client._transport());
        this.statusIndex = SquallIndex.STATUS.name(config);
        this.assignment = assignment;
        // The refresh runs every refreshMillis and takes a moment itself.
        this.visibilityMillis = refreshMillis + REFRESH_MARGIN_MILLIS;
        this.maxPending = Math.max(1, config.getInt("topology.max.spout.pending"));
        this.maxBuckets = config.getInt("opensearch.status.max.buckets");
        this.maxUrlsPerBucket = config.getInt("opensearch.status.max.urls.per.bucket");
        this.discoveryHits = config.getInt("opensearch.status.discovery.hits");
        this.minDelayMillis = config.getDuration("spout.min.delay.queries").toMillis();
        this.maxDelayMillis = config.getDuration("spout.max.delay.queries").toMillis();
        this.idleDelayMillis = Math.max(maxDelayMillis, config.getDuration("spout.max.delay.idle").toMillis());
        this.queries = new FrontierQueries(statusIndex,
                assignment.isIdle() ? null : assignment.preference(), discoveryHits);
        this.urls = new InFlightUrls(config.getDuration("spout.ttl.purgatory").toMillis(),
                config.getInt("spout.purgatory.max.size"), config.getLong("topology.message.timeout.secs") * 1000);
        this.hosts = new HostQuotas(config.getInt("spout.host.min.urls"),
                config.getDuration("spout.host.horizon").toNanos() / 1e9,
                maxUrlsPerBucket, maxPending, config.getInt("fetcher.max.queue.size"));
        this.discovery = new SearchBackoff(minDelayMillis, maxDelayMillis);
        this.budget = budget;
        String hostsIndex = SquallIndex.HOSTS.name(config);
        this.control = new ControlWatch(() -> ControlDocument.readAsync(asyncClient, hostsIndex),
                config.getDuration("spout.control.interval").toMillis(), clock, "the spout");
    }

    /**
     * Connects to OpenSearch (waiting for it), creates the status index if missing, and derives this
     * task's shards from the index's shard count; on the machine's clock.
     */
    public static Frontier open(CrawlerConfig config, int taskIndex, int numTasks) {
        return open(config, taskIndex, numTasks, CrawlClock.system());
    }

    /** As {@link #open(CrawlerConfig, int, int)}, deciding what is due and when to search with {@code clock}. */
    public static Frontier open(CrawlerConfig config, int taskIndex, int numTasks, CrawlClock clock) {
        OpenSearchClient client = OpenSearchClients.create(config);
        try {
            IndexSetup.awaitReachable(client, config);
            IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
            String index = SquallIndex.STATUS.name(config);
            IndexSettings settings = IndexSetup.settings(client, config, SquallIndex.STATUS);
            int shards = IndexSetup.numberOfShards(settings);
            ShardAssignment assignment = ShardAssignment.of(taskIndex, numTasks, shards);
            if (assignment.isIdle()) {
                LOG.warn("Spout task {} of {} has no shard to read: the status index '{}' has {} shards; this task"
                        + " stays idle", taskIndex, numTasks, index, shards);
            } else {
                LOG.info("Spout task {} of {} reads shards {} of {} of '{}'", taskIndex, numTasks,
                        assignment.shards(), shards, index);
            }
            return new Frontier(client, config, assignment, refreshMillisOf(settings),
                    EmitBudget.share(config.getLong("spout.max.urls"), taskIndex, numTasks), clock);
        } catch (RuntimeException e) {
            OpenSearchClients.close(client);
            throw e;
        }
    }

    /**
     * The next URL to emit, or null when none is ready now or the crawl's control document says paused or stopped
     * (then no search either). Never blocks.
     */
    public Emission next() {
        if (!control.running()) {
            return null;
        }
        long now = nowMillis();
        Answer answer;
        while ((answer = answers.poll()) != null) {
            take(answer, now);
        }
        if (running == null) {
            maybeSearch(now);
        }
        return ready.poll();
    }

    /** The URL was processed: it stays blocked until the index shows its new state, at most the purgatory TTL. */
    public void acked(String url) {
        release(urls.acked(url, nowMillis()), true);
    }

    /**
     * The URL failed: it is emitted again after the purgatory TTL, unless a budget holds (see
     * {@link EmitBudget}): then it is left due for the next run. A URL failed after the message timeout or
     * longer in flight is emitted again at once: its tuple timed out, most likely lost with a worker that
     * died (or failed back after that long in a fetcher's queue), and waiting longer only keeps the host's
     * page from being fetched.
     */
    public void failed(String url) {
        InFlightUrls.Entry entry = urls.failed(url, nowMillis());
        if (entry != null) {
            budget.failed(url);
        }
        release(entry, false);
    }

    /**
     * The spout was deactivated: the URLs chosen by a search and not emitted yet are given back, due as they
     * are in the status index. Until then they counted as in flight, and a stop waiting for what is in flight
     * would have waited for URLs that no one will ever fetch. Under a budget they are set aside like failed
     * URLs (see {@link EmitBudget}). Returns how many were given back.
     */
    public int giveBackUnemitted() {
        long now = nowMillis();
        int given = 0;
        for (Emission e = ready.poll(); e != null; e = ready.poll()) {
            InFlightUrls.Entry entry = urls.unreserve(e.url(), now);
            if (entry != null) {
                budget.failed(e.url());
                release(entry, false);
                given++;
            }
        }
        return given;
    }

    /**
     * New URLs were written that this task's searches would otherwise find only at the next periodic search
     * (seeds from a local crawl's console or {@code squall inject}, other tasks' outlinks): search for them
     * now. Call on the spout thread.
     */
    public void wake() {
        long now = nowMillis();
        // Someone else wrote: search at once, refreshing the index first when hosts starve.
        discovery.retryBy(refreshAllowed ? now : now + visibilityMillis);
        lastWritesMillis = now;
    }

    /** Whether this task hands out a limited number of URLs ({@code spout.max.urls}). */
    public boolean hasBudget() {
        return budget.limited();
    }

    /** URLs this task charged to its budget so far (0 without one). */
    public long budgetUsed() {
        return budget.used();
    }

    /** URLs that failed under a budget and stay due in the status index, not handed out again in this run. */
    public long setAside() {
        return budget.setAside();
    }

    /** URLs emitted (or about to be) and not yet acked or failed. */
    public int inFlight() {
        return urls.inFlightCount();
    }

    /**
     * Whether this task's part of the frontier ran dry: nothing in flight or waiting for a retry, and a
     * search for due URLs that saw what everything this task acked so far wrote found none. Outlinks that
     * other tasks' URLs write into this task's shards make it busy again when its periodic search finds them.
     */
    public boolean isIdle() {
        if (assignment.isIdle()) {
            return true;
        }
        long now = nowMillis();
        return lastDiscoveryFoundNothing && running == null && ready.isEmpty() && hosts.size() == 0
                && urls.inFlightCount() == 0 && urls.failedWaiting(now) == 0
                && lastDryDiscoverySawUntilMillis >= lastWritesMillis;
    }

    /** Receives the duration of every search, in milliseconds, on the spout thread (for metrics). */
    public void onSearchTime(LongConsumer listener) {
        this.searchTimes = listener;
    }

    public ShardAssignment assignment() {
        return assignment;
    }

    /** Searches sent so far. */
    public long searches() {
        return cycles;
    }

    @Override
    public void close() {
        OpenSearchClients.close(client);
    }

    private void release(InFlightUrls.Entry entry, boolean acked) {
        if (entry == null) {
            return; // not emitted by this task (e.g. before a restart): nothing to unblock
        }
        long now = nowMillis();
        hosts.released(entry.key(), acked, now, entry.emittedAtMillis());
        if (!acked && entry.releaseAtMillis() <= now) {
            hosts.rewind(entry.key()); // due again now: the next refill must not pass it by
        }
        // New URLs can come only from what this URL wrote: if the last search for them found none, the next
        // one runs when those writes are searchable (at once, refreshing the index), instead of finding
        // none again.
        if (lastDiscoveryFedNone) {
            discovery.retryBy(searchableAt(now, now));
        } else {
            discovery.reset();
        }
        lastWritesMillis = now;
    }

    private void maybeSearch(long now) {
        if (assignment.isIdle() || now < nextSearchAtMillis) {
            return;
        }
        int room = Math.min(maxPending - urls.inFlightCount(), budget.room());
        if (room <= 0) {
            return;
        }
        List<HostQuotas.Refill> refills = new ArrayList<>();
        int planned = 0;
        for (HostQuotas.Refill refill : hosts.plan(now, maxBuckets)) {
            if (planned >= room) {
                break;
            }
            int size = Math.min(refill.size(), room - planned);
            refills.add(new HostQuotas.Refill(refill.key(), refill.cursor(), size));
            planned += size;
        }
        boolean newUrls = planned < room && discovery.ready(now);
        boolean discover = newUrls && !hosts.isFull();
        List<String> waiting = newUrls ? hosts.waitingKeys(maxBuckets) : List.of();
        if (refills.isEmpty() && !discover && waiting.isEmpty()) {
            return;
        }
        // Refreshing costs OpenSearch a segment: only for hosts that wait for their outlinks, or when no host
        // is fed at all. New hosts while others keep the fetchers busy can wait for the periodic refresh.
        boolean starving = !waiting.isEmpty() || (discover && hosts.size() == 0);
        boolean refresh = refreshAllowed && starving && lastDiscoveryFedNone
                && lastWritesMillis > now - visibilityMillis;
        // A waiting host can take its quota's worth at most: its URLs in flight (which still look due) and
        // its room. Reading more per host would only load documents that stay in the index.
        int waitingHits = Math.min(maxUrlsPerBucket, hosts.largestQuota(waiting));
        // Asked only when the last search found nothing new, and this one sees every write so far (so that
        // finding nothing means nothing is due): a busy crawl's searches stay as they were.
        boolean nextDue = lastDiscoveryFedNone && (discover || !waiting.isEmpty())
                && (refresh || lastWritesMillis <= now - visibilityMillis);
        Cycle cycle = new Cycle(++cycles, refills, discover, waiting, waitingHits, nextDue, now, refresh);
        MsearchRequest request = queries.request(refills, discover, hosts.keys(), waiting, waitingHits, nextDue,
                clock.instant());
        running = cycle;
        nextSearchAtMillis = now + minDelayMillis;
        if (!refresh) {
            send(cycle, request, null);
            return;
        }
        try {
            asyncClient.indices().refresh(r -> r.index(statusIndex))
                    .whenComplete((done, error) -> send(cycle, request, error));
        } catch (IOException | RuntimeException e) {
            send(cycle, request, e);
        }
    }

    /** Sends the cycle's search; its answer is queued for the spout thread. Runs on the client's threads too. */
    private void send(Cycle cycle, MsearchRequest request, Throwable refreshError) {
        try {
            asyncClient.msearch(request, Map.class)
                    .whenComplete((response, error) -> answers.add(new Answer(cycle, refreshError, response, error)));
        } catch (IOException | RuntimeException e) {
            answers.add(new Answer(cycle, refreshError, null, e));
        }
    }

    private void take(Answer answer, long now) {
        running = null;
        Cycle cycle = answer.cycle();
        searchTimes.accept(now - cycle.startMillis());
        MsearchResponse<Map> response;
        try {
            if (answer.error() != null) {
                throw answer.error();
            }
            response = FrontierQueries.checked(answer.response());
        } catch (Throwable e) {
            LOG.warn("Spout task {}: searching the status index failed ({}); retrying in {} ms", assignment.taskIndex(),
                    e.getMessage(), maxDelayMillis);
            nextSearchAtMillis = now + maxDelayMillis; // at most one failing search (and log line) per pause
            return;
        }
        if (answer.refreshError() != null) {
            // The search works and the refresh does not: not a passing outage but a missing privilege.
            refreshAllowed = false;
            LOG.warn("Spout task {}: cannot refresh the status index '{}' ({}); new URLs are searched for once the"
                    + " refresh interval made them visible", assignment.taskIndex(), statusIndex,
                    answer.refreshError().getMessage());
        }
        // Releases until then had their writes confirmed before their ack: the refresh made them visible.
        long sawReleasesUntil = cycle.refresh() && answer.refreshError() == null
                ? cycle.startMillis() : cycle.startMillis() - visibilityMillis;
        int position = 0;
        for (HostQuotas.Refill refill : cycle.refills()) {
            List<StatusHit> hits = FrontierQueries.hits(response.responses().get(position++));
            Taken taken = take(hits, refill.size(), cycle.number(), now);
            boolean reachedEnd = taken.considered == hits.size() && hits.size() < refill.size();
            hosts.searched(refill.key(), reachedEnd, taken.fresh, taken.lastSeen(refill.cursor()), sawReleasesUntil);
        }
        if (!cycle.looksForNewUrls()) {
            return;
        }
        int fed = 0;
        boolean leftOut = false; // due URLs of new hosts that found no room
        if (cycle.discover()) {
            List<StatusHit> found = FrontierQueries.hits(response.responses().get(position++));
            // Fewer hits than asked for: these were all the due URLs of the hosts not fed yet.
            boolean sawAllDue = found.size() < discoveryHits;
            int hostsLeftOut = 0;
            for (Map.Entry<String, List<StatusHit>> bucket : FrontierQueries.byKey(found).entrySet()) {
                if (hosts.get(bucket.getKey()) != null) {
                    continue; // fed since the search was sent
                }
                if (maxPending - urls.inFlightCount() <= 0 || hosts.isFull()) {
                    hostsLeftOut++;
                    continue;
                }
                HostQuotas.Host host = hosts.admit(bucket.getKey());
                fed += feed(host, bucket.getValue(), sawAllDue, cycle, sawReleasesUntil, now) ? 1 : 0;
            }
            leftOut = hostsLeftOut > 0;
            hosts.leftOut(hostsLeftOut);
        }
        if (!cycle.waiting().isEmpty()) {
            Map<String, List<StatusHit>> found = FrontierQueries.groupedHits(response.responses().get(position++));
            for (String key : cycle.waiting()) {
                HostQuotas.Host host = hosts.get(key);
                if (host == null || !host.reachedEnd) {
                    continue; // left, or refilled from a cursor since the search was sent
                }
                // Its URLs in flight come back too (the index shows them due until their new state is
                // searchable): they are skipped, and what is left is new. No bucket: nothing is due.
                List<StatusHit> hits = found.getOrDefault(key, List.of());
                fed += feed(host, hits, hits.size() < cycle.waitingHits(), cycle, sawReleasesUntil, now) ? 1 : 0;
            }
        }
        lastDiscoveryFoundNothing = fed == 0 && cycle.refills().isEmpty();
        lastDiscoveryFedNone = fed == 0;
        if (fed == 0 && sawReleasesUntil < lastWritesMillis) {
            // The search could not see the latest outlinks yet: look again once it can (at once, refreshing).
            discovery.waitUntil(searchableAt(lastWritesMillis, now));
        } else if (fed == 0) {
            if (cycle.nextDue() && cycle.discover() && !leftOut) {
                // Every host's due URLs were seen (none left out for room) and none can go out now.
                discovery.waitUntil(quietUntil(FrontierQueries.nextDue(response.responses().get(position)), now));
            } else {
                discovery.grow(now);
            }
            if (lastDiscoveryFoundNothing && cycle.discover()) {
                lastDryDiscoverySawUntilMillis = sawReleasesUntil;
            }
        } else {
            discovery.reset();
        }
    }

    /**
     * Nothing is due and everything written is seen: when something may be due again. The next URL's due
     * date or a failed URL's retry, or the periodic search for what others write, whichever comes first.
     */
    private long quietUntil(Instant nextDue, long now) {
        long until = Math.min(now + idleDelayMillis, urls.nextRetryAtMillis(now));
        if (nextDue != null) {
            until = Math.min(until, now + Math.max(0, nextDue.toEpochMilli() - clock.millis()));
        }
        return until;
    }

    /**
     * When a search can see what was written before a release: at once when the next search refreshes the
     * index first (no host is fed, or one waits for its outlinks), otherwise once the refresh interval showed
     * it. While every fed host has URLs to go, a search for new hosts after each ack would not see that ack's
     * writes and would find nothing: in a slow crawl of two hosts it ran four times a second.
     */
    private long searchableAt(long releaseMillis, long nowMillis) {
        boolean refreshesFirst = refreshAllowed && (hosts.size() == 0 || hosts.anyWaiting());
        return refreshesFirst ? nowMillis : releaseMillis + visibilityMillis;
    }

    /**
     * Hands out what the host has room for among its hits, oldest first; true if any was new.
     *
     * @param sawAllDue the hits are all of the host's due URLs (not the first of more)
     */
    private boolean feed(HostQuotas.Host host, List<StatusHit> hits, boolean sawAllDue, Cycle cycle,
                         long sawReleasesUntil, long now) {
        int wanted = Math.min(Math.min(hosts.room(host), maxUrlsPerBucket),
                Math.min(maxPending - urls.inFlightCount(), budget.room()));
        if (wanted <= 0) {
            return false;
        }
        Taken taken = take(hits, wanted, cycle.number(), now);
        boolean reachedEnd = taken.considered == hits.size() && sawAllDue;
        hosts.searched(host.key, reachedEnd, taken.fresh, taken.lastSeen(null), sawReleasesUntil);
        return taken.fresh > 0;
    }

    private static final class Taken {
        int considered;
        int fresh;
        StatusHit last;

        List<FieldValue> lastSeen(List<FieldValue> previous) {
            return last == null ? previous : last.sort();
        }
    }

    /** Reserves and queues up to {@code limit} hits that may be emitted, in order. */
    private Taken take(List<StatusHit> hits, int limit, long search, long now) {
        Taken taken = new Taken();
        for (StatusHit hit : hits) {
            if (taken.fresh >= limit) {
                break;
            }
            taken.considered++;
            taken.last = hit;
            if (!urls.mayEmit(hit.url(), hit.nextFetchDate(), now) || !budget.charge(hit.url())) {
                continue;
            }
            urls.reserve(hit.url(), hit.key(), hit.nextFetchDate(), now);
            hosts.emitted(hit.key(), now);
            Metadata metadata = Metadata.fromMap(hit.metadata()).set(MetadataKeys.PARTITION_KEY, hit.key());
            ready.add(new Emission(hit.url(), metadata, hit.key(), search));
            taken.fresh++;
        }
        return taken;
    }

    /** How long a write takes to become searchable; 1 s (OpenSearch's default) when not set or disabled. */
    static long refreshMillisOf(IndexSettings settings) {
        Time interval = settings.refreshInterval();
        String value = interval == null || !interval.isTime() ? null : interval.time().trim();
        if (value == null || value.isBlank() || value.startsWith("-")) {
            return 1_000;
        }
        return Durations.parse(value).toMillis();
    }

    private long nowMillis() {
        return clock.nanos() / 1_000_000;
    }
}
