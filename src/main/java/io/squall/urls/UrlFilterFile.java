package io.squall.urls;

import io.squall.config.ConfigException;
import io.squall.config.CrawlerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The URL filter definition of a crawl: the text of the file named by {@code urlfilters.config.file}, read
 * where the crawl starts and carried inside the topology, so that a Storm worker (which runs in a directory
 * of its own, on another machine) uses the file the user edited instead of looking for it.
 *
 * <p>The name is a path, absolute or relative to the working directory (where {@code storm jar} or
 * {@code squall crawl} runs, next to {@code crawler-conf.yaml}); when no such file exists, the resource of
 * that name in the jar (the default {@code urlfilters.yaml}). A name found in neither place is an error.
 *
 * @param name   the configured name (its extension says JSON or YAML); empty for no filters
 * @param origin where the text was read, for the user
 * @param text   the definition
 */
public record UrlFilterFile(String name, String origin, String text) implements Serializable {
    static final String KEY = "urlfilters.config.file";

    /** Reads the file the configuration names. */
    public static UrlFilterFile read(CrawlerConfig config) {
        String name = config.getString(KEY).trim();
        if (name.isEmpty()) {
            return new UrlFilterFile("", "no URL filters (" + KEY + " is empty)", "");
        }
        Path path = Path.of(name);
        try {
            if (Files.isRegularFile(path)) {
                return new UrlFilterFile(name, path.toAbsolutePath().toString(), Files.readString(path));
            }
            try (InputStream in = UrlFilterFile.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) {
                    throw new ConfigException(KEY + ": '" + name + "' is neither a file (from "
                            + Path.of("").toAbsolutePath() + ") nor a resource in the jar");
                }
                return new UrlFilterFile(name, "the jar's " + name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new ConfigException(name + ": cannot read the URL filters: " + e.getMessage());
        }
    }

    public boolean isEmpty() {
        return name.isEmpty();
    }

    boolean isYaml() {
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }
}
