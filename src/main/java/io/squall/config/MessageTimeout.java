package io.squall.config;

import java.time.Duration;

import io.squall.api.ConfigException;

/**
 * Storm's {@code topology.message.timeout.secs}, and how often the bolts that hold tuples renew it: every
 * third of it, so that a held tuple's timeout is renewed twice before it could expire.
 */
public final class MessageTimeout {
    static final String KEY = "topology.message.timeout.secs";
    /** Below this, the time between two holders (a parse, a bulk write on a busy node) risks a replay. */
    static final int MIN_SECONDS = 10;

    private MessageTimeout() {
    }

    /** @throws ConfigException when the timeout is too short to renew */
    public static void check(CrawlerConfig config) {
        long seconds = config.getLong(KEY);
        if (seconds < MIN_SECONDS) {
            throw new ConfigException(KEY + " is " + seconds + ": it must be at least " + MIN_SECONDS
                    + " s (bolts renew the timeout of the tuples they hold every third of it)");
        }
    }

    /**
     * The longest Storm takes to fail a tuple that no bolt holds any more (lost on its way): the spout's
     * pending tuples rotate through two buckets of the timeout, so one expires between one and two timeouts.
     */
    public static Duration lostTupleFailedWithin(CrawlerConfig config) {
        return Duration.ofSeconds(2 * config.getLong(KEY));
    }

    /** The period of the tick tuples on which a bolt renews what it holds, in seconds. */
    public static int renewalPeriodSeconds(CrawlerConfig config) {
        return (int) Math.max(1, config.getLong(KEY) / 3);
    }
}
