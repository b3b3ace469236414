package io.squall.local;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.config.YamlFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --max-depth N}: the depth limit is a parameter of the URL filter chain's {@code depth} filter, so
 * local mode writes a copy of the configured chain with that limit under the data directory and points
 * {@code urlfilters.config.file} at it. The user's own filter file is left as it is.
 */
public final class DepthLimit {
    private DepthLimit() {
    }

    public static CrawlerConfig apply(CrawlerConfig config, int maxDepth, Path dataDir) throws IOException {
        String source = config.getString("urlfilters.config.file").trim();
        Map<String, Object> root = read(source);
        List<Object> filters = new ArrayList<>();
        boolean replaced = false;
        if (root.get("filters") instanceof List<?> list) {
            for (Object entry : list) {
                if (entry instanceof Map<?, ?> m && "depth".equals(m.get("type"))) {
                    Map<String, Object> copy = new LinkedHashMap<>();
                    m.forEach((k, v) -> copy.put(String.valueOf(k), v));
                    copy.put("params", Map.of("max", maxDepth));
                    filters.add(copy);
                    replaced = true;
                } else {
                    filters.add(entry);
                }
            }
        }
        if (!replaced) {
            filters.add(0, Map.of("type", "depth", "params", Map.of("max", maxDepth)));
        }
        root.put("filters", filters);
        Path file = dataDir.resolve("urlfilters-max-depth.yaml").toAbsolutePath();
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            YamlFiles.write(root, writer);
        }
        return config.with(Map.of("urlfilters.config.file", file.toString()), "--max-depth");
    }

    private static Map<String, Object> read(String source) throws IOException {
        if (source.isEmpty()) {
            return new LinkedHashMap<>();
        }
        Path path = Path.of(source);
        if (Files.isRegularFile(path)) {
            try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                return root(YamlFiles.parse(reader, source), source);
            }
        }
        try (InputStream in = DepthLimit.class.getClassLoader().getResourceAsStream(source)) {
            if (in == null) {
                throw new ConfigException("urlfilters.config.file: '" + source + "' is neither a file nor a resource in the jar");
            }
            return root(YamlFiles.parse(new InputStreamReader(in, StandardCharsets.UTF_8), source), source);
        }
    }

    private static Map<String, Object> root(Object parsed, String source) {
        Map<String, Object> root = new LinkedHashMap<>();
        if (parsed instanceof Map<?, ?> map) {
            map.forEach((k, v) -> root.put(String.valueOf(k), v));
        } else if (parsed != null) {
            throw new ConfigException(source + ": expected one top-level key 'filters' holding a list");
        }
        return root;
    }
}
