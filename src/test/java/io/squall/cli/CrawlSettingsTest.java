package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrawlSettingsTest {
    @TempDir
    Path home;

    /**
     * The options with a data directory of the test's own: the default, ./data, is the working directory's, where
     * a user's crawl keeps the addresses its seeds allowed (KeptAllowList), which the settings would read.
     */
    private CrawlOptions options(List<String> args) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(List.of("--data", home.resolve("data").toString()));
        return CrawlOptions.parse(all);
    }

    @Test
    void filesThenLocalModeThenCommandLine() throws IOException {
        Files.writeString(home.resolve("crawler-conf.yaml"), "config:\n  http.agent.name: \"from-file\"\n"
                + "  fetcher.threads.number: 7\n  fetcher.server.delay: 2.0\n  http.address.allow: [\"10.0.0.0/8\"]\n");
        Files.createDirectories(home.resolve("es-conf"));
        Files.writeString(home.resolve("es-conf/opensearch-conf.yaml"), "config:\n  opensearch.status.index.name: \"s2\"\n");
        Path extra = home.resolve("extra.yaml");
        Files.writeString(extra, "fetcher.threads.number: 9\n");

        CrawlerConfig config = CrawlSettings.forCrawl(home, options(List.of("--conf", extra.toString(),
                "--delay", "0.25")));
        assertEquals("from-file", config.getString("http.agent.name"));
        assertEquals("s2", config.getString("opensearch.status.index.name"));
        assertEquals(9, config.getInt("fetcher.threads.number"));
        assertEquals(Duration.ofMillis(250), config.getDuration("fetcher.server.delay"));
        assertTrue(config.getBoolean("http.address.guard"), "local mode keeps the address guard on");
        assertEquals(List.of("10.0.0.0/8"), config.getStringList("http.address.allow"), "no seed, no --allow");

        CrawlerConfig fromOptions = CrawlSettings.forCrawl(home, options(List.of("--agent", "cli-bot",
                "--threads", "3", "--opensearch", "http://127.0.0.1:9999")));
        assertEquals("cli-bot", fromOptions.getString("http.agent.name"));
        assertEquals(3, fromOptions.getInt("fetcher.threads.number"));
        assertEquals(List.of("http://127.0.0.1:9999"), fromOptions.getStringList("opensearch.addresses"));

        CrawlerConfig threeNodes = CrawlSettings.forCrawl(home, options(List.of("--agent", "bot",
                "--opensearch", "http://10.0.0.1:9200, http://10.0.0.2:9200,http://10.0.0.3:9200")));
        assertEquals(List.of("http://10.0.0.1:9200", "http://10.0.0.2:9200", "http://10.0.0.3:9200"),
                threeNodes.getStringList("opensearch.addresses"), "every node named, so that one dying is not the end");
        assertEquals(List.of("http://10.0.0.1:9200", "http://10.0.0.2:9200"), CrawlSettings.forTools(home, null,
                "http://10.0.0.1:9200,http://10.0.0.2:9200").getStringList("opensearch.addresses"));
    }

    @Test
    void anEmbeddedNodesIdleSpoutSearchesSeldomUnlessAFileSaysOtherwise() throws IOException {
        Duration clusterDefault = CrawlerConfig.defaults().getDuration("spout.max.delay.idle");
        CrawlerConfig embedded = CrawlSettings.forCrawl(home, options(List.of("--agent", "bot")));
        assertEquals(Duration.ofMinutes(5), embedded.getDuration("spout.max.delay.idle"));
        assertTrue(clusterDefault.compareTo(Duration.ofMinutes(5)) < 0,
                "a cluster's spouts keep searching for other workers' writes");

        CrawlerConfig external = CrawlSettings.forCrawl(home, options(List.of("--agent", "bot",
                "--opensearch", "http://127.0.0.1:9999")));
        assertEquals(clusterDefault, external.getDuration("spout.max.delay.idle"),
                "other processes may write into a node of the user's");

        Path conf = home.resolve("idle.yaml");
        Files.writeString(conf, "spout.max.delay.idle: 20000\n");
        CrawlerConfig chosen = CrawlSettings.forCrawl(home, options(List.of("--agent", "bot",
                "--conf", conf.toString())));
        assertEquals(Duration.ofSeconds(20), chosen.getDuration("spout.max.delay.idle"),
                "a file wins over local mode's default");
    }

    @Test
    void localModeAllowsTheSeedsSpecialAddressesAndWhatAllowNamesNothingElse() throws IOException {
        Path seeds = home.resolve("seeds.txt");
        Files.writeString(seeds, "http://2130706437:8080/\nhttps://93.184.216.34/\n");
        CrawlerConfig config = CrawlSettings.forCrawl(home, options(List.of("--agent", "bot",
                "http://127.0.0.3:8080/", "http://[::1]/", seeds.toString(), "--allow", "10.0.0.0/8",
                "--allow", ".intranet.example")));
        assertTrue(config.getBoolean("http.address.guard"));
        assertEquals(List.of("10.0.0.0/8", ".intranet.example", "127.0.0.3", "::1", "127.0.0.5"),
                config.getStringList("http.address.allow"), "a public seed needs no entry");

        ConfigException bad = assertThrows(ConfigException.class, () -> CrawlSettings.forCrawl(home,
                options(List.of("--agent", "bot", "--allow", "10.0.0.0/40"))));
        assertEquals("http.address.allow: '10.0.0.0/40' is not valid: the prefix length must be 0 to 32",
                bad.getMessage());
    }

    @Test
    void missingAgentNameIsOneClearLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> CrawlSettings.forCrawl(home, options(List.of())));
        assertEquals("http.agent.name is not set: name your crawler in crawler-conf.yaml, or pass --agent NAME",
                e.getMessage());
        e = assertThrows(ConfigException.class, () -> CrawlSettings.forCrawl(home, options(List.of("--agent", "bot 2"))));
        assertTrue(e.getMessage().contains("is not a crawler name"), e.getMessage());
    }

    @Test
    void unknownOrIllTypedKeyNamesTheFile() throws IOException {
        Path conf = home.resolve("bad.yaml");
        Files.writeString(conf, "fetcher.thread.number: 3\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> CrawlSettings.forCrawl(home, options(List.of("--agent", "a", "--conf", conf.toString()))));
        assertTrue(e.getMessage().startsWith(conf + ": unknown configuration key 'fetcher.thread.number'"), e.getMessage());

        Files.writeString(conf, "fetcher.threads.number: many\n");
        e = assertThrows(ConfigException.class,
                () -> CrawlSettings.forCrawl(home, options(List.of("--agent", "a", "--conf", conf.toString()))));
        assertTrue(e.getMessage().contains("'fetcher.threads.number' expects"), e.getMessage());

        e = assertThrows(ConfigException.class, () -> CrawlSettings.forCrawl(home,
                options(List.of("--agent", "a", "--conf", home.resolve("missing.yaml").toString()))));
        assertEquals(home.resolve("missing.yaml") + ": configuration file not found", e.getMessage());
    }

    @Test
    void aLocalCrawlRunsOneWorker() throws Exception {
        Files.writeString(home.resolve("crawler-conf.yaml"), "config:\n  topology.workers: 8\n");
        CrawlerConfig config = CrawlSettings.forCrawl(home, options(List.of("--agent", "a", "http://a.example/")));
        assertEquals(1, config.getInt("topology.workers"), "a cluster's worker count is not local mode's");
    }
}
