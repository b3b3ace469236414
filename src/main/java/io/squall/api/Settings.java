package io.squall.api;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an extension is configured with: its entry's own parameters (the {@code params} of its entry in
 * {@code urlfilters.yaml} or {@code parsefilters.yaml}) and, through {@link #crawl()}, the crawl's settings
 * ({@code crawler-conf.yaml} over Squall's defaults, where a key of your own reaches you too). The typed
 * getters' errors name the file, the entry and the key; {@link #error} makes one of your own.
 *
 * <p>A parameter of the entry that no getter asked for by the end of {@code configure} is refused as a
 * typo. A scheduler has no entry: it is given the crawl's settings themselves.
 */
public final class Settings {
    private final String name;
    private final String where;
    private final Map<String, ?> values;
    private final Settings crawl;
    private final Set<String> used = new HashSet<>();

    private Settings(String name, String where, Map<String, ?> values, Settings crawl) {
        this.name = name;
        this.where = where;
        this.values = values;
        this.crawl = crawl;
    }

    /**
     * The crawl's settings.
     *
     * @param source where they come from, as errors name it (such as {@code crawler-conf.yaml})
     */
    public static Settings ofCrawl(Map<String, ?> settings, String source) {
        return new Settings("", source, new LinkedHashMap<>(settings), null);
    }

    /**
     * The settings of one entry of a file, with this crawl's settings behind them.
     *
     * @param name the entry's name, as {@link #name()} gives it
     * @param where how errors name the entry, such as {@code parsefilters.yaml: filter 3 ("price", type xpath)}
     */
    public Settings forEntry(String name, String where, Map<String, ?> params) {
        return new Settings(name, where, new LinkedHashMap<>(params), crawl());
    }

    /** The entry's name (its {@code name}, else its type); empty for the crawl's settings. */
    public String name() {
        return name;
    }

    /** The crawl's settings; themselves when these are. */
    public Settings crawl() {
        return crawl == null ? this : crawl;
    }

    public int getInt(String key, int defaultValue) {
        long v = getLong(key, defaultValue);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw error(key, "is out of range for an integer: " + v);
        }
        return (int) v;
    }

    public long getLong(String key, long defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Integer || v instanceof Long) {
            return ((Number) v).longValue();
        }
        if (isCrawl() && v instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw error(key, "expects an integer, got '" + v + "'");
    }

    public double getDouble(String key, double defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (isCrawl() && v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw error(key, "expects a number, got '" + v + "'");
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (isCrawl() && v instanceof String s && (s.trim().equalsIgnoreCase("true")
                || s.trim().equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s.trim());
        }
        throw error(key, "expects true or false, got '" + v + "'");
    }

    public String getString(String key, String defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof String s) {
            return s;
        }
        throw error(key, "expects a string, got '" + v + "'");
    }

    public List<String> getStringList(String key, List<String> defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw error(key, "expects a list of strings, got '" + v + "'");
    }

    /** The names of the entry's parameters in the file's order, for a filter whose parameter names are the user's. */
    public Set<String> names() {
        return values.keySet();
    }

    /** A value as read from the file (string, number, boolean, list or map), or null. */
    public Object get(String key) {
        used.add(key);
        return values.get(key);
    }

    /** A problem with one key, as a one-line configuration error naming the file, the entry and the key. */
    public ConfigException error(String key, String problem) {
        return error((isCrawl() ? "setting '" : "parameter '") + key + "' " + problem);
    }

    /** A problem with the entry, as a one-line configuration error naming the file and the entry. */
    public ConfigException error(String problem) {
        return new ConfigException(where + ": " + problem);
    }

    /**
     * Fails on a parameter of the entry that no getter asked for, which would otherwise be a typo ignored.
     * Squall calls it once the extension is configured; the crawl's settings are checked where they are read.
     */
    public void checkAllUsed() {
        if (isCrawl()) {
            return;
        }
        for (String key : values.keySet()) {
            if (!used.contains(key)) {
                throw error("unknown parameter '" + key + "'");
            }
        }
    }

    /** Whether these are the crawl's settings, which may come from the command line as text. */
    private boolean isCrawl() {
        return crawl == null;
    }
}
