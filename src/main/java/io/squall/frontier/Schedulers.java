package io.squall.frontier;

import io.squall.api.Scheduler;
import io.squall.config.CrawlerConfig;
import io.squall.config.Extensions;

/** Builds the scheduler that {@code scheduler.class} names. */
public final class Schedulers {

    private Schedulers() {
    }

    /** The scheduler named by {@code scheduler.class}: "default", "adaptive", "freshness" or a class name. */
    public static Scheduler fromConfig(CrawlerConfig config) {
        String name = config.getString("scheduler.class").trim();
        return switch (name) {
            case "default" -> new DefaultScheduler(config);
            case "adaptive" -> new AdaptiveScheduler(new DefaultScheduler(config),
                    wholeMinutes(config, "scheduler.adaptive.min"), wholeMinutes(config, "scheduler.adaptive.max"));
            case "freshness" -> new FreshnessScheduler(config);
            default -> ofClass(name, config);
        };
    }

    /** The adaptive scheduler counts in whole minutes, the unit of the fetchInterval metadata it keeps. */
    private static int wholeMinutes(CrawlerConfig config, String key) {
        return Math.toIntExact(config.getDuration(key).toMinutes());
    }

    /** A scheduler of the user's: built with its no-argument constructor, configured with the crawl's settings. */
    private static Scheduler ofClass(String name, CrawlerConfig config) {
        String where = "scheduler.class '" + name + "'";
        return Extensions.configure(Extensions.instantiate(name, Scheduler.class, where), config.settings(), where);
    }
}
