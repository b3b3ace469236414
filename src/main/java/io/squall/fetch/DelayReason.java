package io.squall.fetch;

import java.util.Locale;

/** Why a host queue waits as long as it does between two fetches. */
public enum DelayReason {
    /** {@code fetcher.server.delay}. */
    FIXED,
    /** robots.txt's Crawl-delay, longer than the delay Squall would keep otherwise. */
    ROBOTS,
    /** The server's answer time times {@code fetcher.server.delay.factor}, within its minimum and maximum. */
    ADAPTIVE,
    /** A 429 or 503 without Retry-After: the back-off outlasts the delay. */
    BACKOFF,
    /** A 429 or 503 with a Retry-After that outlasts the delay. */
    RETRY_AFTER;

    /** The name users see: {@code fixed}, {@code robots}, {@code adaptive}, {@code backoff}, {@code retry-after}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The reason of that {@link #label()}, or null for none known (a host document of another version). */
    public static DelayReason ofLabel(String label) {
        for (DelayReason reason : values()) {
            if (reason.label().equals(label)) {
                return reason;
            }
        }
        return null;
    }
}
