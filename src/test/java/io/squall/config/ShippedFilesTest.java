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

class ShippedFilesTest {
    private static final String KEY = "urlfilters.config.file";

    @TempDir
    Path dir;

    @Test
    void aFileReadWhereTheCrawlStartsTravelsInTheConfigurationToWhereTheFileIsNot() throws Exception {
        Path file = Files.writeString(dir.resolve("mine.yaml"), "filters: []\n");
        CrawlerConfig shipped = ShippedFiles.ship(CrawlerConfig.defaults().with(Map.of(KEY, file.toString()), "test"));
        Files.delete(file); // as on a worker, in another directory or on another machine
        // Through Storm's topology configuration, a plain map.
        CrawlerConfig onWorker = CrawlerConfig.fromStormConf(Map.copyOf(shipped.asMap()));
        assertEquals(new ShippedFiles.File(file.toString(), file.toAbsolutePath().toString(), "filters: []\n"),
                ShippedFiles.get(onWorker, KEY));
        assertEquals(ShippedFiles.KEYS.size(), ShippedFiles.all(onWorker).size());
    }

    @Test
    void withoutShippingTheFileIsReadNowFromTheDirectoryOrTheJar() {
        ShippedFiles.File jars = ShippedFiles.get(CrawlerConfig.defaults(), KEY);
        assertEquals("the jar's urlfilters.yaml", jars.origin());
        assertTrue(jars.text().contains("filters:"), jars.text());
        assertTrue(ShippedFiles.get(CrawlerConfig.defaults().with(Map.of(KEY, ""), "test"), KEY).isEmpty());
    }

    @Test
    void aNameFoundNowhereIsRefusedNamingTheSetting() {
        String message = assertThrows(ConfigException.class, () -> ShippedFiles.ship(CrawlerConfig.defaults()
                .with(Map.of(KEY, "nowhere.yaml"), "test"))).getMessage();
        assertTrue(message.startsWith(KEY + ": 'nowhere.yaml' is neither a file (from "), message);
    }
}
