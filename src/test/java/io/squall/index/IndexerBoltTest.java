package io.squall.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.BoltDriver;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class IndexerBoltTest {

    private static BoltDriver driver() {
        return new BoltDriver(Map.of("default", new Fields("url", "content", "metadata", "text", "discovered")));
    }

    /** An indexer with bulks of at most 3 pages and no timed flush within a test (sent as soon as a request slot is free). */
    private static IndexerBolt prepared(TestOpenSearch os, BoltDriver driver, Map<String, Object> settings) {
        Map<String, Object> all = new HashMap<>(Map.of("opensearch.content.bulkActions", 3,
                "opensearch.content.flushInterval", 60,
                "indexer.md.mapping", List.of("fetch.statusCode=httpStatus", "lang")));
        all.putAll(settings);
        IndexerBolt bolt = new IndexerBolt();
        bolt.prepare(new HashMap<>(os.config(all).asMap()), driver.context(), driver.collector());
        return bolt;
    }

    private static Tuple page(BoltDriver driver, String url, Metadata md) {
        return driver.tuple("default", url, "<html>".getBytes(StandardCharsets.UTF_8), md, "text of " + url,
                new ArrayList<>(List.of(new Discovered(url + "link", new Metadata()))));
    }

    private static Metadata parsed(int i) {
        return new Metadata().set(MetadataKeys.PARSE_TITLE, "Title " + i)
                .set(MetadataKeys.PARSE_DESCRIPTION, "About " + i)
                .set(MetadataKeys.PARSE_KEYWORDS, List.of("a", "b"))
                .set(MetadataKeys.PARSE_LANGUAGE, "en")
                .set(MetadataKeys.PARSE_CONTENT_TYPE, "text/html")
                .set(MetadataKeys.DIGEST, "digest" + i)
                .set(MetadataKeys.FETCH_STATUS_CODE, "200")
                .set("lang", List.of("en", "de"));
    }

    /**
     * Every emitted tuple is FETCHED on the status stream, anchored to the input with the same URL, with the
     * page's discoveries.
     */
    private static void assertFetchedEmittedFor(BoltDriver driver, List<Tuple> inputs) {
        List<BoltDriver.Emitted> emitted = driver.emitted();
        assertEquals(inputs.size(), emitted.size());
        java.util.Set<Tuple> anchored = new java.util.HashSet<>();
        for (BoltDriver.Emitted e : emitted) {
            assertEquals("status", e.stream());
            assertEquals(1, e.anchors().size(), "anchored to its page");
            Tuple input = e.anchors().get(0);
            anchored.add(input);
            assertEquals(input.getStringByField("url"), e.values().get(0));
            assertEquals(Status.FETCHED, e.values().get(2));
            assertEquals(input.getValueByField("discovered"), e.values().get(3), "the page's links go on with it");
        }
        assertEquals(new java.util.HashSet<>(inputs), anchored, "one FETCHED per page");
    }

    @Test
    void thePageIsAckedAndFetchedOnceItsDocumentIsWrittenWithoutWaitingForAnotherTuple(TestOpenSearch os)
            throws Exception {
        BoltDriver driver = driver();
        IndexerBolt bolt = prepared(os, driver, Map.of());
        try {
            List<Tuple> pages = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                pages.add(page(driver, "https://example.org/" + i, parsed(i)));
                bolt.execute(pages.get(i));
            }
            driver.awaitOutcomes(3);
            assertEquals(List.of(), driver.failed());
            // Two bulk requests may be in flight at once: acks come in the order OpenSearch answers.
            assertEquals(new java.util.HashSet<>(pages), new java.util.HashSet<>(driver.acked()));
            assertEquals(pages.size(), driver.acked().size(), "each page acked once");
            assertFetchedEmittedFor(driver, pages);

            assertEquals(3, os.count(SquallIndex.CONTENT));
            Map<String, Object> doc = os.documents(SquallIndex.CONTENT).stream()
                    .filter(d -> d.get("_id").equals(UrlId.of("https://example.org/1"))).findFirst().orElseThrow();
            assertEquals("https://example.org/1", doc.get("url"));
            assertEquals("example.org", doc.get("host"));
            assertEquals("Title 1", doc.get("title"));
            assertEquals("About 1", doc.get("description"));
            assertEquals(List.of("a", "b"), doc.get("keywords"));
            assertEquals("text of https://example.org/1", doc.get("text"));
            assertEquals("text/html", doc.get("contentType"));
            assertEquals("en", doc.get("language"));
            assertEquals("digest1", doc.get("digest"));
            assertTrue(doc.containsKey("fetchDate"));
            assertEquals("200", doc.get("httpStatus"));
            assertEquals(List.of("en", "de"), doc.get("lang"));
        } finally {
            bolt.cleanup();
        }
    }

    @Test
    void aNoindexPageIsNotIndexedButStillFetched(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        IndexerBolt bolt = prepared(os, driver, Map.of("opensearch.content.bulkActions", 1));
        try {
            Tuple noindex = page(driver, "https://example.org/private", parsed(0).set(MetadataKeys.ROBOTS_NOINDEX, "true"));
            bolt.execute(noindex);
            assertEquals(List.of(noindex), driver.acked());
            assertFetchedEmittedFor(driver, List.of(noindex));
            Tuple indexed = page(driver, "https://example.org/public", parsed(1));
            bolt.execute(indexed);
            driver.awaitOutcomes(2);
            assertEquals(1, os.count(SquallIndex.CONTENT), "only the page without noindex");
            assertEquals(1, driver.counter("indexer.noindex"), "in the task's own metrics");
            assertEquals(1, driver.counter("indexer.indexed"));
        } finally {
            bolt.cleanup();
        }
    }

    @Test
    void aNearDuplicateIsLeftOutButStillFetchedUnlessDuplicatesAreIndexed(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        IndexerBolt bolt = prepared(os, driver, Map.of("opensearch.content.bulkActions", 1));
        try {
            Tuple copy = page(driver, "https://mirror.example.org/1",
                    parsed(0).set(MetadataKeys.DUPLICATE_OF, "https://example.org/1"));
            bolt.execute(copy);
            assertEquals(List.of(copy), driver.acked());
            assertFetchedEmittedFor(driver, List.of(copy));
            assertEquals(1, driver.counter("indexer.skipped.duplicate"));
        } finally {
            bolt.cleanup();
        }
        BoltDriver kept = driver();
        IndexerBolt keeping = prepared(os, kept, Map.of("opensearch.content.bulkActions", 1, "dedup.index", true));
        try {
            keeping.execute(page(kept, "https://mirror.example.org/2",
                    parsed(1).set(MetadataKeys.DUPLICATE_OF, "https://example.org/2")));
            kept.awaitOutcomes(1);
            assertEquals(1, os.count(SquallIndex.CONTENT), "the copy kept with dedup.index, not the one left out");
            assertEquals(0, kept.counter("indexer.skipped.duplicate"));
        } finally {
            keeping.cleanup();
        }
    }

    @Test
    void withTheIndexerDisabledPagesPassThroughAsFetched(TestOpenSearch os) {
        BoltDriver driver = driver();
        IndexerBolt bolt = prepared(os, driver, Map.of("indexer.enabled", false));
        Tuple p = page(driver, "https://example.org/", parsed(0));
        bolt.execute(p);
        bolt.cleanup();
        assertEquals(List.of(p), driver.acked());
        assertFetchedEmittedFor(driver, List.of(p));
    }

    @Test
    void withTheContentIndexClosedPagesFailAndNothingIsAckedOrEmitted(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        IndexerBolt bolt = prepared(os, driver, Map.of());
        try {
            os.client().indices().close(c -> c.index(os.indexName(SquallIndex.CONTENT)));
            for (int i = 0; i < 3; i++) {
                bolt.execute(page(driver, "https://example.org/" + i, parsed(i)));
            }
            driver.awaitOutcomes(3);
            assertEquals(3, driver.failed().size());
            assertEquals(List.of(), driver.acked());
            assertEquals(List.of(), driver.emitted());
            assertEquals(3, driver.counter("indexer.failed"));
        } finally {
            bolt.cleanup();
        }
    }
}
