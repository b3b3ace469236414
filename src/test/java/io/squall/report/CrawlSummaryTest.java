package io.squall.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.local.StopReason;
import io.squall.testsupport.StatusCounts;
import java.time.Duration;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrawlSummaryTest {

    @Test
    void summaryAsTextAndAsOneJsonObject() throws Exception {
        Map<String, Long> byStatus = StatusCounts.of(10, 90, 0, 1, 2);
        CrawlSummary.StatusReport report = new CrawlSummary.StatusReport("status", 103, byStatus,
                List.of(new SimpleImmutableEntry<>("a.example", 60L), new SimpleImmutableEntry<>("b.example", 43L)),
                List.of(new CrawlSummary.Cause("robots.unavailable.connection.refused", 3, 3),
                        new CrawlSummary.Cause("http.404", 2, 1)));
        CrawlSummary summary = new CrawlSummary(StopReason.IDLE, Duration.ofSeconds(30), Duration.ZERO, 90, 900 * 1024,
                new CrawlSummary.Run(java.time.Instant.parse("2026-01-01T00:00:00Z"), java.time.Instant.parse("2026-01-01T00:00:30Z"),
                        12.34, 300L * 1024 * 1024), report, null);

        String text = summary.toText();
        assertTrue(text.startsWith("Stopped: nothing left to fetch after 30s. Fetched 90 pages (900 KB) in this run, 3.0 pages/s."),
                text);
        assertTrue(text.contains("  FETCHED              90"), text);
        assertTrue(text.contains("Top hosts (URLs):\n          60  a.example"), text);
        assertTrue(text.contains("Top error causes (URLs):\n"
                + "           3  robots.txt unreachable: connection refused (3 hosts; robots.unavailable.connection.refused)\n"
                + "           2  HTTP 404 (1 host; http.404)"), text);

        String json = summary.toJson();
        assertFalse(json.contains("\n"), "one line");
        JsonNode root = new ObjectMapper().readTree(json);
        assertEquals("idle", root.get("stopReason").asText());
        assertEquals(90, root.get("fetched").asLong());
        assertEquals(103, root.get("total").asLong());
        assertEquals("2026-01-01T00:00:30Z", root.get("stoppedAt").asText());
        assertEquals(12.3, root.get("cpuSeconds").asDouble());
        assertEquals(300, root.get("peakHeapMB").asLong());
        assertTrue(text.contains("CPU 12.3 s, peak heap 300 MB"), text);
        assertEquals(90, root.get("status").get("FETCHED").asLong());
        assertEquals("a.example", root.get("topHosts").get(0).get("host").asText());
        assertEquals(3, root.get("topErrors").get(0).get("urls").asLong());
        assertEquals(3, root.get("topErrors").get(0).get("hosts").asLong());
        assertEquals("robots.txt unreachable: connection refused", root.get("topErrors").get(0).get("description").asText());

        String stopped = new CrawlSummary(StopReason.DURATION, Duration.ofSeconds(15), Duration.ofMillis(2_340), 90, 0,
                null, report, null).toText();
        assertTrue(stopped.startsWith("Stopped: --duration reached after 15s (URLs in flight then drained in 2.3 s)."),
                stopped);
    }
}
