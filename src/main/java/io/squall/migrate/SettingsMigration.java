package io.squall.migrate;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.config.Durations;
import io.squall.config.StormCrawlerKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * StormCrawler's settings as Squall's: a key Squall names otherwise is renamed (its value converted), a key
 * Squall has under the same name is kept, Storm's own keys are kept, and the rest is left out. Every value
 * written is one Squall's configuration check accepts, so that the migrated files load.
 */
final class SettingsMigration {
    /**
     * Storm's keys that Squall's topology sets for itself: its metrics consumer writes to OpenSearch, and its
     * Kryo registrations are its own classes'; StormCrawler's would replace them.
     */
    private static final Set<String> SQUALLS_STORM_KEYS = Set.of("topology.metrics.consumer.register",
            "topology.kryo.register", "topology.kryo.decorators", "topology.auto.task.hooks");

    private final MigrationReport report;
    /** The StormCrawler key each renamed Squall key came from, to catch two keys that Squall has one of. */
    private final Map<String, String> renamedFrom = new LinkedHashMap<>();
    private final Map<String, Object> renamedValues = new LinkedHashMap<>();

    SettingsMigration(MigrationReport report) {
        this.report = report;
    }

    /**
     * The settings of one StormCrawler file (or a Flux file's {@code config}) as Squall's, in their order.
     *
     * @param file the file's name, for the report
     */
    Map<String, Object> migrate(Map<String, Object> settings, String file) {
        Map<String, Object> out = new LinkedHashMap<>();
        settings.forEach((key, value) -> migrate(key, value, file, out));
        return out;
    }

    private void migrate(String key, Object value, String file, Map<String, Object> out) {
        var renamed = StormCrawlerKeys.renamed(key);
        var noEquivalent = StormCrawlerKeys.noEquivalent(key);
        if (value == null) {
            report.none(file, key, "no value: Squall's default applies");
        } else if (renamed.isPresent()) {
            String to = renamed.get().squallKey();
            Object converted;
            try {
                converted = convert(value, renamed.get().conversion());
            } catch (IllegalArgumentException e) {
                report.none(file, key, e.getMessage());
                return;
            }
            String earlier = renamedFrom.get(to);
            if (earlier != null && !earlier.equals(key) && !renamedValues.get(to).equals(converted)) {
                report.none(file, key, "Squall has one " + to + ", already " + renamedValues.get(to) + " from "
                        + earlier);
                return;
            }
            if (accepted(to, converted, file, key)) {
                renamedFrom.put(to, key);
                renamedValues.put(to, converted);
                out.put(to, converted);
                report.mapped(file, key + ": " + value, to + ": " + converted);
            }
        } else if (noEquivalent.isPresent()) {
            report.none(file, key, noEquivalent.get());
        } else if (SQUALLS_STORM_KEYS.contains(key)) {
            report.none(file, key, "Squall's topology sets its own (topology.yaml, crawler-default.yaml)");
        } else if (CrawlerConfig.isSquallKey(key)) {
            if (accepted(key, value, file, key)) {
                out.put(key, value);
                report.kept(file, key);
            }
        } else if (CrawlerConfig.isStormKey(key)) {
            if (namesStormCrawler(value)) {
                report.none(file, key, "Squall's topology sets its own (topology.yaml, crawler-default.yaml)");
            } else {
                out.put(key, value);
                report.kept(file, key + " (Storm's)");
            }
        } else {
            report.none(file, key, "not a setting of Squall's");
        }
    }

    /** Whether Squall accepts the value; if not, the report says why. */
    private boolean accepted(String squallKey, Object value, String file, String key) {
        try {
            CrawlerConfig.defaults().with(Map.of(squallKey, value), file);
            return true;
        } catch (ConfigException e) {
            report.none(file, key, "value not accepted by Squall (" + e.getMessage() + ")");
            return false;
        }
    }

    private static Object convert(Object value, StormCrawlerKeys.Conversion conversion) {
        return switch (conversion) {
            case SAME -> value;
            case NEGATED -> {
                if (value instanceof Boolean b) {
                    yield !b;
                }
                if ("true".equals(value) || "false".equals(value)) {
                    yield !Boolean.parseBoolean((String) value);
                }
                throw new IllegalArgumentException("expects true or false, got '" + value + "'");
            }
            case DURATION_TO_SECONDS -> {
                if (value instanceof Number n) {
                    yield n.doubleValue();
                }
                try {
                    yield Durations.parse(String.valueOf(value).strip()).toMillis() / 1000.0;
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("expects a duration such as 5s, got '" + value + "'");
                }
            }
            case SCHEDULER_CLASS -> schedulerName(String.valueOf(value));
            case ADDRESSES -> addresses(value);
        };
    }

    private static List<String> addresses(Object value) {
        List<?> items = value instanceof List<?> list ? list : List.of(String.valueOf(value).split(","));
        return items.stream().map(a -> String.valueOf(a).strip()).filter(a -> !a.isEmpty())
                .map(a -> a.contains("://") ? a : "http://" + a + (a.contains(":") ? "" : ":9200")).toList();
    }

    /** StormCrawler's two schedulers by Squall's names; a class of the user's own stays (it needs porting). */
    private static String schedulerName(String className) {
        if (className.endsWith(".DefaultScheduler")) {
            return "default";
        }
        if (className.endsWith(".AdaptiveScheduler")) {
            return "adaptive";
        }
        if (namesStormCrawler(className)) {
            throw new IllegalArgumentException("Squall's schedulers are default, adaptive and freshness");
        }
        throw new IllegalArgumentException("a scheduler of your own: port it to Squall's Scheduler"
                + " (docs/extending.md#schedulers), then name it here");
    }

    /** Whether a value (a class name, or a list or map holding some) names one of StormCrawler's classes. */
    static boolean namesStormCrawler(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.values().stream().anyMatch(SettingsMigration::namesStormCrawler);
        }
        if (value instanceof List<?> list) {
            return list.stream().anyMatch(SettingsMigration::namesStormCrawler);
        }
        return value instanceof String s && (s.contains("stormcrawler.") || s.startsWith("com.digitalpebble."));
    }
}
