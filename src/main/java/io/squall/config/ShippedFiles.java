package io.squall.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.api.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files that the crawl's components read, named by {@code *.config.file} settings: read where the crawl
 * starts (by {@code squall crawl}, or where a topology is submitted) and carried in the topology
 * configuration under {@code squall.shipped.<key>}, so that a Storm worker, which runs in a directory of its
 * own, on another machine, uses the file the user edited instead of looking for it, and a component built
 * by Flux needs no constructor argument.
 *
 * <p>A name is a path, absolute or relative to the working directory (where {@code storm jar} or
 * {@code squall crawl} runs, next to {@code crawler-conf.yaml}); when no such file exists, the resource of
 * that name in the jar (Squall's default files). A name found in neither place is an error.
 */
public final class ShippedFiles {
    /** The settings whose files are shipped; a component that reads a file of its own adds its key here. */
    static final List<String> KEYS = List.of("urlfilters.config.file", "parsefilters.config.file");
    /** The URL filters' file, read by {@code UrlFilters} on every worker. */
    public static final String URL_FILTERS = KEYS.get(0);
    /** The parse filters' file, read by {@code ParseFilters} on every parser task. */
    public static final String PARSE_FILTERS = KEYS.get(1);
    static final String PREFIX = "squall.shipped.";

    private ShippedFiles() {
    }

    /**
     * One shipped file.
     *
     * @param name   the configured name (its extension says the format); empty when the setting is empty
     * @param origin where the text was read, for the user
     * @param text   the file's content
     */
    public record File(String name, String origin, String text) implements Serializable {
        public boolean isEmpty() {
            return name.isEmpty();
        }

        /** Its definition, read as YAML or JSON by its name ({@link #parseDefinition}). */
        public Map<?, ?> definition(String what) {
            return parseDefinition(name, text, what);
        }
    }

    /**
     * The configuration with every file of {@link #KEYS} read and added to it.
     *
     * @throws ConfigException naming the setting of a file that cannot be read
     */
    public static CrawlerConfig ship(CrawlerConfig config) {
        Map<String, Object> shipped = new LinkedHashMap<>();
        for (String key : KEYS) {
            File file = read(config, key);
            shipped.put(PREFIX + key, Map.of("name", file.name(), "origin", file.origin(), "text", file.text()));
        }
        return config.with(shipped, "the files read at submission");
    }

    /** The files shipped in this configuration, in the order of {@link #KEYS}. */
    public static List<File> all(CrawlerConfig config) {
        return KEYS.stream().map(key -> get(config, key)).toList();
    }

    /**
     * The file of that setting: the one shipped in the configuration, else (a configuration not made by a
     * submission: a tool, a test) read now.
     */
    public static File get(CrawlerConfig config, String key) {
        Object shipped = config.asMap().get(PREFIX + key);
        if (shipped instanceof Map<?, ?> m) {
            return new File(String.valueOf(m.get("name")), String.valueOf(m.get("origin")),
                    String.valueOf(m.get("text")));
        }
        return read(config, key);
    }

    /**
     * A filter chain's definition, read as YAML or JSON by its name: a map (empty for an empty file).
     *
     * @param what what it defines, for messages ("URL filters")
     * @throws ConfigException naming the file, and the line of a YAML mistake
     */
    public static Map<?, ?> parseDefinition(String name, String text, String what) {
        Object root;
        if (isYaml(name)) {
            root = YamlFiles.parse(text, name);
        } else {
            try {
                root = new ObjectMapper().readValue(text, Object.class);
            } catch (IOException e) {
                throw new ConfigException(name + ": cannot read the " + what + ": " + e.getMessage().lines()
                        .findFirst().orElse(""));
            }
        }
        if (root != null && !(root instanceof Map<?, ?>)) {
            throw new ConfigException(name + ": expected one top-level key 'filters' holding a list");
        }
        return root == null ? Map.of() : (Map<?, ?>) root;
    }

    /** Whether a file's name says YAML (.yaml, .yml) rather than JSON. */
    public static boolean isYaml(String name) {
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    static File read(CrawlerConfig config, String key) {
        String name = config.getString(key).trim();
        if (name.isEmpty()) {
            return new File("", key + " is empty", "");
        }
        Path path = Path.of(name);
        try {
            if (Files.isRegularFile(path)) {
                return new File(name, path.toAbsolutePath().toString(), Files.readString(path));
            }
            try (InputStream in = ShippedFiles.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) {
                    throw new ConfigException(key + ": '" + name + "' is neither a file (from "
                            + Path.of("").toAbsolutePath() + ") nor a resource in the jar");
                }
                return new File(name, "the jar's " + name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new ConfigException(key + ": cannot read '" + name + "': " + e.getMessage());
        }
    }
}
