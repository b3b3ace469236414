package io.squall.parse;

import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFile;
import java.io.Serializable;

/**
 * The parse filter definition of a crawl: the text of the file named by {@code parsefilters.config.file},
 * read where the crawl starts and carried inside the topology, as the URL filters' file is (see
 * {@link ShippedFile} for where it is looked for).
 *
 * @param name   the configured name (its extension says JSON or YAML); empty for no parse filters
 * @param origin where the text was read, for the user
 * @param text   the definition
 */
public record ParseFilterFile(String name, String origin, String text) implements Serializable {
    static final String KEY = "parsefilters.config.file";

    /** Reads the file the configuration names. */
    public static ParseFilterFile read(CrawlerConfig config) {
        ShippedFile file = ShippedFile.read(config, KEY, "parse filters");
        return new ParseFilterFile(file.name(), file.origin(), file.text());
    }

    public boolean isEmpty() {
        return name.isEmpty();
    }

    boolean isYaml() {
        return ShippedFile.isYaml(name);
    }
}
