package io.squall.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurationKeysTest {
    @TempDir
    Path dir;

    private static Duration read(String key, Object value) {
        return CrawlerConfig.defaults().with(Map.of(key, value), "test").getDuration(key);
    }

    @Test
    void everyDurationKeyIsDeclaredWithADefaultThatReads() {
        CrawlerConfig defaults = CrawlerConfig.defaults();
        for (String key : DurationKeys.keys()) {
            assertTrue(CrawlerConfig.isSquallKey(key), key + " is declared in crawler-default.yaml");
            defaults.getDuration(key);
        }
        assertEquals(Duration.ofSeconds(10), defaults.getDuration("http.timeout"));
        assertEquals(Duration.ofSeconds(1), defaults.getDuration("fetcher.server.delay"));
        assertEquals(Duration.ofDays(1), defaults.getDuration("fetchInterval.default"));
    }

    /**
     * crawler-default.yaml tells users each key's bare unit in a note, "(bare: ms" or "(bare: seconds", in the
     * comment above the key or its group (a paragraph: the lines up to the blank line before). The nearest note
     * above each duration key must name the unit the registry reads a bare number in.
     */
    @Test
    void theDefaultsFileNamesEachDurationKeysBareUnitAsTheRegistryReadsIt() throws IOException {
        List<String> lines;
        try (InputStream in = DurationKeysTest.class.getClassLoader().getResourceAsStream("crawler-default.yaml")) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        Map<String, ChronoUnit> units = Map.of("ms", ChronoUnit.MILLIS,
                "seconds", ChronoUnit.SECONDS, "minutes", ChronoUnit.MINUTES,
                "days", ChronoUnit.DAYS);
        Pattern note = Pattern.compile("\\(bare:\\s*(\\w+)");
        Pattern keyLine = Pattern.compile("^\\s+([\\w.]+):");
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher key = keyLine.matcher(lines.get(i));
            if (!key.find() || !DurationKeys.keys().contains(key.group(1))) {
                continue;
            }
            checked++;
            String named = null;
            // Up the paragraph; a note may wrap ("(bare:" at one line's end, its unit on the next).
            for (int j = i - 1; j >= 0 && !lines.get(j).isBlank() && named == null; j--) {
                String text = lines.get(j) + (j + 1 < i ? " " + lines.get(j + 1).replaceFirst("^\\s*#", "") : "");
                Matcher m = note.matcher(text);
                if (m.find()) {
                    named = m.group(1);
                }
            }
            ChronoUnit expected = DurationKeys.bareUnit(key.group(1)).orElseThrow();
            if (named == null || units.get(named) != expected) {
                wrong.add(key.group(1) + " (line " + (i + 1) + "): the note says " + named + ", the registry reads "
                        + expected);
            }
        }
        assertEquals(DurationKeys.keys().size(), checked, "every duration key is in the defaults file");
        assertEquals(List.of(), wrong);
    }

    @Test
    void aBareNumberKeepsTheUnitOfItsKey() {
        assertEquals(Duration.ofMillis(500), read("http.timeout", 500), "milliseconds");
        assertEquals(Duration.ofMillis(250), read("spout.min.delay.queries", "250"), "milliseconds, as text");
        assertEquals(Duration.ofHours(1), read("robots.cache.ttl", 3600), "seconds");
        assertEquals(Duration.ofMillis(1500), read("fetcher.server.delay", 1.5), "seconds, with a fraction");
        assertEquals(Duration.ofMinutes(90), read("fetchInterval.default", 90), "minutes");
        assertEquals(Duration.ofDays(30), read("feed.max.age", 30), "days");
        assertEquals(Duration.ofMinutes(-1), read("fetchInterval.error", -1), "-1 (never) stays negative");
        assertEquals(Duration.ofSeconds(-1), read("fetcher.server.delay.min", "-1"));
    }

    @Test
    void aDurationWithItsUnitMeansTheSameWhateverTheKeysBareUnit() {
        assertEquals(Duration.ofSeconds(10), read("http.timeout", "10s"));
        assertEquals(Duration.ofMinutes(90), read("fetchInterval.default", "1h30m"));
        assertEquals(Duration.ofMillis(1500), read("fetcher.server.delay", "1.5s"));
        assertEquals(Duration.ofMillis(300), read("opensearch.status.flushInterval", "300ms"));
        assertEquals(Duration.ofDays(7), read("feed.max.age", "7d"));
    }

    @Test
    void aValueThatIsNoDurationIsRefusedInOneLineNamingKeyValueAndWhatIsAccepted() throws IOException {
        Path file = Files.writeString(dir.resolve("crawler-conf.yaml"), "http.timeout: 10 seconds\n");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(file)));
        assertEquals(file + ": configuration key 'http.timeout' expects a duration such as 90s, 500ms, 1.5s, 15m,"
                + " 2h, 1d or 1h30m, or a bare number of milliseconds, got '10 seconds'", e.getMessage());
        for (Object bad : List.of("-5s", "soon", "1w", true)) {
            ConfigException refused = assertThrows(ConfigException.class,
                    () -> CrawlerConfig.defaults().with(Map.of("fetchInterval.default", bad), "test"), "" + bad);
            assertTrue(refused.getMessage().endsWith("or a bare number of minutes, got '" + bad + "'"),
                    refused.getMessage());
        }
    }

    @Test
    void aKeyThatIsNoDurationCannotBeReadAsOneNorADurationAsANumber() {
        assertThrows(IllegalStateException.class, () -> CrawlerConfig.defaults().getDuration("fetcher.threads.number"));
        assertThrows(IllegalStateException.class, () -> CrawlerConfig.defaults().getLong("http.timeout"),
                "a bare reading would take 10s for 10");
        assertThrows(IllegalStateException.class, () -> CrawlerConfig.defaults().getDouble("fetcher.server.delay"));
    }
}
