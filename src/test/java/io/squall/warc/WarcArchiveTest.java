package io.squall.warc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.http.FetchResponse;
import io.squall.metrics.CounterTally;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

class WarcArchiveTest {
    @TempDir
    Path dir;

    private final CounterTally counters = new CounterTally();

    private CrawlerConfig config(Object... keyValues) {
        Map<String, Object> settings = new java.util.HashMap<>(Map.of("http.agent.name", "squall-test",
                "warc.dir", dir.toString()));
        for (int i = 0; i < keyValues.length; i += 2) {
            settings.put((String) keyValues[i], keyValues[i + 1]);
        }
        return CrawlerConfig.defaults().with(settings, "test");
    }

    @Test
    void noDirectoryOrDisabledMeansNoArchive() {
        assertNull(WarcArchive.fromConfig(CrawlerConfig.defaults().with(Map.of("http.agent.name", "a"), "test"),
                "w", counters, CrawlClock.system()), "warc.dir is empty by default");
        assertNull(WarcArchive.fromConfig(config("warc.enabled", false), "w", counters, CrawlClock.system()));
    }

    @Test
    void aCompressionLevelOutsideGzipsIsRefusedNamingTheKey() {
        for (int level : new int[] {0, 10}) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> WarcArchive.fromConfig(config("warc.compression.level", level), "w", counters, CrawlClock.system()));
            assertEquals("warc.compression.level must be between 1 and 9, got " + level, e.getMessage());
        }
    }

    @Test
    void answersAreWrittenInTheBackgroundAndTheFileFinishedAtClose() throws Exception {
        WarcArchive archive = WarcArchive.fromConfig(config(), "w", counters, CrawlClock.system());
        assertNotNull(archive);
        archive.offer(fetched("http://a.example/1"));
        archive.offer(new FetchResponse("http://a.example/unknown", 200, Map.of(), new byte[0], null, 1, null, null));
        archive.close();
        List<Path> files = files();
        assertEquals(1, files.size(), files.toString());
        assertTrue(files.get(0).getFileName().toString().endsWith("-w-00000.warc.gz"), files.toString());
        int records = 0;
        try (WarcReader reader = new WarcReader(files.get(0))) {
            for (WarcRecord r : reader) {
                records++;
            }
        }
        assertEquals(3, records, "warcinfo, response, request: an answer without its wire form is left out");
        assertEquals(0, counters.get("warc.dropped"));
    }

    @Test
    void answersThatDoNotFitInTheQueueAreDroppedAndCounted() throws Exception {
        WarcArchive archive = WarcArchive.fromConfig(config("warc.queue.bytes", 50), "w", counters, CrawlClock.system());
        archive.offer(fetched("http://a.example/1"));
        archive.offer(fetched("http://a.example/2"));
        archive.close();
        assertEquals(2, counters.get("warc.dropped"));
        assertEquals(2, archive.dropped());
        assertEquals(List.of(), files(), "nothing written, no file opened");
    }

    private static FetchResponse fetched(String url) {
        WarcFiles.Answer a = WarcFilesTest.response(url, 200, "<p>a page</p>".getBytes(), false);
        return new FetchResponse(url, 200, Map.of(), a.wire().body(), "192.0.2.7", 3, null, a.wire());
    }

    private List<Path> files() throws Exception {
        try (Stream<Path> list = Files.list(dir)) {
            return list.toList();
        }
    }
}
