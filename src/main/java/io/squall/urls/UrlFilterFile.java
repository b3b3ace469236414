package io.squall.urls;

import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFiles;
import java.io.Serializable;

/**
 * The URL filter definition of a crawl: the text of the file named by {@code urlfilters.config.file}, read
 * where the crawl starts and carried in the topology configuration ({@link ShippedFiles}); by default the
 * jar's {@code urlfilters.yaml}.
 *
 * @param name   the configured name (its extension says JSON or YAML); empty for no filters
 * @param origin where the text was read, for the user
 * @param text   the definition
 */
public record UrlFilterFile(String name, String origin, String text) implements Serializable {
    static final String KEY = "urlfilters.config.file";

    /** The file the configuration names, as shipped in it ({@link ShippedFiles}). */
    public static UrlFilterFile read(CrawlerConfig config) {
        ShippedFiles.File file = ShippedFiles.get(config, KEY);
        return file.isEmpty() ? new UrlFilterFile("", "no URL filters (" + KEY + " is empty)", "")
                : new UrlFilterFile(file.name(), file.origin(), file.text());
    }

    public boolean isEmpty() {
        return name.isEmpty();
    }

    boolean isYaml() {
        return ShippedFiles.isYaml(name);
    }
}
