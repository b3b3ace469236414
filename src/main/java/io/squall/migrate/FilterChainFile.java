package io.squall.migrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.api.ConfigException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A StormCrawler filter file ({@code urlfilters.json}, {@code parsefilters.json}, {@code jsoupfilters.json}): one
 * top-level key naming the chain ({@code "org.apache.stormcrawler.filtering.URLFilters"}, or
 * {@code com.digitalpebble.stormcrawler...} before 3.0), holding a list of {@code {"class", "name", "params"}}.
 */
final class FilterChainFile {
    /** One filter of the chain: its class, the last part of that (how Squall recognizes it), name and params. */
    record Entry(String className, String simpleName, String name, Map<String, Object> params) {
        /** The filter as the report names it. */
        String label() {
            return name.equals(simpleName) ? simpleName : "\"" + name + "\" (" + simpleName + ")";
        }
    }

    private FilterChainFile() {
    }

    /** @throws ConfigException naming the file and the entry, for a file that is not such a chain */
    @SuppressWarnings("unchecked")
    static List<Entry> read(Path file) {
        Object root;
        try {
            root = new ObjectMapper().readValue(file.toFile(), Object.class);
        } catch (IOException e) {
            throw new ConfigException(file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (!(root instanceof Map<?, ?> map) || map.size() != 1 || !(map.values().iterator().next() instanceof List<?> list)) {
            throw new ConfigException(file + ": expected one top-level key naming the chain, holding a list of"
                    + " filters");
        }
        List<Entry> entries = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> entry) || !(entry.get("class") instanceof String className)) {
                throw new ConfigException(file + ": filter " + (entries.size() + 1) + " has no \"class\"");
            }
            String simpleName = className.substring(className.lastIndexOf('.') + 1);
            String name = entry.get("name") instanceof String n ? n : simpleName;
            Object params = entry.get("params");
            entries.add(new Entry(className, simpleName, name,
                    params instanceof Map<?, ?> p ? (Map<String, Object>) p : Map.of()));
        }
        return entries;
    }

    /** Whether the class is one of StormCrawler's own (the others are the user's). */
    static boolean isStormCrawlers(String className) {
        return SettingsMigration.namesStormCrawler(className);
    }
}
