package io.squall.bench.recrawl;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.UrlId;
import io.squall.freshness.ChangeHistory;
import io.squall.frontier.FreshnessScheduler;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class StatusLoaderTest {

    @Test
    void loadsEveryPageFetchedWithItsHistoryItsPlanAndADueDateInTheSpread(TestOpenSearch os) {
        GeneratedWeb web = new GeneratedWeb(4, 40);
        Instant from = Instant.now().plusSeconds(60);
        Instant loaded = Instant.now();
        new StatusLoader(os.client(), os.config(Map.of("scheduler.class", "freshness")), web, 8080)
                .load(null, from, Duration.ofMinutes(10), 0);

        List<Map<String, Object>> docs = os.documents(SquallIndex.STATUS);
        assertEquals(40, docs.size());
        for (Map<String, Object> doc : docs) {
            String url = (String) doc.get("url");
            assertEquals(UrlId.of(url), doc.get("_id"));
            assertEquals("FETCHED", doc.get("status"));
            int host = Integer.parseInt(url.replaceFirst("http://127\\.0\\.1\\.(\\d+):.*", "$1")) - 1;
            assertEquals(LoopbackHosts.address(host), doc.get("key"));
            Instant due = Instant.parse((String) doc.get("nextFetchDate"));
            assertTrue(!due.isBefore(from) && due.isBefore(from.plus(Duration.ofMinutes(10))), due.toString());
            Instant processed = Instant.parse((String) doc.get("lastProcessedDate"));
            assertTrue(processed.isBefore(loaded) && processed.isAfter(loaded.minus(Duration.ofDays(1)).minusSeconds(5)));

            Metadata md = TestOpenSearch.metadataOf(doc);
            ChangeHistory history = ChangeHistory.of(md);
            // 40 fetches, then the loaded one: the history's memory is full
            assertEquals(32, history.observations(), 0.01);
            assertEquals(processed, history.last());
            assertNotNull(md.getFirst(FreshnessScheduler.PLAN));
            assertNotNull(md.getFirst(FreshnessScheduler.RATE));
            if (GeneratedWeb.conditional(host)) {
                assertTrue(history.isDated(), "the server dates its changes: " + md);
                assertNotNull(md.getFirst("etag"));
            } else {
                assertNull(md.getFirst("etag"));
            }
        }
        assertEquals(4, os.documents(SquallIndex.HOSTS).size(), "the status writer's figures of each host");
        // a crawl on the loaded indices accepts their mappings (it refuses an index OpenSearch created by guessing)
        assertDoesNotThrow(() -> os.createIndices(Map.of()));
    }

    @Test
    void aLoadCutShortGoesOnFromItsLastAnsweredDocumentsLessAMargin(TestOpenSearch os) throws Exception {
        GeneratedWeb web = new GeneratedWeb(4, 40);
        StatusLoader loader = new StatusLoader(os.client(), os.config(Map.of("scheduler.class", "freshness")), web, 8080);
        assertEquals(0, loader.resumeFrom(5), "no index yet");
        loader.load(null, Instant.now(), Duration.ofMinutes(10), 0);
        String index = SquallIndex.STATUS.name(os.config(Map.of()));
        for (long n = 25; n < 40; n++) {
            String id = UrlId.of(web.url(n, 8080));
            String routing = LoopbackHosts.address(web.host(n));
            os.client().delete(d -> d.index(index).id(id).routing(routing));
        }
        long from = loader.resumeFrom(5);
        assertEquals(20, from, "25 documents held, 5 written again");
        loader.load(null, Instant.now(), Duration.ofMinutes(10), from);
        List<Map<String, Object>> docs = os.documents(SquallIndex.STATUS);
        assertEquals(40, docs.size());
        assertTrue(docs.stream().allMatch(doc -> "FETCHED".equals(doc.get("status"))));
    }
}
