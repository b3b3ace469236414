package io.squall.frontier;

import io.squall.api.ConfigException;
import io.squall.api.Scheduler;
import io.squall.config.CrawlerConfig;

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
