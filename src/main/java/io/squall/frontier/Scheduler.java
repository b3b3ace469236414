package io.squall.frontier;

import io.squall.config.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.core.Metadata;
import io.squall.core.Status;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides when a URL is due again, from the status just decided and its metadata. A scheduler may record
 * its own bookkeeping in the metadata that is about to be stored (the adaptive one keeps its interval).
 */
public interface Scheduler {

    /**
     * @param status the status about to be stored
     * @param metadata the metadata about to be stored; the scheduler may add keys of its own
     * @return the next fetch date, or empty when the URL is never to be fetched again
     */
    Optional<Instant> nextFetchDate(Status status, Metadata metadata, Instant now);

    /** The scheduler named by {@code scheduler.class}: "default" or "adaptive". */
    static Scheduler fromConfig(CrawlerConfig config) {
        String name = config.getString("scheduler.class").trim();
        DefaultScheduler intervals = new DefaultScheduler(config);
        return switch (name) {
            case "default" -> intervals;
            case "adaptive" -> new AdaptiveScheduler(intervals, config.getInt("scheduler.adaptive.min"),
                    config.getInt("scheduler.adaptive.max"));
            default -> throw new ConfigException("scheduler.class must be 'default' or 'adaptive', not '" + name + "'");
        };
    }
}
