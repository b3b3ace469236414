package io.squall.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.console.StatusIndexReader;
import io.squall.console.StatusIndexView;
import io.squall.core.MetadataKeys;
import io.squall.frontier.StatusWriter;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.ManualClock;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The report's freshness part, read from a real status index written by the crawl's own status writer with
 * the freshness scheduler: pages fetched twice, some changed, one answered 304, on two hosts.
 */
@ExtendWith(OpenSearchExtension.class)
class FreshnessReportTest {
    private final List<String> failures = new CopyOnWriteArrayList<>();

    @Test
    void theReportSaysWhatTheFetchesFoundAndHowFreshTheCopyIsExpectedToBe(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config(Map.of("scheduler.class", "freshness"));
        os.createIndices(Map.of("scheduler.class", "freshness"));
        ManualClock clock = new ManualClock(Instant.parse("2026-11-27T00:00:00Z"));
        List<String> urls = List.of("http://a.example/1", "http://a.example/2", "http://a.example/3", "http://b.example/1");
        Map<String, String> secondBody = Map.of("http://a.example/1", "d1-changed", "http://a.example/2", "d2",
                "http://a.example/3", "304", "http://b.example/1", "e1-changed");
        try (BulkWriter bulk = bulkWriter(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE, clock);
            for (String url : urls) {
                write(writer, url, new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "200")
                        .set(MetadataKeys.DIGEST, url.equals("http://a.example/2") ? "d2" : "first-" + url));
            }
        }
        os.refresh(SquallIndex.STATUS);
        clock.advance(Duration.ofMinutes(20));
        try (BulkWriter bulk = bulkWriter(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE, clock);
            for (String url : urls) {
                write(writer, url, os.refetched(url, secondBody.get(url)));
            }
        }
        assertEquals(List.of(), failures);
        os.refresh(SquallIndex.STATUS);

        CrawlSummary.StatusReport report = new StatusIndexReader(os.client(), config).report(10);
        FreshnessFigures freshness = report.freshness().figures();
        assertEquals(4, freshness.pages());
        assertEquals(Map.of("changed", 2L, "unchanged", 1L, "not-modified", 1L), freshness.lastObserved());
        assertEquals(0.25, freshness.wastedShare(), 1e-9);
        assertNotNull(freshness.expected(), "the freshness scheduler stores each page's expected freshness");
        assertTrue(freshness.expected() > 0 && freshness.expected() <= 1, freshness.toString());
        assertNotNull(freshness.ageSeconds(), "and its expected age");
        assertTrue(freshness.ageSeconds() > 0, freshness.toString());
        assertNotNull(freshness.leastFresh().get(0).ageSeconds(), freshness.toString());
        assertEquals(2, freshness.leastFresh().size());
        assertEquals("b.example", freshness.leastFresh().get(0).host(), "its only page changed: least fresh first");
        assertEquals(freshness, new StatusIndexView(os.client(), SquallIndex.STATUS.name(config)).freshness(10),
                "the console reads the same figures");
        String text = report.toText();
        assertTrue(text.contains("Freshness: 4 pages with a change history; last fetch found 2 changed, 1 unchanged,"
                + " 1 not modified (304); 25% of compared fetches found nothing new"), text);
        assertTrue(text.contains("expected freshness"), text);
        assertTrue(text.contains(", expected age "), text);
    }

    private static BulkWriter bulkWriter(TestOpenSearch os, CrawlerConfig config) {
        return new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"), "test");
    }

    private void write(StatusWriter writer, String url, Metadata metadata) {
        writer.write(url, metadata, Status.FETCHED, new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
            }

            @Override
            public void failed(String reason) {
                failures.add(url + ": " + reason);
            }
        });
    }
}
