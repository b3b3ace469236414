package io.squall.fetch;

import io.squall.config.ConfigException;
import io.squall.config.CrawlerConfig;

/** Checks that Storm's tuple timeout leaves a URL time to wait in its queue and then be fetched. */
public final class FetchTimeouts {
    private FetchTimeouts() {
    }

    /**
     * A URL may wait {@code fetcher.timeout.queue} and then fetch until {@code http.deadline}: a shorter
     * {@code topology.message.timeout.secs} would replay URLs still being fetched.
     *
     * @throws ConfigException naming the three keys and their values
     */
    public static void checkMessageTimeout(CrawlerConfig config) {
        long timeout = config.getLong("topology.message.timeout.secs");
        long queue = config.getLong("fetcher.timeout.queue");
        long deadline = (config.getLong("http.deadline") + 999) / 1000;
        if (timeout <= queue + deadline) {
            throw new ConfigException("topology.message.timeout.secs (" + timeout + ") must be larger than"
                    + " fetcher.timeout.queue + http.deadline (" + queue + " s + " + deadline + " s = "
                    + (queue + deadline) + " s), or URLs still being fetched are replayed");
        }
    }
}
