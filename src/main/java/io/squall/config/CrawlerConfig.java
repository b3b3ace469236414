package io.squall.config;

import io.squall.api.ConfigException;
import io.squall.api.Settings;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A typed, validated view of Squall's settings: the defaults of {@code crawler-default.yaml} overlaid by
 * the user's settings. Every getter returns the type the key was declared with, so no component casts a
 * configuration value itself.
 *
 * <p>Components build it from the Storm configuration in {@code prepare}/{@code open}; the command line
 * builds it from files with {@link ConfigLoader}, which says which file a bad value came from.
 */
public final class CrawlerConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<String, Object> values;

    private CrawlerConfig(Map<String, Object> values) {
        this.values = values;
    }

    /** The defaults alone. */
    public static CrawlerConfig defaults() {
        return new CrawlerConfig(new LinkedHashMap<>(ConfigDefaults.get().values()));
    }

    /** Whether Squall declares this key (in crawler-default.yaml). */
    public static boolean isSquallKey(String key) {
        return ConfigDefaults.get().isKnown(key);
    }

    /** Whether this key is Storm's ({@code topology.*}, {@code worker.*}...): Squall hands it to Storm unchecked. */
    public static boolean isStormKey(String key) {
        return ConfigDefaults.get().isStormNamespace(key);
    }

    /**
     * The defaults overlaid by a Storm configuration map, validated.
     *
     * @throws ConfigException naming the first unknown or ill-typed Squall key
     */
    public static CrawlerConfig fromStormConf(Map<String, ?> stormConf) {
        return defaults().with(stormConf, "the topology configuration");
    }

    /**
     * A copy of this configuration with the given settings on top, validated.
     *
     * @param source where the settings come from (a file name), for error messages
     */
    public CrawlerConfig with(Map<String, ?> settings, String source) {
        Map<String, Object> merged = new LinkedHashMap<>(values);
        settings.forEach((key, value) -> {
            ConfigValidation.check(key, value, source);
            merged.put(key, value);
        });
        return new CrawlerConfig(merged);
    }

    /** All settings, for handing to Storm as the topology configuration. */
    public Map<String, Object> asMap() {
        return Collections.unmodifiableMap(values);
    }

    /** These settings as extensions read them. */
    public Settings settings() {
        return Settings.ofCrawl(values, "the crawl's settings (crawler-conf.yaml)");
    }

    public boolean isSet(String key) {
        Object v = values.get(key);
        return v != null && !(v instanceof String s && s.isBlank());
    }

    public String getString(String key) {
        Object v = require(key);
        return v == null ? "" : String.valueOf(v);
    }

    public int getInt(String key) {
        long v = getLong(key);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ConfigException(key + ": " + v + " is out of range for an integer");
        }
        return (int) v;
    }

    public long getLong(String key) {
        Object v = requireNumber(key);
        if (v instanceof Number n) {
            return n.longValue();
        }
        try {
            return Long.parseLong(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw typeError(key, v, "an integer");
        }
    }

    public double getDouble(String key) {
        Object v = requireNumber(key);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw typeError(key, v, "a number");
        }
    }

    public boolean getBoolean(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) {
            return b;
        }
        String s = String.valueOf(v).trim();
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(s);
        }
        throw typeError(key, v, "true or false");
    }

    /**
     * A duration setting ({@link DurationKeys}): a duration with its unit, or a bare number in the key's own
     * unit. Negative when the key was given a negative bare number (-1 for never, where the key says so).
     */
    public Duration getDuration(String key) {
        if (DurationKeys.bareUnit(key).isEmpty()) {
            throw new IllegalStateException("configuration key '" + key + "' is not declared a duration in "
                    + DurationKeys.class.getName());
        }
        Object v = require(key);
        try {
            return DurationKeys.parse(key, v);
        } catch (IllegalArgumentException e) {
            throw typeError(key, v, e.getMessage());
        }
    }

    /** A list of strings; a single string counts as a list of one, an empty value as an empty list. */
    public List<String> getStringList(String key) {
        Object v = require(key);
        if (v == null) {
            return List.of();
        }
        if (v instanceof List<?> list) {
            List<String> result = new ArrayList<>(list.size());
            list.forEach(item -> result.add(String.valueOf(item)));
            return Collections.unmodifiableList(result);
        }
        String s = String.valueOf(v).trim();
        return s.isEmpty() ? List.of() : List.of(s);
    }

    /** A map of settings, empty when unset. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> getMap(String key) {
        Object v = require(key);
        if (v == null) {
            return Map.of();
        }
        if (v instanceof Map<?, ?> m) {
            return Collections.unmodifiableMap((Map<String, Object>) m);
        }
        throw typeError(key, v, "a map");
    }

    /** A number's value; a duration read as a bare number would miss the unit a user wrote. */
    private Object requireNumber(String key) {
        if (DurationKeys.bareUnit(key).isPresent()) {
            throw new IllegalStateException("configuration key '" + key + "' is a duration: read it with getDuration");
        }
        return require(key);
    }

    private Object require(String key) {
        if (!values.containsKey(key)) {
            // A component asked for a key nobody declared: a bug in Squall, not a user mistake.
            throw new IllegalStateException("configuration key '" + key + "' is not declared in "
                    + ConfigDefaults.RESOURCE);
        }
        return values.get(key);
    }

    private static ConfigException typeError(String key, Object value, String expected) {
        return new ConfigException("configuration key '" + key + "' expects " + expected + ", got '" + value + "'");
    }
}
