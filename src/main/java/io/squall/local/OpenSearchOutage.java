package io.squall.local;

import io.squall.opensearch.IndexUnavailableException;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.time.Duration;

/**
 * Whether the progress loop can read the status index, and what to tell the user about it: an OpenSearch
 * that stops answering pauses the crawl (nothing new is handed out, writes wait and are sent again), it
 * does not end it. The loop keeps asking; this tells it what to print on the way down and back up.
 */
public final class OpenSearchOutage {
    private long sinceNanos;
    private boolean ongoing;
    private boolean indexOnly;

    /**
     * A read failed at {@code nowNanos}; returns the line to show while it lasts, which says whether OpenSearch
     * did not answer or answered that the status index cannot serve (its primary shards not active).
     */
    public String failed(OpenSearchUnavailableException error, long nowNanos) {
        boolean indexUnavailable = error instanceof IndexUnavailableException;
        if (!ongoing) {
            ongoing = true;
            sinceNanos = nowNanos;
            indexOnly = true;
        }
        // An OpenSearch that comes back answers for a while before its shards are active: the outage was
        // OpenSearch's, not the index's alone, and the line that ends it says so.
        indexOnly &= indexUnavailable;
        return (indexUnavailable ? "Status index unavailable" : "OpenSearch unreachable") + " for " + seconds(nowNanos)
                + " s, crawl paused until it is back (Ctrl-C stops): " + error.getMessage();
    }

    /** A read worked at {@code nowNanos}; returns the line to print when it ends an outage, else null. */
    public String recovered(long nowNanos) {
        if (!ongoing) {
            return null;
        }
        ongoing = false;
        return (indexOnly ? "The status index is" : "OpenSearch is") + " back after " + seconds(nowNanos)
                + " s; the crawl goes on";
    }

    public boolean ongoing() {
        return ongoing;
    }

    private long seconds(long nowNanos) {
        return Duration.ofNanos(nowNanos - sinceNanos).toSeconds();
    }
}
