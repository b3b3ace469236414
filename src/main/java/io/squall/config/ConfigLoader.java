package io.squall.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Builds the configuration of a crawl from files: the defaults, then each file in order (later files
 * override earlier ones). A bad key is reported with the file it is in.
 */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    /** Loads the files in order; a missing file is an error. */
    public static CrawlerConfig load(List<Path> files) {
        return load(CrawlerConfig.defaults(), files);
    }

    /** Loads the files in order over {@code base} (the defaults, with a mode's own defaults on top). */
    public static CrawlerConfig load(CrawlerConfig base, List<Path> files) {
        CrawlerConfig config = base;
        for (Path file : files) {
            config = config.with(YamlFiles.read(file), file.toString());
        }
        return config;
    }

    /** Loads those of the files that exist, in order: for optional files such as {@code es-conf/opensearch-conf.yaml}. */
    public static CrawlerConfig loadExisting(List<Path> files) {
        return load(files.stream().filter(Files::isRegularFile).toList());
    }
}
