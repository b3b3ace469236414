package io.squall.urls;

import io.squall.config.ConfigException;
import io.squall.config.CrawlerConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parameters of one filter in the chain file, with typed getters whose errors name the file and the
 * filter; a parameter no getter asked for is reported as a typo by {@link #checkAllUsed()}.
 */
public final class FilterParams {
    private final String where;
    private final String filterName;
    private final Map<String, Object> values;
    private final CrawlerConfig config;
    private final Set<String> used = new HashSet<>();

    public FilterParams(String source, String filterName, Map<String, Object> values, CrawlerConfig config) {
        this(filterName, values, config, source + ": filter '" + filterName + "'");
    }

    /**
     * @param where how errors name the filter, such as {@code parsefilters.yaml: filter 3 ("price", type xpath)}
     */
    public FilterParams(String filterName, Map<String, Object> values, CrawlerConfig config, String where) {
        this.where = where;
        this.filterName = filterName;
        this.values = values;
        this.config = config;
    }

    /** The crawl's configuration, for filters that also read settings of crawler-conf.yaml. */
    public CrawlerConfig config() {
        return config;
    }

    public String filterName() {
        return filterName;
    }

    public int getInt(String key, int defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Integer || v instanceof Long) {
            return ((Number) v).intValue();
        }
        throw error(key, "expects an integer, got '" + v + "'");
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        Object v = get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
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

    /** The names of all parameters, in the file's order, for filters whose parameter names are the user's. */
    public Set<String> names() {
        return values.keySet();
    }

    /** A parameter as read from the file (string, number, boolean, list or map), or null. */
    public Object get(String key) {
        used.add(key);
        return values.get(key);
    }

    /** A problem with one parameter, as a one-line configuration error. */
    public ConfigException error(String key, String problem) {
        return error("parameter '" + key + "' " + problem);
    }

    /** A problem with the filter, as a one-line configuration error that names the file and the filter. */
    public ConfigException error(String problem) {
        return new ConfigException(where + ": " + problem);
    }

    /** Fails on a parameter that no getter asked for: a typo would otherwise be ignored. */
    public void checkAllUsed() {
        for (String key : values.keySet()) {
            if (!used.contains(key)) {
                throw error("unknown parameter '" + key + "'");
            }
        }
    }
}
