package io.squall.local;

import java.time.Duration;

/**
 * Whether the progress loop can read the status index, and what to tell the user about it: an OpenSearch
 * that stops answering pauses the crawl (nothing new is handed out, writes wait and are sent again), it
 * does not end it. The loop keeps asking; this tells it what to print on the way down and back up.
 */
public final class OpenSearchOutage {
    private long sinceNanos;
    private boolean ongoing;
    private String lastError;

    /** A read failed at {@code nowNanos}; returns the line to show while it lasts. */
    public String failed(String error, long nowNanos) {
        if (!ongoing) {
            ongoing = true;
            sinceNanos = nowNanos;
        }
        lastError = error;
        return "OpenSearch unreachable for " + seconds(nowNanos) + " s, crawl paused until it is back (Ctrl-C stops): "
                + lastError;
    }

    /** A read worked at {@code nowNanos}; returns the line to print when it ends an outage, else null. */
    public String recovered(long nowNanos) {
        if (!ongoing) {
            return null;
        }
        ongoing = false;
        return "OpenSearch is back after " + seconds(nowNanos) + " s; the crawl goes on";
    }

    public boolean ongoing() {
        return ongoing;
    }

    private long seconds(long nowNanos) {
        return Duration.ofNanos(nowNanos - sinceNanos).toSeconds();
    }
}
