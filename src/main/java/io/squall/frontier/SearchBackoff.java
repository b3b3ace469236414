package io.squall.frontier;

/**
 * Paces the status-index searches: a wait that doubles after each empty search, from a minimum to a
 * maximum, and is cut by new activity.
 */
final class SearchBackoff {
    private final long minMillis;
    private final long maxMillis;
    private long currentMillis;
    private long retryAtMillis;

    SearchBackoff(long minMillis, long maxMillis) {
        this.minMillis = Math.max(1, minMillis);
        this.maxMillis = Math.max(this.minMillis, maxMillis);
    }

    boolean ready(long nowMillis) {
        return nowMillis >= retryAtMillis;
    }

    /** The search found nothing: wait longer before the next one. */
    void grow(long nowMillis) {
        currentMillis = currentMillis == 0 ? minMillis : Math.min(2 * currentMillis, maxMillis);
        retryAtMillis = nowMillis + currentMillis;
    }

    /**
     * Search next at {@code atMillis}, no sooner unless {@link #retryBy} or {@link #reset} says so: when
     * writes the search could not see yet become searchable, or when the next URL becomes due. The wait
     * starts from the minimum again after it.
     */
    void waitUntil(long atMillis) {
        currentMillis = 0;
        retryAtMillis = atMillis;
    }

    /**
     * New writes become searchable at {@code visibleAtMillis}: search then at the latest, or sooner if a
     * search was due sooner anyway. Never postpones one: a steady stream of writes must not keep pushing
     * the search away.
     */
    void retryBy(long visibleAtMillis) {
        currentMillis = 0;
        retryAtMillis = Math.min(retryAtMillis, visibleAtMillis);
    }

    /** Something changed (work found, a URL acked): the next search may run at once. */
    void reset() {
        currentMillis = 0;
        retryAtMillis = 0;
    }
}
