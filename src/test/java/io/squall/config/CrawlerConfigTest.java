package io.squall.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrawlerConfigTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreTypedFromTheDefaultsFile() {
        CrawlerConfig config = CrawlerConfig.defaults();
        assertEquals(50, config.getInt("fetcher.threads.number"));
        assertEquals(5.0, config.getDouble("fetcher.server.delay.factor"));
        assertTrue(config.getBoolean("robots.enabled"));
        assertEquals("status", config.getString("opensearch.status.index.name"));
        assertEquals(List.of("http://localhost:9200"), config.getStringList("opensearch.addresses"));
        assertFalse(config.isSet("http.agent.name"));
    }

    @Test
    void laterFilesOverrideEarlierOnesAndFluxConfigSectionsAreUnwrapped() throws IOException {
        Path a = write("a.yaml", "config:\n  fetcher.threads.number: 8\n  http.agent.name: squall-test\n");
        Path b = write("b.yaml", "fetcher.threads.number: 12\n");
        CrawlerConfig config = ConfigLoader.load(List.of(a, b));
        assertEquals(12, config.getInt("fetcher.threads.number"));
        assertEquals("squall-test", config.getString("http.agent.name"));
    }

    @Test
    void anIllTypedValueIsOneLineNamingKeyFileAndType() throws IOException {
        Path file = write("crawler-conf.yaml", "fetcher.threads.number: eight\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(file)));
        assertEquals(file + ": configuration key 'fetcher.threads.number' expects an integer, got 'eight'",
                e.getMessage());
    }

    @Test
    void anUnknownKeyUnderASquallPrefixIsRejectedWithASuggestion() throws IOException {
        Path file = write("crawler-conf.yaml", "fetcher.thread.number: 8\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(file)));
        assertEquals(file + ": unknown configuration key 'fetcher.thread.number'"
                + " (did you mean 'fetcher.threads.number'?)", e.getMessage());
    }

    @Test
    void stormKeysAndForeignKeysPassThrough() {
        CrawlerConfig config = CrawlerConfig.fromStormConf(Map.of("topology.workers", 2, "my.own.key", "x"));
        assertEquals(2, config.asMap().get("topology.workers"));
    }

    @Test
    void brokenYamlNamesFileAndLine() throws IOException {
        Path file = write("crawler-conf.yaml", "a: 1\nb: [unclosed\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(file)));
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void theLineNamedIsTheMistakesAndAnchorsAreResolved() throws IOException {
        Path file = write("crawler-conf.yaml", "config:\n  a: 1\n\tb: 2\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(file)));
        assertTrue(e.getMessage().startsWith(file + ":3: not valid YAML: "), e.getMessage());
        assertEquals(Map.of("a", 8, "b", 8), YamlFiles.read(write("anchors.yaml", "a: &eight 8\nb: *eight\n")));
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.yaml");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(missing)));
        assertEquals(missing + ": configuration file not found", e.getMessage());
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
