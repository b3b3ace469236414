package io.squall.config;

import io.squall.api.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
            Map<String, Object> settings = YamlFiles.read(file);
            refuseStormCrawlers(settings, file);
            config = config.with(settings, file.toString());
        }
        return config;
    }

    /**
     * A StormCrawler setting outside Squall's prefixes ({@code es.status.addresses}) would pass as someone
     * else's and be ignored, leaving the user's OpenSearch unread: in a file, it is a StormCrawler file read as
     * Squall's. (A topology configuration may hold such keys from a cluster's storm.yaml: it is not checked so.)
     */
    private static void refuseStormCrawlers(Map<String, Object> settings, Path file) {
        for (String key : settings.keySet()) {
            if (!CrawlerConfig.isSquallKey(key)) {
                StormCrawlerKeys.misplaced(key, file.toString()).ifPresent(message -> {
                    throw new ConfigException(message);
                });
            }
        }
    }

    /** Loads those of the files that exist, in order: for optional files such as {@code es-conf/opensearch-conf.yaml}. */
    public static CrawlerConfig loadExisting(List<Path> files) {
        return load(files.stream().filter(Files::isRegularFile).toList());
    }
}
