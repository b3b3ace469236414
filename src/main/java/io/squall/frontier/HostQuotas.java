package io.squall.frontier;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.opensearch.client.opensearch._types.FieldValue;

/**
 * The hosts (partition keys) this spout task is feeding, each with a quota of URLs in flight sized from
 * how fast the host takes them, and a search_after cursor into its due URLs.
 *
 * <p>Why: a global "oldest URLs per host" query keeps returning the URLs already in flight, so a host is
 * refilled only as its oldest URLs leave the index, and it starves between queries. Here a host is
 * refilled, from its cursor, as soon as half its quota (or a full query's worth) is done. The quota is the
 * host's ack rate times {@code spout.host.horizon} seconds (what it can take before the next refills),
 * doubled when the host ran dry (it could take more), at least {@code spout.host.min.urls}, at most its
 * fair share of {@code topology.max.spout.pending} and {@code fetcher.max.queue.size} (a fetcher queue
 * holding more fails tuples back). The fair share counts the hosts fed and those the last search for new
 * hosts found due but could not admit for lack of room, and wins over the minimum: in a broad crawl
 * (300 hosts at a 1 s delay, 1,000 URLs in flight) a minimum of 10 let the first hundred hosts hold every
 * slot, each with ten seconds of its queue, while the others waited for a host to run out. So a host with a long crawl delay holds few URLs (none time out in
 * the fetcher's queue) and a fast host holds many. A quota above what the rate needs shrinks only while
 * the host holds more than that and its URLs take longer than the horizon to come back: a host whose
 * acks are few because it has little to do (its first page is being parsed, it waits for its outlinks),
 * or because the pipeline behind the fetcher is still slow (a crawl's first seconds), keeps its quota.
 *
 * <p>A URL in flight much longer than its host's URLs take to come back (two round trips, and at least a
 * horizon), or for a horizon once the host's acks stopped for that long and four of their usual intervals,
 * or overtaken by one of its URLs emitted after it (see {@link Overtaking}), is most likely lost: in a
 * worker that died, or with the acker that would have seen it done, until Storm's message timeout fails
 * it. Such URLs stop counting against the host's quota, so
 * that a host whose fetcher survived keeps its pace instead of waiting for those timeouts; they still count
 * against its cap (its fair share, and what a fetcher queue accepts), which bounds what a stalled pipeline
 * lets a host take.
 *
 * <p>Bounded: a host enters when URLs of it are emitted and leaves when it has none in flight and none
 * due; the caller admits no host beyond {@link #isFull()}. Not thread-safe: spout thread only.
 */
final class HostQuotas {

    /** One host's state. */
    static final class Host {
        final String key;
        int inFlight;
        int quota;
        double ackRate; // acks per second, smoothed
        int acksSinceUpdate;
        double roundTripMillis = -1; // from emission to ack, smoothed; -1 before the first ack
        List<FieldValue> cursor; // sort values of the last hit seen; null: start from the oldest
        boolean lastRefillFoundWork = true;
        boolean reachedEnd; // the last search saw no due URL after its hits
        long lastReleaseMillis = Long.MIN_VALUE; // when the host's last URL was acked or failed
        // When its URLs in flight were emitted, oldest first: emission time to number of URLs.
        final TreeMap<Long, Integer> emittedAt = new TreeMap<>();
        int overdue; // URLs in flight long enough to be presumed lost, as of the last plan
        boolean retry; // a URL of it failed and is due again: refill it even short of a worthwhile step
        long lastAckMillis = -1;
        double ackIntervalMillis = -1; // between two acks, smoothed; -1 before the second ack
        final Overtaking overtaking = new Overtaking(); // its URLs in flight that later ones overtook

        Host(String key, int quota) {
            this.key = key;
            this.quota = quota;
        }
    }

    /** A request for more URLs of one host. */
    record Refill(String key, List<FieldValue> cursor, int size) {
    }

    // Short, so that a quota follows within a second what a host shows it can take: at a crawl's start the
    // pipeline behind the fetcher holds a host's URLs for a second or two, its quota is full of them, and
    // its fetcher queue stays empty until the quota has grown (a longer constant left a fast host idle).
    // A rate that jumps up with a burst of acks costs nothing: a quota shrinks only for a slow host.
    private static final double RATE_TIME_CONSTANT_MILLIS = 500;
    private static final double ROUND_TRIP_WEIGHT = 0.2;
    // A quota above what the host needs loses a third per second: 100 URLs shrink to 10 in about 6 s.
    private static final double QUOTA_DECAY_PER_SECOND = 0.65;
    // Overdue: in flight twice a host's round trip, and at least a horizon. A URL that is merely slow and
    // taken for lost costs one more URL in the host's fetcher queue, within its cap.
    private static final int OVERDUE_ROUND_TRIPS = 2;
    // Or, once a host that acked at its pace has been silent for this many of its intervals between acks
    // (and at least a horizon), in flight that long: a round trip is mostly the wait in the host's queue,
    // so two of them leave the host idle long after its queue ran out.
    private static final int SILENT_ACKS = 4;

    private final Map<String, Host> hosts = new HashMap<>();
    private final int minUrls;
    private final double horizonSeconds;
    private final int maxUrlsPerQuery;
    private final int maxPending;
    private final int maxQueue;
    private int leftOut; // hosts due but not admitted by the last search for new hosts: no room then
    private long lastRateUpdateMillis = -1;

    HostQuotas(int minUrls, double horizonSeconds, int maxUrlsPerQuery, int maxPending, int maxQueue) {
        this.minUrls = Math.max(1, minUrls);
        this.horizonSeconds = horizonSeconds;
        this.maxUrlsPerQuery = maxUrlsPerQuery;
        this.maxPending = maxPending;
        this.maxQueue = maxQueue;
    }

    Host get(String key) {
        return hosts.get(key);
    }

    Set<String> keys() {
        return hosts.keySet();
    }

    int size() {
        return hosts.size();
    }

    /** No new host may enter: there could not be one URL in flight per host. */
    boolean isFull() {
        return hosts.size() >= maxPending;
    }

    /**
     * How many hosts the last search for new hosts found due and could not admit (no room): they count
     * in every host's fair share, so that hosts fed shrink towards it and room is made for them.
     */
    void leftOut(int hosts) {
        leftOut = Math.max(0, hosts);
    }

    /**
     * A host found by the discovery query. Its rate is not known yet, so its first quota is a full query's
     * worth (within its fair share): a fast host starts at speed instead of doubling up from the minimum,
     * and a slow one sheds the excess within seconds as its quota decays towards what its rate needs.
     */
    Host admit(String key) {
        return hosts.computeIfAbsent(key, k -> new Host(k, Math.min(Math.max(minUrls, maxUrlsPerQuery), cap())));
    }

    void emitted(String key, long nowMillis) {
        Host h = hosts.get(key);
        if (h != null) {
            h.inFlight++;
            h.emittedAt.merge(nowMillis, 1, Integer::sum);
        }
    }

    /**
     * A URL of the host, emitted at {@code emittedAtMillis}, was acked or failed: the host may have new work
     * (its outlinks), look again soon.
     */
    void released(String key, boolean acked, long nowMillis, long emittedAtMillis) {
        Host h = hosts.get(key);
        if (h == null) {
            return;
        }
        h.inFlight = Math.max(0, h.inFlight - 1);
        h.emittedAt.computeIfPresent(emittedAtMillis, (t, n) -> n > 1 ? n - 1 : null);
        if (acked) {
            if (h.lastAckMillis >= 0) {
                long interval = nowMillis - h.lastAckMillis;
                h.ackIntervalMillis = h.ackIntervalMillis < 0 ? interval
                        : h.ackIntervalMillis + ROUND_TRIP_WEIGHT * (interval - h.ackIntervalMillis);
            }
            h.lastAckMillis = nowMillis;
            h.overtaking.acked(emittedAtMillis, nowMillis);
            h.acksSinceUpdate++;
            long roundTripMillis = nowMillis - emittedAtMillis;
            h.roundTripMillis = h.roundTripMillis < 0 ? roundTripMillis
                    : h.roundTripMillis + ROUND_TRIP_WEIGHT * (roundTripMillis - h.roundTripMillis);
        }
        h.lastReleaseMillis = nowMillis;
    }

    /**
     * Updates rates and quotas, and returns the hosts to refill from their cursor now, hungriest first, at
     * most {@code limit}. A host that reached the end of its due URLs is not among them: new URLs of it can
     * only be ones written since, and one search over all such hosts finds them (see {@link #waitingKeys}),
     * instead of one search per host after each of its acks.
     */
    List<Refill> plan(long nowMillis, int limit) {
        updateQuotas(nowMillis);
        countOverdue(nowMillis);
        List<Host> hungry = new ArrayList<>();
        for (Host h : hosts.values()) {
            if (!h.reachedEnd && isHungry(h)) {
                hungry.add(h);
            }
        }
        hungry.sort(Comparator.comparingDouble(h -> (double) counted(h) / h.quota));
        List<Refill> refills = new ArrayList<>();
        for (Host h : hungry.subList(0, Math.min(limit, hungry.size()))) {
            refills.add(new Refill(h.key, h.cursor, Math.min(maxUrlsPerQuery, room(h))));
        }
        return refills;
    }

    /**
     * Hosts that reached the end of their due URLs and have room for new ones, hungriest first, at most
     * {@code limit}: one search looks for all of their new URLs.
     */
    List<String> waitingKeys(int limit) {
        List<Host> waiting = new ArrayList<>();
        for (Host h : hosts.values()) {
            if (isWaiting(h)) {
                waiting.add(h);
            }
        }
        if (waiting.size() > limit) { // asked before every search: sorted only when some must wait
            waiting.sort(Comparator.comparingDouble(h -> (double) counted(h) / h.quota));
            waiting = waiting.subList(0, limit);
        }
        return waiting.stream().map(h -> h.key).toList();
    }

    /** Whether a host reached the end of its due URLs and has room for new ones (see {@link #waitingKeys}). */
    boolean anyWaiting() {
        for (Host h : hosts.values()) {
            if (isWaiting(h)) {
                return true;
            }
        }
        return false;
    }

    /** The largest quota among these hosts (0 when none is fed). */
    int largestQuota(List<String> keys) {
        int largest = 0;
        for (String key : keys) {
            Host h = hosts.get(key);
            if (h != null) {
                largest = Math.max(largest, h.quota);
            }
        }
        return largest;
    }

    /** How many URLs the host may take now; 0 unless it has room for a worthwhile step. */
    int room(Host h) {
        return isHungry(h) ? Math.min(h.quota - counted(h), cap() - h.inFlight) : 0;
    }

    /**
     * A failed URL of the host is due again at once: the next refill starts from the host's oldest due URL
     * instead of after the last one seen, which would pass it by until the cursor came round, and comes as
     * soon as the host has room for one URL, not half its quota.
     */
    void rewind(String key) {
        Host h = hosts.get(key);
        if (h != null) {
            h.cursor = null;
            h.reachedEnd = false;
            h.retry = true;
        }
    }

    // What counts against the quota: the URLs in flight but those overdue (most likely lost).
    private static int counted(Host h) {
        return h.inFlight - h.overdue;
    }

    private void countOverdue(long nowMillis) {
        for (Host h : hosts.values()) {
            h.overdue = 0;
            if (h.roundTripMillis < 0) {
                continue; // nothing came back yet: nothing is late
            }
            long horizonMillis = Math.round(horizonSeconds * 1000);
            long overdueAfter = Math.max(OVERDUE_ROUND_TRIPS * (long) h.roundTripMillis, horizonMillis);
            if (h.ackIntervalMillis >= 0) {
                // Silent for many of its usual intervals between acks: what it has in flight since is lost.
                long quiet = Math.max(horizonMillis, Math.round(SILENT_ACKS * h.ackIntervalMillis));
                if (nowMillis - h.lastAckMillis >= quiet) {
                    overdueAfter = Math.min(overdueAfter, quiet);
                }
            }
            // Or overtaken by a URL of its host emitted later (see Overtaking): some of its URLs die, not all.
            long overdueBefore = Math.max(nowMillis - overdueAfter, h.overtaking.until(nowMillis));
            for (Map.Entry<Long, Integer> e : h.emittedAt.headMap(overdueBefore, true).entrySet()) {
                h.overdue += e.getValue();
            }
        }
    }

    // At the end of its due URLs, with room for new ones: what a search for written-since URLs is for.
    private boolean isWaiting(Host h) {
        return h.reachedEnd && isHungry(h);
    }

    // Topped up in worthwhile steps: half its quota, or a full query's worth for a big quota.
    private boolean isHungry(Host h) {
        int room = Math.min(h.quota - counted(h), cap() - h.inFlight);
        return room > 0 && (h.retry || room >= Math.min(h.quota / 2, maxUrlsPerQuery));
    }

    /**
     * The outcome of a refill or discovery search for a host.
     *
     * @param reachedEnd the host has no due URL after the last hit seen
     * @param fresh    hits emitted from it
     * @param lastSeen sort values of the last hit looked at
     * @param sawReleasesUntilMillis the search saw what URLs acked or failed until then wrote
     */
    void searched(String key, boolean reachedEnd, int fresh, List<FieldValue> lastSeen, long sawReleasesUntilMillis) {
        Host h = hosts.get(key);
        if (h == null) {
            return;
        }
        // At the end, the next pass starts again from the oldest: failed URLs back from the purgatory,
        // and URLs written with a date before the cursor, are found then.
        h.cursor = reachedEnd ? null : lastSeen;
        h.reachedEnd = reachedEnd;
        h.retry = false;
        h.lastRefillFoundWork = fresh > 0;
        // A host with nothing due and nothing in flight leaves (the search for new URLs finds it again when
        // it has some), unless the search could not yet see what the host's last acked URL wrote.
        if (reachedEnd && fresh == 0 && h.inFlight == 0 && sawReleasesUntilMillis >= h.lastReleaseMillis) {
            hosts.remove(key);
        }
    }

    private void updateQuotas(long nowMillis) {
        if (lastRateUpdateMillis < 0) {
            lastRateUpdateMillis = nowMillis;
            return;
        }
        long elapsed = nowMillis - lastRateUpdateMillis;
        if (elapsed <= 0) {
            return;
        }
        lastRateUpdateMillis = nowMillis;
        double weight = 1 - Math.exp(-elapsed / RATE_TIME_CONSTANT_MILLIS);
        double decay = Math.pow(QUOTA_DECAY_PER_SECOND, elapsed / 1000.0);
        int cap = cap();
        for (Host h : hosts.values()) {
            double instantRate = h.acksSinceUpdate * 1000.0 / elapsed;
            h.acksSinceUpdate = 0;
            h.ackRate += weight * (instantRate - h.ackRate);
            int needed = (int) Math.ceil(h.ackRate * horizonSeconds);
            boolean ranDry = h.inFlight == 0 && h.lastRefillFoundWork;
            boolean holdsMoreThanItTakes = h.inFlight > Math.max(needed, minUrls)
                    && h.roundTripMillis > horizonSeconds * 1000;
            int quota = ranDry ? Math.max(2 * h.quota, needed)
                    : holdsMoreThanItTakes ? Math.max(needed, (int) (decay * h.quota))
                    : Math.max(needed, h.quota);
            h.quota = Math.max(1, Math.min(cap, Math.max(minUrls, quota))); // the cap wins over the minimum
        }
    }

    /**
     * The most a host may hold: its fair share of the pending bound among the hosts fed and those waiting
     * for room, and what a fetcher queue accepts.
     */
    private int cap() {
        int fairShare = maxPending / Math.max(1, hosts.size() + leftOut);
        return Math.max(1, Math.min(Math.min(fairShare, maxQueue), maxPending));
    }
}
