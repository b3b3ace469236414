package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrawlOptionsTest {

    @Test
    void optionsAndSeedsInAnyOrder() {
        CrawlOptions o = CrawlOptions.parse(List.of("https://a.example/", "--max-pages", "100", "seeds.txt",
                "--duration=1h30m", "--threads", "8", "--delay", "0.5", "--json", "--data", "/tmp/d",
                "--max-depth", "0", "--agent", "bot", "--port", "9201", "--conf", "my.yaml", "--console-port", "8089",
                "--allow", "10.0.0.0/8", "--allow=intranet.example"));
        assertEquals(List.of("https://a.example/", "seeds.txt"), o.seeds());
        assertEquals(100, o.maxPages());
        assertEquals(Duration.ofMinutes(90), o.duration());
        assertEquals(8, o.threads());
        assertEquals(0.5, o.delay());
        assertTrue(o.json());
        assertEquals(Path.of("/tmp/d"), o.dataDir());
        assertEquals(0, o.maxDepth());
        assertEquals("bot", o.agent());
        assertEquals(9201, o.port());
        assertEquals(8089, o.consolePort());
        assertEquals(Path.of("my.yaml"), o.confFile());
        assertEquals(List.of("10.0.0.0/8", "intranet.example"), o.allow(), "--allow is repeatable, in order");
    }

    @Test
    void defaults() {
        CrawlOptions o = CrawlOptions.parse(List.of());
        assertEquals(Path.of("data"), o.dataDir());
        assertEquals(0, o.port());
        assertEquals(0, o.consolePort(), "a free port");
        assertNull(o.maxPages());
        assertNull(o.duration());
        assertNull(o.openSearch());
        assertFalse(o.json());
    }

    @Test
    void doubleDashEndsOptions() {
        assertEquals(List.of("--json"), CrawlOptions.parse(List.of("--", "--json")).seeds());
    }

    @Test
    void unknownOptionIsNamed() {
        UsageException e = assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--max-page", "3")));
        assertEquals("unknown option '--max-page' for 'squall crawl' (see squall crawl --help)", e.getMessage());
    }

    @Test
    void badValuesAreNamed() {
        assertEquals("option --max-pages of 'squall crawl' expects an integer, got 'ten'",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--max-pages", "ten"))).getMessage());
        assertEquals("option --threads of 'squall crawl' expects a positive integer, got '0'",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--threads", "0"))).getMessage());
        assertEquals("option --delay of 'squall crawl' expects a number of seconds of 0 or more, got '-1'",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--delay", "-1"))).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--duration", "soon")))
                .getMessage().contains("expects a duration such as 90s"));
        assertEquals("option --data of 'squall crawl' needs a value",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--data"))).getMessage());
        assertEquals("option --json of 'squall crawl' takes no value",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--json=yes"))).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--port", "70000")))
                .getMessage().contains("up to 65535"));
        assertEquals("option --console-port of 'squall crawl' expects a port number up to 65535, got 65536",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--console-port", "65536")))
                        .getMessage());
    }

    @Test
    void durationsAreReadByTheConfigurationsParserAndMustBePositive() {
        assertEquals(Duration.ofDays(1), CrawlOptions.parse(List.of("--duration", "1d")).duration());
        assertEquals(Duration.ofSeconds(90), CrawlOptions.parse(List.of("--duration", "90")).duration());
        assertEquals("option --duration of 'squall crawl' expects a duration such as 90s, 15m, 2h or 1h30m, got '0'",
                assertThrows(UsageException.class, () -> CrawlOptions.parse(List.of("--duration", "0"))).getMessage());
    }
}
