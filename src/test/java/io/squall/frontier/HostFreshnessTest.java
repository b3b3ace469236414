package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.api.Status;
import io.squall.core.UrlId;
import io.squall.fetch.HostIndex;
import io.squall.fetch.HostState;
import io.squall.freshness.Observation;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.ManualClock;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.Outcomes;
import io.squall.testsupport.TestOpenSearch;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The host index's freshness figures: a small re-crawl of two hosts through the status writer with the freshness
 * scheduler, against a real node; the figures are what the status documents say, and the fetchers' own writes of
 * the same host documents keep them.
 */
@ExtendWith(OpenSearchExtension.class)
class HostFreshnessTest {

    @Test
    void aPageCountsOnceWithItsLatestPlanAndAnotherPlannersPlanIsNotTakenOut() {
        HostFreshness hosts = new HostFreshness(10);
        HostFreshness.Plan first = new HostFreshness.Plan("p1", 0.5, 100);
        hosts.fetched("a", Observation.FIRST, null, first);
        hosts.fetched("a", Observation.CHANGED, first, new HostFreshness.Plan("p1", 0.9, 10));
        hosts.fetched("a", Observation.UNCHANGED, new HostFreshness.Plan("old", 0.1, 5000),
                new HostFreshness.Plan("p1", 0.7, 30));
        Map<String, Object> f = freshnessOf(hosts.changed(Instant.EPOCH).get("a"));
        assertEquals(2L, f.get("pages"), "the first page once, the page placed by a planner before a restart once");
        assertEquals(0.8, (double) f.get("expected"), 1e-9);
        assertEquals(20.0, (double) f.get("ageSeconds"), 1e-9);
        assertEquals(3L, f.get("fetches"));
        assertEquals(0.5, (double) f.get("wastedShare"), 1e-9);
        assertTrue(hosts.changed(Instant.EPOCH).isEmpty(), "written once until it changes again");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> freshnessOf(Map<String, Object> hostDocument) {
        return (Map<String, Object>) hostDocument.get("freshness");
    }

    @Test
    void afterASmallReCrawlEachHostHoldsWhatItsFetchesFoundAndItsPagesExpectedFreshness(TestOpenSearch os)
            throws Exception {
        Map<String, Object> settings = Map.of("scheduler.class", "freshness");
        CrawlerConfig config = os.config(settings);
        os.createIndices(settings);
        ManualClock clock = new ManualClock(Instant.parse("2026-11-27T00:00:00Z"));
        List<String> urls = List.of("http://a.example/1", "http://a.example/2", "http://a.example/3",
                "http://b.example/1");
        Map<String, String> second = Map.of("http://a.example/1", "a1-changed", "http://a.example/2", "first-a2",
                "http://a.example/3", "304", "http://b.example/1", "b1-changed");
        double[] overall;
        try (BulkWriter bulk = new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "test")) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE, clock);
            for (String url : urls) {
                fetch(writer, url, new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "200")
                        .set(MetadataKeys.DIGEST, url.equals("http://a.example/2") ? "first-a2" : "first-" + url));
            }
            clock.advance(Duration.ofMinutes(20));
            for (String url : urls) {
                fetch(writer, url, os.refetched(url, second.get(url)));
            }
            writer.drain(); // writes the hosts' figures into the bulk
            overall = writer.expectedFreshness();
        }
        os.refresh(SquallIndex.HOSTS);
        Map<String, Object> a = freshnessOf(hostDocument(os, "a.example"));
        assertEquals(6, ((Number) a.get("fetches")).longValue());
        assertEquals(3, ((Number) a.get("first")).longValue());
        assertEquals(1, ((Number) a.get("changed")).longValue());
        assertEquals(1, ((Number) a.get("unchanged")).longValue(), "the fetch that found nothing new: wasted");
        assertEquals(1, ((Number) a.get("notModified")).longValue());
        assertEquals(1 / 3.0, ((Number) a.get("changeShare")).doubleValue(), 1e-3);
        assertEquals(1 / 3.0, ((Number) a.get("wastedShare")).doubleValue(), 1e-3);
        assertEquals(3, ((Number) a.get("pages")).longValue(), "each page once, with its latest plan");
        assertEquals(mean(os, urls.subList(0, 3), FreshnessScheduler.EXPECTED),
                ((Number) a.get("expected")).doubleValue(), 1e-3);
        assertEquals(mean(os, urls.subList(0, 3), FreshnessScheduler.AGE),
                ((Number) a.get("ageSeconds")).doubleValue(), 1e-3 * mean(os, urls.subList(0, 3), FreshnessScheduler.AGE));
        assertNotNull(a.get("updated"));
        Map<String, Object> b = freshnessOf(hostDocument(os, "b.example"));
        assertEquals(1, ((Number) b.get("changed")).longValue());
        assertEquals(0.0, ((Number) b.get("wastedShare")).doubleValue());
        assertEquals(mean(os, urls.subList(3, 4), FreshnessScheduler.EXPECTED),
                ((Number) b.get("expected")).doubleValue(), 1e-3);
        assertEquals(4, overall[0], "the metrics' gauges: pages planned");
        assertEquals(mean(os, urls, FreshnessScheduler.EXPECTED), overall[1], 1e-3);

        // The fetcher task that owns a.example writes its queue's state: the figures stay.
        HostIndex hostIndex = new HostIndex(os.client(), config, 3);
        Instant now = clock.instant();
        hostIndex.write(List.of(new HostState("a.example", 3, 2, 0, 1000, "fixed", 1000, 0, now, null, null, 0, null,
                0, 0, 8, now, "ok", now, now)));
        hostIndex.close();
        os.refresh(SquallIndex.HOSTS);
        Map<String, Object> merged = hostDocument(os, "a.example");
        assertEquals(8, ((Number) merged.get("fetched")).longValue());
        assertEquals(3, ((Number) merged.get("task")).intValue());
        assertEquals(a, freshnessOf(merged));
        assertEquals(List.of("a.example"), hostIndex.load(10).stream().map(HostState::key).toList(),
                "the fetcher task reads its own states back");
        assertNull(hostDocument(os, "c.example"));
    }

    @Test
    void aHostIndexOfAnEarlierVersionGetsTheFreshnessFieldsWhenAFetcherTaskStarts(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        String index = os.indexName(SquallIndex.HOSTS);
        os.client().indices().create(c -> c.index(index).mappings(m -> m.dynamic(
                org.opensearch.client.opensearch._types.mapping.DynamicMapping.Strict)
                .properties("kind", p -> p.keyword(k -> k)).properties("key", p -> p.keyword(k -> k))));
        Outcomes<String> refused = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "test")) {
            bulk.update(index, "a.example", null, Map.of("freshness", Map.of("changed", 1)), null, null, true,
                    refused.callbackFor("before"));
        }
        assertTrue(!refused.await(1).get(0).succeeded(), "strict: no such field yet");

        new HostIndex(os.client(), config, 1).ensureIndex(config);
        Outcomes<String> taken = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "test")) {
            bulk.update(index, "a.example", null, Map.of("kind", "host", "freshness", Map.of("changed", 1)), null,
                    null, true, taken.callbackFor("after"));
        }
        assertTrue(taken.await(1).get(0).succeeded(), taken.seen().toString());
        assertEquals(1, ((Number) freshnessOf(hostDocument(os, "a.example")).get("changed")).intValue());
    }

    private static Map<String, Object> hostDocument(TestOpenSearch os, String key) throws Exception {
        var got = os.client().get(g -> g.index(os.indexName(SquallIndex.HOSTS)).id(key), Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> source = got.found() ? got.source() : null;
        return source;
    }

    private static double mean(TestOpenSearch os, List<String> urls, String key) {
        return urls.stream().mapToDouble(url -> Double.parseDouble(
                TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(url))).getFirst(key))).average().orElseThrow();
    }

    private static void fetch(StatusWriter writer, String url, Metadata metadata) throws InterruptedException {
        Outcomes<String> outcomes = new Outcomes<>();
        writer.write(url, metadata, Status.FETCHED, outcomes.callbackFor(url));
        assertTrue(outcomes.await(1).get(0).succeeded());
    }
}
