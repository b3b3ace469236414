package io.squall.parse;

import io.squall.api.ConfigException;
import io.squall.api.Settings;
import io.squall.api.ParseFilter;
import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFiles;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Builds the parse filter chain from the file named by {@code parsefilters.config.file} (JSON, or YAML
 * when the name ends in .yaml/.yml), in the shape of the URL filters' file:
 * <pre>
 * filters:
 *   - type: xpath                    # xpath, css, structured, links, skip, priority, or class
 *     name: product                  # optional, defaults to the type; named in errors
 *     params: {price: "//p[@id='price']"}
 *   - type: class
 *     class: com.example.MyFilter    # implements ParseFilter, public no-argument constructor
 *     params: {minWords: 50}         # handed to its configure()
 * </pre>
 * A mistake is a {@link ConfigException} whose one line names the file and the entry:
 * {@code parsefilters.yaml: filter 3 ("product", type xpath): parameter 'price' //p[ does not compile: ...}.
 */
public final class ParseFilters {
    private static final Map<String, Supplier<ParseFilter>> TYPES = Map.of(
            "xpath", () -> new SelectorFilter(SelectorFilter.Language.XPATH),
            "css", () -> new SelectorFilter(SelectorFilter.Language.CSS),
            "structured", StructuredDataFilter::new,
            "links", LinksFilter::new,
            "skip", SkipFilter::new,
            "priority", PriorityFilter::new);
    private static final String CLASS_TYPE = "class";
    private static final Set<String> ENTRY_KEYS = Set.of("type", "name", "params", "class");

    private ParseFilters() {
    }

    /** The chain of the file that {@code parsefilters.config.file} names, as shipped in the configuration. */
    public static ParseFilterChain fromConfig(CrawlerConfig config) {
        return fromFile(ShippedFiles.get(config, ShippedFiles.PARSE_FILTERS), config);
    }

    /** The chain of a definition read where the crawl started (and carried to this worker in the topology). */
    public static ParseFilterChain fromFile(ShippedFiles.File file, CrawlerConfig config) {
        if (file.isEmpty()) {
            return ParseFilterChain.EMPTY;
        }
        Map<?, ?> root = file.definition("parse filters");
        if (!(root.get("filters") instanceof List<?> entries) || root.size() != 1) {
            throw new ConfigException(file.name() + ": expected one top-level key 'filters' holding a list");
        }
        List<String> names = new ArrayList<>();
        List<ParseFilter> filters = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Object entry = entries.get(i);
            String where = file.name() + ": filter " + (i + 1);
            if (!(entry instanceof Map<?, ?> map) || !(map.get("type") instanceof String type)) {
                throw new ConfigException(where + ": needs a 'type', got " + entry);
            }
            String name = map.get("name") instanceof String n ? n : type;
            where += " (\"" + name + "\", type " + type + ")";
            for (Object key : map.keySet()) {
                if (!ENTRY_KEYS.contains(key) || (key.equals("class") && !type.equals(CLASS_TYPE))) {
                    throw new ConfigException(where + ": unknown key '" + key + "'");
                }
            }
            Object params = map.get("params") == null ? Map.of() : map.get("params");
            if (!(params instanceof Map<?, ?>)) {
                throw new ConfigException(where + ": 'params' must be a map");
            }
            ParseFilter filter = create(type, map.get("class"), where);
            @SuppressWarnings("unchecked")
            Settings filterParams = config.settings().forEntry(name, where, (Map<String, Object>) params);
            try {
                filter.configure(filterParams);
            } catch (ConfigException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new ConfigException(where + ": configure failed: " + e);
            }
            filterParams.checkAllUsed();
            names.add(name);
            filters.add(filter);
        }
        return new ParseFilterChain(names, filters);
    }

    private static ParseFilter create(String type, Object className, String where) {
        Supplier<ParseFilter> builtIn = TYPES.get(type);
        if (builtIn != null) {
            return builtIn.get();
        }
        if (!type.equals(CLASS_TYPE)) {
            throw new ConfigException(where + ": unknown type (known: " + String.join(", ", TYPES.keySet().stream()
                    .sorted().toList()) + ", or class with 'class: com.example.MyFilter')");
        }
        if (!(className instanceof String name) || name.isBlank()) {
            throw new ConfigException(where + ": needs 'class', the name of a class implementing "
                    + ParseFilter.class.getName());
        }
        try {
            Class<?> c = Class.forName(name, true, ParseFilters.class.getClassLoader());
            if (!ParseFilter.class.isAssignableFrom(c)) {
                throw new ConfigException(where + ": " + name + " does not implement " + ParseFilter.class.getName());
            }
            return (ParseFilter) c.getConstructor().newInstance();
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new ConfigException(where + ": class " + name + " not found (is its jar in the topology?)");
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new ConfigException(where + ": " + name + " needs a public no-argument constructor");
        } catch (InvocationTargetException e) {
            throw new ConfigException(where + ": " + name + " failed to start: " + e.getCause());
        }
    }
}
