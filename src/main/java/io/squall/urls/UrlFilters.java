package io.squall.urls;

import io.squall.api.ConfigException;
import io.squall.api.Settings;
import io.squall.api.UrlFilter;
import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFiles;
import io.squall.metrics.Counters;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds the URL filter chain from the file named by {@code urlfilters.config.file} (JSON, or YAML when
 * the name ends in .yaml/.yml; see {@link ShippedFiles} for where it is looked for). The file lists the
 * filters in order:
 * <pre>
 * filters:
 *   - type: depth          # scheme, maxLength, extension, pathRepetition, depth, scope, regex, hostBudget
 *     name: depth          # optional; defaults to the type
 *     params: {max: 5}     # optional
 *   - type: class          # a class implementing UrlFilter with a public (Settings) constructor, named
 *     class: com.example.MyFilter   # as the parse filters' file names one (its name as the type works too)
 * </pre>
 */
public final class UrlFilters {
    private static final Map<String, Function<Settings, UrlFilter>> TYPES = Map.of(
            "scheme", SchemeFilter::new,
            "maxLength", MaxLengthFilter::new,
            "extension", ExtensionFilter::new,
            "pathRepetition", PathRepetitionFilter::new,
            "depth", MaxDepthFilter::new,
            "scope", ScopeFilter::new,
            "regex", RegexFilter::new,
            "hostBudget", HostBudgetFilter::new);
    private static final Set<String> ENTRY_KEYS = Set.of("type", "name", "params", "class");

    private UrlFilters() {
    }

    /** The chain configured for this crawl, from the file it names (read now), counting its rejections in {@code counters}. */
    public static UrlFilterChain fromConfig(CrawlerConfig config, Counters counters) {
        return fromFile(ShippedFiles.get(config, ShippedFiles.URL_FILTERS), config, counters);
    }

    /** The chain of a definition read earlier (and carried to this worker in the topology). */
    public static UrlFilterChain fromFile(ShippedFiles.File file, CrawlerConfig config, Counters counters) {
        UrlNormalizer normalizer = UrlNormalizer.fromConfig(config);
        if (file.isEmpty()) {
            return new UrlFilterChain(normalizer, List.of(), counters);
        }
        return new UrlFilterChain(normalizer, parse(file.definition("URL filters"), file.name(), config), counters);
    }

    @SuppressWarnings("unchecked")
    private static List<UrlFilter> parse(Map<?, ?> root, String file, CrawlerConfig config) {
        if (!(root.get("filters") instanceof List<?> entries) || root.size() != 1) {
            throw new ConfigException(file + ": expected one top-level key 'filters' holding a list");
        }
        List<UrlFilter> filters = new ArrayList<>();
        for (Object entry : entries) {
            if (!(entry instanceof Map<?, ?> map) || !(map.get("type") instanceof String type)) {
                throw new ConfigException(file + ": each filter needs a 'type', got " + entry);
            }
            for (Object key : map.keySet()) {
                if (!ENTRY_KEYS.contains(key)) {
                    throw new ConfigException(file + ": filter '" + type + "': unknown key '" + key + "'");
                }
            }
            if (type.equals("class")) {
                if (!(map.get("class") instanceof String className)) {
                    throw new ConfigException(file + ": a filter of type 'class' needs a 'class' naming it");
                }
                type = className;
            } else if (map.containsKey("class")) {
                throw new ConfigException(file + ": filter '" + type + "': 'class' goes with type 'class'");
            }
            String name = map.get("name") instanceof String n ? n : type;
            Object params = map.get("params") == null ? Map.of() : map.get("params");
            if (!(params instanceof Map<?, ?>)) {
                throw new ConfigException(file + ": filter '" + name + "': 'params' must be a map");
            }
            Settings filterParams = config.settings().forEntry(name, file + ": filter '" + name + "'", (Map<String, Object>) params);
            filters.add(create(type, filterParams, file));
            filterParams.checkAllUsed();
        }
        return filters;
    }

    private static UrlFilter create(String type, Settings params, String file) {
        Function<Settings, UrlFilter> factory = TYPES.get(type);
        if (factory != null) {
            return factory.apply(params);
        }
        try {
            Class<?> c = Class.forName(type);
            if (!UrlFilter.class.isAssignableFrom(c)) {
                throw new ConfigException(file + ": filter class " + type + " does not implement UrlFilter");
            }
            return (UrlFilter) c.getConstructor(Settings.class).newInstance(params);
        } catch (ClassNotFoundException e) {
            throw new ConfigException(file + ": unknown filter type '" + type + "' (known: " + TYPES.keySet()
                    + ", or a class name)");
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new ConfigException(file + ": filter class " + type + " needs a public (Settings) constructor");
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof ConfigException ce) {
                throw ce;
            }
            throw new ConfigException(file + ": filter " + type + " failed to start: " + e.getCause());
        }
    }
}
