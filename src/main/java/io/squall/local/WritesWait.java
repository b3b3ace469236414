package io.squall.local;

/**
 * What a stop waits for once the fetchers fetch nothing more: every write owed (a page fetched, its links),
 * without a bound, since each ends, written or failed; and the URLs still in flight while they move, since
 * a tuple on its way to a fetcher is failed there at once.
 *
 * <p>URLs in flight while no write is owed and no fetch is under way were handed out and not fetched: no
 * write of theirs can come. They stay due in the status index for the next run, so the wait for them ends
 * once their count has not moved for the grace (longer than Storm takes to time a lost tuple out): one
 * that never came back would otherwise hold the stop forever. Not thread-safe: one caller.
 */
public final class WritesWait {
    private final long graceNanos;
    private long lastInFlight = -1;
    private long stillSinceNanos;
    private long leftDue;

    /** @param graceNanos how long URLs in flight with nothing owed may stay unchanged before the stop ends */
    public WritesWait(long graceNanos) {
        this.graceNanos = graceNanos;
    }

    /**
     * Whether the stop waits on, given what is owed and in flight at {@code nowNanos}.
     *
     * @param writesOwed status writes of pages fetched, not answered yet
     * @param fetching fetches under way
     * @param inFlight URLs handed out and neither acked nor failed
     */
    public boolean waits(long writesOwed, long fetching, long inFlight, long nowNanos) {
        leftDue = 0;
        if (writesOwed > 0 || fetching > 0 || inFlight != lastInFlight) {
            lastInFlight = inFlight;
            stillSinceNanos = nowNanos;
            return writesOwed > 0 || fetching > 0 || inFlight > 0;
        }
        if (inFlight == 0) {
            return false;
        }
        if (nowNanos - stillSinceNanos < graceNanos) {
            return true;
        }
        leftDue = inFlight;
        return false;
    }

    /** URLs that the stop did not wait for, when it last ended: handed out, not fetched, still due. */
    public long leftDue() {
        return leftDue;
    }
}
