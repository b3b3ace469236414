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
 *
 * <p>An extension point: {@code scheduler.class} names Squall's ("default", "adaptive", "freshness") or a class of
 * yours implementing this interface with a public constructor taking the {@link CrawlerConfig}. Each
 * status updater task builds one and calls it from that task's thread only, for every status it stores
 * (also DISCOVERED); it must not block (no I/O per URL). It is also built once where the crawl starts, so
 * that a class that cannot be built stops the crawl before anything runs. An exception it throws fails the
 * tuple, which the spout replays.
 */
public interface Scheduler {

    /**
     * @param status the status about to be stored
     * @param metadata the metadata about to be stored; the scheduler may add keys of its own
     * @return the next fetch date, or empty when the URL is never to be fetched again
     */
    Optional<Instant> nextFetchDate(Status status, Metadata metadata, Instant now);

    /**
     * The same, knowing the URL's partition key (its host, by default: the unit the fetcher is polite to), for
     * a scheduler that shares each host's budget among its URLs. The status writer calls this one; by default
     * it ignores the key.
     */
    default Optional<Instant> nextFetchDate(String hostKey, Status status, Metadata metadata, Instant now) {
        return nextFetchDate(status, metadata, now);
    }

    /** The scheduler named by {@code scheduler.class}: "default", "adaptive", "freshness" or a class name. */
    static Scheduler fromConfig(CrawlerConfig config) {
        String name = config.getString("scheduler.class").trim();
        return switch (name) {
            case "default" -> new DefaultScheduler(config);
            case "adaptive" -> new AdaptiveScheduler(new DefaultScheduler(config),
                    config.getInt("scheduler.adaptive.min"), config.getInt("scheduler.adaptive.max"));
            case "freshness" -> new FreshnessScheduler(config);
            default -> ofClass(name, config);
        };
    }

    private static Scheduler ofClass(String name, CrawlerConfig config) {
        String what = "scheduler.class '" + name + "'";
        Class<?> type;
        try {
            type = Class.forName(name, true, Scheduler.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ConfigException(what + " is neither 'default', 'adaptive', 'freshness' nor a class on the classpath");
        }
        if (!Scheduler.class.isAssignableFrom(type)) {
            throw new ConfigException(what + " does not implement " + Scheduler.class.getName());
        }
        try {
            return (Scheduler) type.getConstructor(CrawlerConfig.class).newInstance(config);
        } catch (NoSuchMethodException e) {
            throw new ConfigException(what + " needs a public constructor taking a CrawlerConfig");
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof ConfigException refused) {
                throw refused;
            }
            throw new ConfigException(what + " could not be built: " + e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new ConfigException(what + " could not be built: " + e);
        }
    }
}
