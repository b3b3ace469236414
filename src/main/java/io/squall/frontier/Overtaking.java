package io.squall.frontier;

/**
 * Which of a host's URLs in flight were overtaken: handed out before a URL of the host that came back a
 * while ago. A host's URLs are fetched one after the other in the order they were handed out, so such a
 * URL is most likely lost (its page went to a worker that died: its status updater, the user's bolt, or the
 * acker that would have seen it done) and waits only for Storm's message timeout to be failed. Unlike a
 * silence of the host's acks, this shows when only some of its URLs die: a URL's status update and its
 * acker are chosen by the URL, so with one worker of two dead, a host keeps acking about a quarter of its URLs.
 *
 * <p>A URL counts as overtaken once a later-emitted URL of its host has been acked for {@link #GRACE_MILLIS}.
 * A working pipeline reorders a host's acks too (a page parsed for longer than the next one, a redirect
 * written before the page emitted ahead of it reaches the status writer through the content writer's
 * bulk): such a URL, taken for lost, costs its host one more URL in its fetcher queue, within its cap,
 * while a longer grace would let the fetcher queue of a host that loses some of its URLs run dry. URLs
 * handed out together (one refill) are overtaken only by a URL of a later refill.
 *
 * <p>Constant size: two acked emission times at most wait out the grace, the oldest one acked and the newest
 * one acked since (timed from the ack that made it the newest), so what is overtaken lags the acks by at
 * most two graces, and is never counted early. Not thread-safe: spout thread only.
 */
final class Overtaking {
    static final long GRACE_MILLIS = 1_000;
    private static final long NONE = Long.MIN_VALUE;

    private long overtaken = NONE; // URLs emitted before this time are overtaken
    private long first = NONE; // an emission time acked since, waiting out the grace
    private long firstAckedMillis;
    private long next = NONE; // the newest emission time acked after it
    private long nextAckedMillis;

    /** A URL of the host emitted at {@code emittedMillis} was acked. */
    void acked(long emittedMillis, long nowMillis) {
        promote(nowMillis);
        if (emittedMillis <= Math.max(overtaken, Math.max(first, next))) {
            return;
        }
        if (first == NONE) {
            first = emittedMillis;
            firstAckedMillis = nowMillis;
        } else {
            next = emittedMillis;
            nextAckedMillis = nowMillis;
        }
    }

    /**
     * URLs of the host emitted at or before this time, and still in flight, are overtaken (most likely lost);
     * {@link Long#MIN_VALUE} when none is.
     */
    long until(long nowMillis) {
        promote(nowMillis);
        return overtaken == NONE ? NONE : overtaken - 1;
    }

    private void promote(long nowMillis) {
        if (first != NONE && nowMillis - firstAckedMillis >= GRACE_MILLIS) {
            overtaken = first;
            first = next;
            firstAckedMillis = nextAckedMillis;
            next = NONE;
            promote(nowMillis);
        }
    }
}
