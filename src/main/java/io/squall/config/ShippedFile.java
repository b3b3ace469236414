package io.squall.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A definition file named by a setting (a filter chain), read where the crawl starts so that its text can
 * be carried inside the topology: a Storm worker runs in a directory of its own, on another machine.
 *
 * <p>The name is a path, absolute or relative to the working directory (where {@code storm jar} or
 * {@code squall crawl} runs, next to {@code crawler-conf.yaml}); when no such file exists, the resource of
 * that name in the jar. A name found in neither place is an error; an empty name means no file.
 *
 * @param name   the configured name (its extension says JSON or YAML); empty for none
 * @param origin where the text was read, for the user
 * @param text   the definition
 */
public record ShippedFile(String name, String origin, String text) {

    /**
     * Reads the file that {@code key} names.
     *
     * @param what what the file defines, for messages ("URL filters")
     */
    public static ShippedFile read(CrawlerConfig config, String key, String what) {
        String name = config.getString(key).trim();
        if (name.isEmpty()) {
            return new ShippedFile("", "no " + what + " (" + key + " is empty)", "");
        }
        Path path = Path.of(name);
        try {
            if (Files.isRegularFile(path)) {
                return new ShippedFile(name, path.toAbsolutePath().toString(), Files.readString(path));
            }
            try (InputStream in = ShippedFile.class.getClassLoader().getResourceAsStream(name)) {
                if (in == null) {
                    throw new ConfigException(key + ": '" + name + "' is neither a file (from "
                            + Path.of("").toAbsolutePath() + ") nor a resource in the jar");
                }
                return new ShippedFile(name, "the jar's " + name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new ConfigException(name + ": cannot read the " + what + ": " + e.getMessage());
        }
    }

    /** Whether the name says YAML (.yaml, .yml) rather than JSON. */
    public static boolean isYaml(String name) {
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }
}
