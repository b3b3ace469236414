package io.squall.fetch;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.time.Duration;

/**
 * How long a queue waits between the end of one fetch and the start of the next, before any back-off: the
 * fixed {@code fetcher.server.delay}, or, with {@code fetcher.server.delay.adaptive}, Heritrix's adaptive
 * politeness: {@code fetcher.server.delay.factor} times the last fetch's duration, within
 * {@code fetcher.server.delay.min} and {@code fetcher.server.delay.max}, so that a server slow to answer is
 * asked less often. A fetch that met a strained server (a 5xx, a timeout, a 429 or 503) doubles the delay
 * instead (or follows the formula when that is longer), up to the maximum; the next fetch answered normally
 * brings it back to the formula. robots.txt's Crawl-delay is a floor in both modes.
 *
 * <p>A queue keeps its own base delay (what this policy last computed for it); the policy itself is shared.
 */
public final class PolitenessDelay {
    /** A queue's delay and where it comes from. */
    record Delay(long nanos, DelayReason reason) {
    }

    private final boolean adaptive;
    /** fetcher.server.delay.min's -1 (seconds): the minimum is fetcher.server.delay. */
    private static final Duration FOLLOW_SERVER_DELAY = Duration.ofSeconds(-1);

    private final long serverDelayNanos;
    private final double factor;
    private final long minNanos;
    private final long maxNanos;

    /** @throws ConfigException when adaptive bounds cannot hold (checked before a crawl starts) */
    public static PolitenessDelay fromConfig(CrawlerConfig config) {
        return new PolitenessDelay(config);
    }

    private PolitenessDelay(CrawlerConfig config) {
        this.serverDelayNanos = config.getDuration("fetcher.server.delay").toNanos();
        this.adaptive = config.getBoolean("fetcher.server.delay.adaptive");
        this.factor = config.getDouble("fetcher.server.delay.factor");
        Duration min = config.getDuration("fetcher.server.delay.min");
        Duration max = config.getDuration("fetcher.server.delay.max");
        // -1 (the default) follows fetcher.server.delay, so that --delay still sets the shortest wait.
        this.minNanos = min.equals(FOLLOW_SERVER_DELAY) ? serverDelayNanos : min.toNanos();
        this.maxNanos = max.toNanos();
        if (adaptive) {
            if (factor < 0) {
                throw new ConfigException("fetcher.server.delay.factor must not be negative, got " + factor);
            }
            if (minNanos < 0) {
                throw new ConfigException("fetcher.server.delay.min must be -1 (fetcher.server.delay) or at least 0,"
                        + " got " + seconds(min));
            }
            if (maxNanos < minNanos) {
                throw new ConfigException("fetcher.server.delay.max (" + seconds(max)
                        + " s) is below the minimum delay ("
                        + minNanos / 1e9 + " s, fetcher.server.delay.min or fetcher.server.delay)");
            }
        }
    }

    /** The delay in a few words, for a crawl's header: "1.0 s between fetches per host", or the adaptive bounds. */
    public static String describe(CrawlerConfig config) {
        Duration delay = config.getDuration("fetcher.server.delay");
        if (!config.getBoolean("fetcher.server.delay.adaptive")) {
            return seconds(delay) + " s between fetches per host";
        }
        Duration min = config.getDuration("fetcher.server.delay.min");
        return "an adaptive delay between fetches per host (" + config.getDouble("fetcher.server.delay.factor")
                + " x the last fetch's duration, " + seconds(min.equals(FOLLOW_SERVER_DELAY) ? delay : min)
                + " to " + seconds(config.getDuration("fetcher.server.delay.max")) + " s)";
    }

    /** Seconds with their fraction, as the messages give a delay: 1.0, 0.25. */
    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    /** A new queue's base delay, before its first fetch. */
    long initialNanos() {
        return adaptive ? minNanos : serverDelayNanos;
    }

    /**
     * A queue's base delay after a fetch.
     *
     * @param previousNanos the queue's base delay before the fetch
     * @param fetchNanos how long the fetch took, or -1 when unknown (the base delay stays)
     * @param strained whether the server answered with a 5xx, a 429 or 503, or did not answer in time
     */
    long afterFetch(long previousNanos, long fetchNanos, boolean strained) {
        if (!adaptive) {
            return serverDelayNanos;
        }
        if (fetchNanos < 0) {
            return previousNanos;
        }
        long followed = Math.min(maxNanos, Math.max(minNanos, (long) (factor * fetchNanos)));
        return strained ? Math.min(maxNanos, Math.max(followed, 2 * previousNanos)) : followed;
    }

    /** The delay a queue keeps: its base delay, or robots.txt's Crawl-delay when that is longer. */
    /**
     * The base delay a queue takes up from the host index after a restart: an adaptive delay where it was, within
     * this configuration's bounds; a fixed one as configured now (a crawl resumed with another delay uses it).
     */
    long restored(long previousNanos) {
        return adaptive ? Math.min(maxNanos, Math.max(minNanos, previousNanos)) : serverDelayNanos;
    }

    Delay of(long baseNanos, long crawlDelayNanos) {
        if (crawlDelayNanos > baseNanos) {
            return new Delay(crawlDelayNanos, DelayReason.ROBOTS);
        }
        return new Delay(baseNanos, adaptive ? DelayReason.ADAPTIVE : DelayReason.FIXED);
    }
}
