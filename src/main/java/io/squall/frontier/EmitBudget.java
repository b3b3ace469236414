package io.squall.frontier;

import io.squall.urls.LongHashSet;

/**
 * How many URLs a spout task may still hand out ({@code spout.max.urls}, shared among the spout tasks), so
 * that a crawl with a page limit never fetches more: the limit is enforced where URLs leave the frontier,
 * not counted after their fetches.
 *
 * <p>A URL is charged once, on its first hand-out; each hand-out allows at most one page request. A URL
 * that fails (its fetcher's queue was full, its outcome could not be stored) is not handed out again while
 * a budget holds: it cannot be told whether its page was requested before it failed, so handing it out
 * again could either charge it twice or request it twice. It stays due in the status index, for the next
 * run; {@link #setAside()} counts such URLs, so that the crawl does not wait for them. Memory: 8 to 16
 * bytes per URL charged.
 */
final class EmitBudget {
    private static final long UNLIMITED = -1;

    private final long limit;
    private final LongHashSet charged = new LongHashSet();
    private long left;
    private long setAside;

    private EmitBudget(long limit) {
        this.limit = limit;
        this.left = limit;
    }

    /**
     * This task's share of {@code total} (negative: no limit): the tasks' shares add up to {@code total},
     * the first tasks taking one more when it does not divide evenly.
     */
    static EmitBudget share(long total, int taskIndex, int numTasks) {
        if (total < 0) {
            return new EmitBudget(UNLIMITED);
        }
        long share = total / numTasks + (taskIndex < total % numTasks ? 1 : 0);
        return new EmitBudget(share);
    }

    boolean limited() {
        return limit != UNLIMITED;
    }

    /** URLs that may still be charged; {@link Integer#MAX_VALUE} without a limit. */
    int room() {
        return limited() ? (int) Math.min(Integer.MAX_VALUE, left) : Integer.MAX_VALUE;
    }

    /** URLs charged so far (0 without a limit). */
    long used() {
        return limited() ? limit - left : 0;
    }

    /**
     * Whether the URL may be handed out now, charging it if so: always without a limit; with one, only on
     * its first hand-out, and only while some budget is left.
     */
    boolean charge(String url) {
        if (!limited()) {
            return true;
        }
        if (left <= 0 || charged.contains(LongHashSet.hash64(url))) {
            return false;
        }
        charged.add(LongHashSet.hash64(url));
        left--;
        return true;
    }

    /** A URL handed out failed: with a limit, it stays due in the index and is not handed out again. */
    void failed(String url) {
        if (limited() && charged.contains(LongHashSet.hash64(url))) {
            setAside++;
        }
    }

    /** Failed URLs left due in the status index for the next run. */
    long setAside() {
        return setAside;
    }
}
