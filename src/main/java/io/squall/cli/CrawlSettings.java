package io.squall.cli;

import io.squall.api.ConfigException;
import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.http.AddressAllowList;
import io.squall.http.UserAgent;
import io.squall.topology.TopologyChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The configuration of a local crawl, in the order a user expects: Squall's defaults (with a few of local
 * mode's own when the node is embedded), then {@code crawler-conf.yaml} and
 * {@code es-conf/opensearch-conf.yaml} of the Squall directory, then {@code --conf}, then local mode's own
 * settings, then the command-line options; {@code --allow}, the seeds' special addresses and those kept in
 * the data directory by earlier runs are added to {@code http.address.allow}.
 */
final class CrawlSettings {
    /**
     * Local mode runs one worker, whatever a cluster's configuration says. (Whether it serializes every tuple as a
     * cluster would between workers depends on the topology: see {@link TopologyFile#hasOwnComponents}.)
     */
    static final Map<String, Object> LOCAL_MODE = Map.of("topology.workers", 1);

    /**
     * Defaults of a local crawl with its embedded node, which the files can change. Nothing but this process
     * writes to that node's status index, and whatever it writes wakes the spouts (their own acks, other
     * tasks' acks, seeds from the console or {@code squall inject --data}): an idle spout's periodic search
     * is only a safety net there, not how new URLs are found.
     */
    static final Map<String, Object> EMBEDDED_DEFAULTS = Map.of("spout.max.delay.idle", 300_000);

    private CrawlSettings() {
    }

    /** The files read, in order: those of the Squall directory that exist, then {@code --conf} (which must). */
    static List<Path> files(Path home, Path confFile) {
        List<Path> files = new ArrayList<>();
        for (Path candidate : List.of(home.resolve("crawler-conf.yaml"), home.resolve("es-conf/opensearch-conf.yaml"))) {
            if (Files.isRegularFile(candidate)) {
                files.add(candidate);
            }
        }
        if (confFile != null) {
            files.add(confFile);
        }
        return files;
    }

    static CrawlerConfig forCrawl(Path home, CrawlOptions options) {
        CrawlerConfig base = options.openSearch() == null
                ? CrawlerConfig.defaults().with(EMBEDDED_DEFAULTS, "local mode's defaults")
                : CrawlerConfig.defaults();
        CrawlerConfig config = ConfigLoader.load(base, files(home, options.confFile()))
                .with(LOCAL_MODE, "local mode")
                .with(overrides(options), "the command line");
        config = config.with(Map.of(AddressAllowList.KEY, allowed(config, options)), "--allow, the seeds and the crawl's data");
        requireAgentName(config);
        TopologyChecks.check(config);
        return config;
    }

    /** The configuration for commands that only talk to OpenSearch (status, inject). */
    static CrawlerConfig forTools(Path home, Path confFile, String openSearch) {
        CrawlerConfig config = ConfigLoader.load(files(home, confFile));
        return openSearch == null ? config
                : config.with(Map.of("opensearch.addresses", openSearchAddresses(openSearch)), "the command line");
    }

    /**
     * The nodes {@code --opensearch} names, comma-separated: the client sends a request to another of them when
     * one does not answer, so that a node that dies is not the crawl's single point of failure.
     */
    static List<String> openSearchAddresses(String option) {
        return Arrays.stream(option.split(",")).map(String::trim).filter(a -> !a.isEmpty()).toList();
    }

    /**
     * The configured allow-list, then this run's own ({@link #ownAllowed}), then what earlier runs on the data
     * directory kept ({@link KeptAllowList}): a resumed crawl without seeds allows what its seeds did.
     */
    static List<String> allowed(CrawlerConfig config, CrawlOptions options) {
        Set<String> allowed = new LinkedHashSet<>(config.getStringList(AddressAllowList.KEY));
        allowed.addAll(ownAllowed(options));
        allowed.addAll(KeptAllowList.read(options.dataDir()));
        return List.copyOf(allowed);
    }

    /** {@code --allow}, then the special addresses of the seeds given on this command line. */
    static List<String> ownAllowed(CrawlOptions options) {
        Set<String> allowed = new LinkedHashSet<>(options.allow());
        allowed.addAll(SeedAddresses.special(SeedList.read(options.seeds()).urls()));
        return List.copyOf(allowed);
    }

    static Map<String, Object> overrides(CrawlOptions options) {
        Map<String, Object> o = new LinkedHashMap<>();
        if (options.threads() != null) {
            o.put("fetcher.threads.number", options.threads());
        }
        if (options.delay() != null) {
            o.put("fetcher.server.delay", options.delay());
        }
        if (options.agent() != null) {
            o.put("http.agent.name", options.agent());
        }
        if (options.maxPages() != null) {
            // A budget the spout hands out: a limit that holds, where a count checked after fetching overshoots.
            o.put("spout.max.urls", options.maxPages());
        }
        if (options.openSearch() != null) {
            o.put("opensearch.addresses", openSearchAddresses(options.openSearch()));
        }
        return o;
    }

    /** The fetcher's own check, made before anything starts, with local mode's way to set the name. */
    static void requireAgentName(CrawlerConfig config) {
        if (!config.isSet("http.agent.name")) {
            throw new ConfigException("http.agent.name is not set: name your crawler in crawler-conf.yaml,"
                    + " or pass --agent NAME");
        }
        UserAgent.fromConfig(config);
    }
}
