package io.squall.config;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The defaults of every Squall key, read from {@code crawler-default.yaml} in the jar. That file is the one
 * place a key is declared: a key it lists is known, and its default value gives the key's type (a duration's
 * type and unit are {@link DurationKeys}').
 */
final class ConfigDefaults {
    static final String RESOURCE = "crawler-default.yaml";

    // Storm's own namespaces: keys under them belong to Storm and are passed through unchecked.
    private static final Set<String> STORM_PREFIXES = Set.of("topology", "storm", "worker", "nimbus",
            "supervisor", "drpc", "ui", "logviewer", "pacemaker", "dev", "java", "transactional", "blobstore",
            "scheduler", "resource", "client", "zmq", "task", "executor", "backpressure", "num");

    private static final ConfigDefaults INSTANCE = load();

    private final Map<String, Object> values;
    private final Map<String, ConfigType> types;
    private final Set<String> squallPrefixes;

    private ConfigDefaults(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
        Map<String, ConfigType> t = new LinkedHashMap<>();
        Set<String> prefixes = new TreeSet<>();
        values.forEach((k, v) -> {
            t.put(k, ConfigType.ofDefault(v));
            String prefix = prefixOf(k);
            if (!STORM_PREFIXES.contains(prefix)) {
                prefixes.add(prefix);
            }
        });
        this.types = Collections.unmodifiableMap(t);
        this.squallPrefixes = Collections.unmodifiableSet(prefixes);
    }

    static ConfigDefaults get() {
        return INSTANCE;
    }

    Map<String, Object> values() {
        return values;
    }

    boolean isKnown(String key) {
        return types.containsKey(key);
    }

    ConfigType typeOf(String key) {
        return types.get(key);
    }

    Set<String> keys() {
        return types.keySet();
    }

    /** Whether an unknown key with this name would be a mistake (a typo of a Squall key) rather than Storm's. */
    boolean isSquallNamespace(String key) {
        return squallPrefixes.contains(prefixOf(key));
    }

    boolean isStormNamespace(String key) {
        return STORM_PREFIXES.contains(prefixOf(key));
    }

    private static String prefixOf(String key) {
        int dot = key.indexOf('.');
        return dot < 0 ? key : key.substring(0, dot);
    }

    private static ConfigDefaults load() {
        try (InputStream in = ConfigDefaults.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return new ConfigDefaults(YamlFiles.parseMap(in, RESOURCE));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }
}
