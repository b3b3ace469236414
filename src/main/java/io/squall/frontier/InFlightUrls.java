package io.squall.frontier;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The URLs this spout task must not emit: those in flight, and those acked or failed recently whose new
 * state the status index may not show yet (the purgatory).
 *
 * <p>Each URL is remembered with the {@code nextFetchDate} its document had when it was emitted. A search
 * hit that still carries that date is the stale state the URL was emitted from and is skipped; a hit with
 * another date is the status updater's new state and is emitted at once. So an acked URL is blocked only
 * until the index shows its new state, never a fixed time. A purgatory entry ends anyway after
 * {@code spout.ttl.purgatory}: a failed URL (whose document nobody rewrote) is then emitted again. A URL that
 * failed only after the message timeout in flight (its tuple timed out, most likely lost with a worker that
 * died) is not held back at all.
 *
 * <p>Bounded: the in-flight part by {@code topology.max.spout.pending} (the caller never reserves beyond
 * it), the purgatory by its TTL and by {@code spout.purgatory.max.size} (the oldest entries go first).
 * Not thread-safe: used by the spout thread only.
 */
final class InFlightUrls {

    /** What the spout remembers of a URL it emitted. */
    record Entry(String key, String nextFetchDate, long emittedAtMillis, boolean failed, long releaseAtMillis) {
        /** This URL, let go of: failed or not, and when it may be emitted again. */
        Entry released(boolean failedNow, long releaseAt) {
            return new Entry(key, nextFetchDate, emittedAtMillis, failedNow, releaseAt);
        }
    }

    private final Map<String, Entry> inFlight = new HashMap<>();
    // Insertion order is release order (the TTL is the same for all), so expiry only looks at the head.
    private final LinkedHashMap<String, Entry> purgatory = new LinkedHashMap<>();
    private final long ttlMillis;
    private final int maxPurgatory;
    private final long retryAtOnceAfterMillis;
    private int failedInPurgatory;

    /** @param retryAtOnceAfterMillis a URL failed after this long in flight skips the purgatory */
    InFlightUrls(long ttlMillis, int maxPurgatory, long retryAtOnceAfterMillis) {
        this.ttlMillis = ttlMillis;
        this.maxPurgatory = maxPurgatory;
        this.retryAtOnceAfterMillis = retryAtOnceAfterMillis;
    }

    /** Whether a hit of the status index may be emitted now. */
    boolean mayEmit(String url, String nextFetchDate, long nowMillis) {
        expire(nowMillis);
        if (inFlight.containsKey(url)) {
            return false;
        }
        Entry blocked = purgatory.get(url);
        if (blocked == null) {
            return true;
        }
        if (blocked.nextFetchDate().equals(nextFetchDate)) {
            return false; // the index still shows the state the URL was emitted from
        }
        removeFromPurgatory(url);
        return true;
    }

    /** Records a URL as in flight (from the moment it is chosen, so no later query can choose it again). */
    void reserve(String url, String key, String nextFetchDate, long nowMillis) {
        removeFromPurgatory(url);
        inFlight.put(url, new Entry(key, nextFetchDate, nowMillis, false, Long.MAX_VALUE));
    }

    /** Moves an acked URL to the purgatory; returns its entry, or null when it was not in flight. */
    Entry acked(String url, long nowMillis) {
        return release(url, false, nowMillis);
    }

    /**
     * Moves a failed URL to the purgatory, from which it is emitted again after the TTL; or, when it was in
     * flight for the message timeout or longer, out of this set at once (its tuple timed out: waiting adds
     * nothing). Returns its entry, whose {@code releaseAtMillis} is now in the second case; null when it was
     * not in flight.
     */
    Entry failed(String url, long nowMillis) {
        Entry entry = inFlight.get(url);
        if (entry != null && nowMillis - entry.emittedAtMillis() >= retryAtOnceAfterMillis) {
            inFlight.remove(url);
            return entry.released(true, nowMillis);
        }
        return release(url, true, nowMillis);
    }

    /**
     * Lets go of a URL reserved and never emitted (the spout was deactivated first): out of this set at once,
     * as if it had failed now, with no purgatory (its document was never handed to anyone). Returns its entry,
     * whose {@code releaseAtMillis} is now; null when it was not reserved.
     */
    Entry unreserve(String url, long nowMillis) {
        Entry entry = inFlight.remove(url);
        return entry == null ? null : entry.released(true, nowMillis);
    }

    int inFlightCount() {
        return inFlight.size();
    }

    int purgatorySize() {
        return purgatory.size();
    }

    /** Failed URLs waiting to be emitted again: while there are any, the frontier is not dry. */
    int failedWaiting(long nowMillis) {
        expire(nowMillis);
        return failedInPurgatory;
    }

    /**
     * When the first failed URL leaves the purgatory and may be emitted again; {@code Long.MAX_VALUE} when
     * none waits.
     */
    long nextRetryAtMillis(long nowMillis) {
        expire(nowMillis);
        if (failedInPurgatory > 0) {
            for (Entry e : purgatory.values()) { // in release order: the first failed one is the earliest
                if (e.failed()) {
                    return e.releaseAtMillis();
                }
            }
        }
        return Long.MAX_VALUE;
    }

    private Entry release(String url, boolean failed, long nowMillis) {
        Entry entry = inFlight.remove(url);
        if (entry == null) {
            return null;
        }
        expire(nowMillis);
        Entry released = entry.released(failed, nowMillis + ttlMillis);
        purgatory.put(url, released);
        if (failed) {
            failedInPurgatory++;
        }
        if (purgatory.size() > maxPurgatory) {
            removeFromPurgatory(purgatory.keySet().iterator().next());
        }
        return entry;
    }

    private void expire(long nowMillis) {
        Iterator<Entry> it = purgatory.values().iterator();
        while (it.hasNext()) {
            Entry e = it.next();
            if (e.releaseAtMillis() > nowMillis) {
                return;
            }
            if (e.failed()) {
                failedInPurgatory--;
            }
            it.remove();
        }
    }

    private void removeFromPurgatory(String url) {
        Entry e = purgatory.remove(url);
        if (e != null && e.failed()) {
            failedInPurgatory--;
        }
    }
}
