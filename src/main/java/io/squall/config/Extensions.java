package io.squall.config;

import io.squall.api.ConfigException;
import io.squall.api.Extension;
import io.squall.api.Settings;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * How every extension is made, Squall's and the user's alike: the files that list filters
 * ({@code urlfilters.yaml}, {@code parsefilters.yaml}) are read here, and each entry built, configured and
 * checked here. Such a file holds one key, {@code filters}, a list of entries:
 * <pre>
 * filters:
 *   - type: xpath                    # one of Squall's types, or class
 *     name: product                  # optional, defaults to the type; named in errors
 *     params: {price: "//p[@id='price']"}
 *   - type: class
 *     class: com.example.MyFilter    # public no-argument constructor
 *     params: {minWords: 50}         # handed to its configure()
 * </pre>
 * A mistake is a {@link ConfigException} whose one line names the file and the entry:
 * {@code parsefilters.yaml: filter 3 ("product", type xpath): parameter 'price' //p[ does not compile: ...}.
 */
public final class Extensions {
    private static final String CLASS_TYPE = "class";
    private static final Set<String> ENTRY_KEYS = Set.of("type", "name", "params", "class");

    /**
     * One entry of a filters file.
     *
     * @param className the class an entry of type {@code class} names, else null
     * @param where how errors name it: {@code file: filter N ("name", type t)}
     */
    public record Entry(String name, String type, String className, Map<String, Object> params, String where) {
    }

    private Extensions() {
    }

    /** The entries of a filters file, checked for shape. */
    @SuppressWarnings("unchecked")
    public static List<Entry> entries(ShippedFiles.File file, String what) {
        Map<?, ?> root = file.definition(what);
        if (!(root.get("filters") instanceof List<?> list) || root.size() != 1) {
            throw new ConfigException(file.name() + ": expected one top-level key 'filters' holding a list");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            Object item = list.get(i);
            String where = file.name() + ": filter " + (i + 1);
            if (!(item instanceof Map<?, ?> map) || !(map.get("type") instanceof String type)) {
                throw new ConfigException(where + ": needs a 'type', got " + item);
            }
            String name = map.get("name") instanceof String n ? n : type;
            where += " (\"" + name + "\", type " + type + ")";
            for (Object key : map.keySet()) {
                if (!ENTRY_KEYS.contains(key) || (key.equals(CLASS_TYPE) && !type.equals(CLASS_TYPE))) {
                    throw new ConfigException(where + ": unknown key '" + key + "'");
                }
            }
            Object params = map.get("params") == null ? Map.of() : map.get("params");
            if (!(params instanceof Map<?, ?>)) {
                throw new ConfigException(where + ": 'params' must be a map");
            }
            Object className = map.get(CLASS_TYPE);
            if (type.equals(CLASS_TYPE) && (!(className instanceof String c) || c.isBlank())) {
                throw new ConfigException(where + ": needs 'class', the name of a class of yours");
            }
            entries.add(new Entry(name, type, (String) className, (Map<String, Object>) params, where));
        }
        return entries;
    }

    /**
     * Builds an entry: one of Squall's types, or the class it names; configured with its parameters and the
     * crawl's settings, and refused when a parameter was not read.
     */
    public static <T extends Extension> T build(Entry entry, Class<T> api, Map<String, Function<Settings, T>> builtIns,
            CrawlerConfig config) {
        Settings settings = config.settings().forEntry(entry.name(), entry.where(), entry.params());
        T extension;
        Function<Settings, T> builtIn = builtIns.get(entry.type());
        if (builtIn != null) {
            extension = builtIn.apply(settings);
        } else if (entry.type().equals(CLASS_TYPE)) {
            extension = configure(instantiate(entry.className(), api, entry.where()), settings, entry.where());
        } else {
            throw new ConfigException(entry.where() + ": unknown type (known: "
                    + String.join(", ", new TreeSet<>(builtIns.keySet())) + ", or class with 'class: com.example.MyFilter')");
        }
        settings.checkAllUsed();
        return extension;
    }

    /** An extension of the user's, with its public no-argument constructor, not yet configured. */
    public static <T> T instantiate(String className, Class<T> api, String where) {
        try {
            Class<?> c = Class.forName(className, true, Extensions.class.getClassLoader());
            if (!api.isAssignableFrom(c)) {
                throw new ConfigException(where + ": " + className + " does not implement " + api.getName());
            }
            return api.cast(c.getConstructor().newInstance());
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new ConfigException(where + ": class " + className + " not found (is its jar in the topology?)");
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new ConfigException(where + ": " + className + " needs a public no-argument constructor");
        } catch (InvocationTargetException e) {
            throw new ConfigException(where + ": " + className + " failed to start: " + e.getCause());
        }
    }

    /** Calls {@code configure}: a failure other than a configuration error is one too, naming where. */
    public static <T extends Extension> T configure(T extension, Settings settings, String where) {
        try {
            extension.configure(settings);
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ConfigException(where + ": configure failed: " + e, e);
        }
        return extension;
    }
}
