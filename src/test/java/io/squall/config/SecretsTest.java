package io.squall.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretsTest {
    private static final CrawlerConfig DEFAULTS = CrawlerConfig.defaults();

    @Test
    void aPasswordFilesFirstLineWinsOverTheSetting(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("password"), "s3cret word\nignored\n");
        CrawlerConfig config = DEFAULTS.with(Map.of("opensearch.password", "written",
                "opensearch.password.file", file.toString()), "test");
        assertEquals("s3cret word", Secrets.value(config, "opensearch.password"));
        assertEquals("written", Secrets.value(DEFAULTS.with(Map.of("opensearch.password", "written"), "test"),
                "opensearch.password"));
    }

    @Test
    void aPasswordMayComeFromTheEnvironmentVariableTheConfigurationNames(@TempDir Path dir) throws Exception {
        Map<String, String> environment = Map.of("SQUALL_OS_PASSWORD", "from env");
        CrawlerConfig config = DEFAULTS.with(Map.of("opensearch.password", "written",
                "opensearch.password.env", "SQUALL_OS_PASSWORD"), "test");
        assertEquals("from env", Secrets.value(config, "opensearch.password", environment::get));

        Path file = Files.writeString(dir.resolve("password"), "from file\n");
        assertEquals("from file", Secrets.value(config.with(Map.of("opensearch.password.file", file.toString()),
                "test"), "opensearch.password", environment::get), "a file, when named, wins");

        ConfigException unset = assertThrows(ConfigException.class, () -> Secrets.value(DEFAULTS.with(
                Map.of("opensearch.truststore.password.env", "NOT_SET"), "test"), "opensearch.truststore.password",
                environment::get));
        assertEquals("opensearch.truststore.password.env: the environment variable NOT_SET is not set; it must be"
                + " set for the submitting process and for every worker", unset.getMessage());
        Secrets.requireNoneInTopology(config.with(Map.of("opensearch.password", ""), "test"));
    }

    @Test
    void aMissingPasswordFileIsNamedWithItsKey(@TempDir Path dir) {
        Path missing = dir.resolve("nope");
        ConfigException e = assertThrows(ConfigException.class, () -> Secrets.value(DEFAULTS.with(
                Map.of("opensearch.truststore.password.file", missing.toString()), "test"), "opensearch.truststore.password"));
        assertEquals("opensearch.truststore.password.file: cannot read '" + missing + "' (NoSuchFileException); it"
                + " must exist on the submitting machine and on every worker", e.getMessage());
    }

    @Test
    void aTopologyConfigurationMayNameSecretFilesButNotHoldSecrets() {
        Secrets.requireNoneInTopology(DEFAULTS.with(Map.of("opensearch.password.file", "/etc/p",
                "opensearch.truststore.password.file", "/etc/t"), "test"));
        for (String key : Secrets.KEYS) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> Secrets.requireNoneInTopology(DEFAULTS.with(Map.of(key, "x"), "test")));
            assertTrue(e.getMessage().startsWith(key + " is in the topology configuration"), e.getMessage());
            assertTrue(e.getMessage().endsWith("set " + key + ".env to its name, instead"), e.getMessage());
        }
    }
}
