package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.squall.config.CrawlerConfig;
import io.squall.config.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSecretsTest {
    @TempDir
    Path data;

    @Test
    void aPasswordInTheConfigurationMovesToAFileOnlyItsOwnerReads() throws Exception {
        CrawlerConfig config = CrawlerConfig.defaults().with(Map.of("opensearch.password", "pa55 word",
                "opensearch.truststore.password", "changeit", "http.proxy.pass", "pr0xy"), "crawler-conf.yaml");
        CrawlerConfig kept = LocalSecrets.keptOut(config, data);

        for (String key : Secrets.KEYS) {
            assertFalse(kept.asMap().containsValue(config.getString(key)), key + " is nowhere in the configuration");
            Path file = Path.of(kept.getString(key + ".file"));
            assertEquals(data.resolve("secrets").resolve(key).toAbsolutePath(), file);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            assertEquals(config.getString(key), Secrets.value(kept, key), "the workers read the same password");
        }
        Secrets.requireNoneInTopology(kept);
    }

    @Test
    void aPasswordGivenByFileOrEnvironmentStaysThereAndNoPasswordChangesNothing() throws Exception {
        CrawlerConfig none = CrawlerConfig.defaults();
        assertSame(none, LocalSecrets.keptOut(none, data));
        CrawlerConfig named = none.with(Map.of("opensearch.password", "shadowed",
                "opensearch.password.env", "OS_PASSWORD"), "test");
        CrawlerConfig kept = LocalSecrets.keptOut(named, data);
        assertEquals("", kept.getString("opensearch.password"));
        assertEquals("OS_PASSWORD", kept.getString("opensearch.password.env"));
        assertFalse(kept.isSet("opensearch.password.file"));
        assertFalse(Files.exists(data.resolve("secrets")));
    }
}
