package io.squall.parse;

import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFiles;
import java.io.Serializable;

/**
 * The parse filter definition of a crawl: the text of the file named by {@code parsefilters.config.file},
 * read where the crawl starts and carried in the topology configuration, as the URL filters' file is
 * ({@link ShippedFiles} says where it is looked for).
 *
 * @param name   the configured name (its extension says JSON or YAML); empty for no parse filters
 * @param origin where the text was read, for the user
 * @param text   the definition
 */
public record ParseFilterFile(String name, String origin, String text) implements Serializable {
    static final String KEY = "parsefilters.config.file";

    /** The file the configuration names, as shipped in it ({@link ShippedFiles}). */
    public static ParseFilterFile read(CrawlerConfig config) {
        ShippedFiles.File file = ShippedFiles.get(config, KEY);
        return file.isEmpty() ? new ParseFilterFile("", "no parse filters (" + KEY + " is empty)", "")
                : new ParseFilterFile(file.name(), file.origin(), file.text());
    }

    public boolean isEmpty() {
        return name.isEmpty();
    }

    boolean isYaml() {
        return ShippedFiles.isYaml(name);
    }
}
