package io.squall.urls;

import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFile;
import java.io.Serializable;

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
        ShippedFile file = ShippedFile.read(config, KEY, "URL filters");
        return new UrlFilterFile(file.name(), file.origin(), file.text());
    }

    public boolean isEmpty() {
        return name.isEmpty();
    }

    boolean isYaml() {
        return ShippedFile.isYaml(name);
    }
}
