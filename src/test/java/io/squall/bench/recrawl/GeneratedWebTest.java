package io.squall.bench.recrawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import io.squall.parse.ParseProcessor;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class GeneratedWebTest {
    private final GeneratedWeb web = new GeneratedWeb(3, 100);

    @Test
    void theLoaderKnowsTheFingerprintSquallsParserGivesAPage() {
        ParseProcessor parser = ParseProcessor.fromConfig(CrawlerConfig.defaults()
                .with(Map.of("http.agent.name", "squall-test"), "test"), Counters.NONE);
        try {
            for (int host = 0; host < 3; host++) {
                for (long page = 0; page < 5; page++) {
                    long version = web.version(host, page, Instant.now());
                    String html = web.html(host, page, version, 7, Instant.now());
                    Metadata parsed = parser.process(web.url(page * 3 + host, 8080),
                            html.getBytes(StandardCharsets.UTF_8), new Metadata().set("Content-Type", "text/html"))
                            .metadata();
                    assertEquals(web.fingerprint(host, page, version), parsed.getFirst(MetadataKeys.FINGERPRINT));
                    assertTrue(html.length() > 2_000, "a few KB: " + html.length()); // the words are drawn by version: 2,977 seen
                }
            }
        } finally {
            parser.close();
        }
    }

    @Test
    void aPageChangesOnceInEachOfItsPeriodsAndItsVersionIsAFormulaOfTheTime() {
        Instant now = Instant.parse("2026-11-28T00:00:00Z");
        for (long page = 0; page < 30; page++) {
            long version = web.version(1, page, now);
            Instant since = web.since(1, page, version);
            assertTrue(!since.isAfter(now) && web.since(1, page, version + 1).isAfter(now));
            assertEquals(version, web.version(1, page, since));
            assertEquals(version - 1, web.version(1, page, since.minusMillis(1)));
            double period = web.periodSeconds(1, page);
            assertTrue(period >= GeneratedWeb.FASTEST_SECONDS && period <= GeneratedWeb.SLOWEST_SECONDS);
            double mean = (web.since(1, page, version + 1000).toEpochMilli() - since.toEpochMilli()) / 1000.0 / 1000;
            assertEquals(period, mean, period * 0.01);
        }
    }

    @Test
    void aPageLinksOnlyToPagesOfItsHostThatExist() {
        // 100 URLs on 3 hosts: host 0 has pages 0 to 33, hosts 1 and 2 pages 0 to 32
        for (long page = 0; page < 33; page++) {
            Matcher links = Pattern.compile("href=\"/p/(\\d+)\\.html\"").matcher(web.html(2, page, 0, 1, Instant.now()));
            int count = 0;
            while (links.find()) {
                assertTrue(web.exists(2, Long.parseLong(links.group(1))), links.group());
                count++;
            }
            assertEquals(10, count);
        }
        assertTrue(web.exists(0, 33));
        assertTrue(!web.exists(1, 33));
    }
}
