package io.squall.frontier;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.metrics.CounterTally;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.Outcomes;
import io.squall.testsupport.TestOpenSearch;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(OpenSearchExtension.class)
class StatusWriterTest {

    /** A bulk writer with the status updater's settings. */
    private static BulkWriter statusBulk(TestOpenSearch os, CrawlerConfig config) {
        return new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"), "test");
    }

    /** Writes one update and waits for OpenSearch's answer; returns whether it succeeded. */
    private static Outcomes.Outcome<String> writeAndWait(CrawlerConfig config, TestOpenSearch os, String url,
            Metadata md, Status status) throws InterruptedException {
        Outcomes<String> outcomes = new Outcomes<>();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE);
            assertEquals(StatusWriter.Submission.QUEUED, writer.write(url, md, status, outcomes.callbackFor(url)));
        }
        return outcomes.await(1).get(0);
    }

    private static Map<String, Object> stored(TestOpenSearch os, String url) {
        return os.statusDocument(UrlId.of(url));
    }

    @Test
    void discoveredOverFetchedLeavesItFetchedAndFetchedOverwrites(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        String url = "https://example.org/page";

        assertTrue(writeAndWait(config, os, url, new Metadata().set("depth", "1"), Status.DISCOVERED).succeeded());
        assertEquals("DISCOVERED", stored(os, url).get("status"));

        assertTrue(writeAndWait(config, os, url, new Metadata().set("depth", "1"), Status.FETCHED).succeeded());
        Map<String, Object> fetched = stored(os, url);
        assertEquals("FETCHED", fetched.get("status"));
        Instant next = Instant.parse((String) fetched.get("nextFetchDate"));
        assertTrue(next.isAfter(Instant.now().plusSeconds(1439 * 60)), "FETCHED is due after fetchInterval.default");

        Outcomes.Outcome<String> again = writeAndWait(config, os, url, new Metadata(), Status.DISCOVERED);
        assertTrue(again.succeeded());
        assertTrue(again.alreadyExisted(), "a 409 on a create-only write is 'already known'");
        assertEquals("FETCHED", stored(os, url).get("status"));
        assertEquals(next.toString(), Instant.parse((String) stored(os, url).get("nextFetchDate")).toString());
    }

    @Test
    void everyMetadataKeySquallWritesFitsTheStatusMappingEvenAVeryLongOne(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        String url = "https://example.org/big-page";
        // A page cut at the content limit, and an error message longer than a keyword term may be: one key
        // that is both a value and the prefix of another ("a.b" and "a.b.c") would make OpenSearch refuse
        // the whole document, as would a term over 32 KB.
        Metadata md = new Metadata().set(MetadataKeys.DEPTH, "2").set(MetadataKeys.URL_PATH, "https://example.org/")
                .set(MetadataKeys.HTTP_TRIMMED, "true").set(MetadataKeys.HTTP_TRIMMED_REASON, "content.limit 1048576")
                .set(MetadataKeys.FETCH_STATUS_CODE, "200").set(MetadataKeys.FETCH_ERROR_COUNT, "1")
                .set(MetadataKeys.ERROR_CAUSE, "parse").set(MetadataKeys.ERROR_MESSAGE, "x".repeat(40_000))
                .set(MetadataKeys.SITEMAP_LASTMOD, "2026-01-01").set(MetadataKeys.SITEMAP_TRUNCATED, "true")
                .set(MetadataKeys.ADAPTIVE_INTERVAL, "60").set(MetadataKeys.ADAPTIVE_SIGNATURE, "abc");

        Outcomes.Outcome<String> written = writeAndWait(config, os, url, md, Status.FETCHED);

        assertTrue(written.succeeded(), written.toString());
        Metadata stored = TestOpenSearch.metadataOf(stored(os, url));
        assertEquals("content.limit 1048576", stored.getFirst(MetadataKeys.HTTP_TRIMMED_REASON));
        assertEquals(40_000, stored.getFirst(MetadataKeys.ERROR_MESSAGE).length(), "kept in the source, not indexed");
    }

    @Test
    void theThirdFetchErrorInARowIsStoredAsErrorAndSuccessClearsTheCount(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config(Map.of("max.fetch.errors", 3));
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        String url = "https://example.org/flaky";

        Metadata md = new Metadata();
        for (int attempt = 1; attempt <= 2; attempt++) {
            assertTrue(writeAndWait(config, os, url, md, Status.FETCH_ERROR).succeeded());
            Map<String, Object> doc = stored(os, url);
            assertEquals("FETCH_ERROR", doc.get("status"));
            md = TestOpenSearch.metadataOf(doc); // what the spout would emit next time
            assertEquals(attempt, md.getInt(MetadataKeys.FETCH_ERROR_COUNT, 0));
        }
        Metadata afterTwo = md;
        assertTrue(writeAndWait(config, os, url, md, Status.FETCH_ERROR).succeeded());
        Map<String, Object> error = stored(os, url);
        assertEquals("ERROR", error.get("status"));
        assertNull(error.get("nextFetchDate"), "fetchInterval.error -1: never due again");

        assertTrue(writeAndWait(config, os, url, afterTwo, Status.FETCHED).succeeded());
        assertFalse(TestOpenSearch.metadataOf(stored(os, url)).containsKey(MetadataKeys.FETCH_ERROR_COUNT));
    }

    @Test
    void theAddressGuardsRefusalsStayFetchErrorDueAgainHoweverMany(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config(Map.of("max.fetch.errors", 3));
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        String url = "http://10.1.2.3/intranet";

        Metadata md = new Metadata().set(MetadataKeys.FETCH_ERROR_COUNT, "1");
        for (int attempt = 1; attempt <= 5; attempt++) {
            md.set(MetadataKeys.ERROR_CAUSE, "address.guard");
            assertTrue(writeAndWait(config, os, url, md, Status.FETCH_ERROR).succeeded());
            Map<String, Object> doc = stored(os, url);
            assertEquals("FETCH_ERROR", doc.get("status"), "refusal " + attempt + ": the allow-list may change");
            assertNotNull(doc.get("nextFetchDate"), "due again after fetchInterval.fetch.error");
            md = TestOpenSearch.metadataOf(doc);
            assertEquals(1, md.getInt(MetadataKeys.FETCH_ERROR_COUNT, 0), "the server's failures are not added to");
        }
    }

    @Test
    void transientAndExcludedMetadataIsNotStoredAndTheKeyFromDiscoveryIsKept(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        String url = "https://www.example.org/a";
        Metadata md = new Metadata().set(MetadataKeys.PARTITION_KEY, "kept-key").set(MetadataKeys.REDIRECT_TO,
                "https://elsewhere/").set("depth", "2").set(MetadataKeys.PARSE_TITLE, "A page")
                .set("protocol.content-type", "text/html");
        assertTrue(writeAndWait(config, os, url, md, Status.REDIRECTION).succeeded());
        Map<String, Object> doc = stored(os, url);
        assertEquals("kept-key", doc.get("key"));
        Metadata storedMd = TestOpenSearch.metadataOf(doc);
        assertEquals(List.of("2"), storedMd.getValues("depth"));
        assertFalse(storedMd.containsKey(MetadataKeys.PARTITION_KEY));
        assertFalse(storedMd.containsKey(MetadataKeys.REDIRECT_TO));
        assertFalse(storedMd.containsKey(MetadataKeys.PARSE_TITLE), "parse results belong to the content index");
        assertFalse(storedMd.containsKey("protocol.content-type"), "response headers are not stored");

        assertTrue(writeAndWait(config, os, "https://www.example.org/b", new Metadata(), Status.DISCOVERED).succeeded());
        assertEquals("www.example.org", stored(os, "https://www.example.org/b").get("key"));
        assertNotNull(TestOpenSearch.metadataOf(stored(os, "https://www.example.org/b"))
                .getFirst(MetadataKeys.DISCOVERY_DATE));
    }

    @Test
    void aRecentlyWrittenDiscoveredUrlIsSkippedWithoutARoundTrip(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        Outcomes<String> outcomes = new Outcomes<>();
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted);
            String url = "https://example.org/known";
            assertEquals(StatusWriter.Submission.QUEUED, writer.write(url, null, Status.DISCOVERED,
                    outcomes.callbackFor(url)));
            bulk.flush();
            outcomes.await(1);
            assertEquals(StatusWriter.Submission.ALREADY_KNOWN, writer.write(url, null, Status.DISCOVERED,
                    outcomes.callbackFor(url)));
            assertEquals(0, bulk.buffered());
            assertEquals(1, counted.get("status.written.DISCOVERED"));
            assertEquals(1, counted.get("status.known"));
        }
    }

    @Test
    void aUrlRediscoveredWhileItsCreateIsPendingSharesItsAnswerInsteadOfWritingAgain(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        Outcomes<Integer> outcomes = new Outcomes<>();
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted);
            String url = "https://example.org/popular";
            for (int i = 0; i < 3; i++) {
                assertEquals(StatusWriter.Submission.QUEUED, writer.write(url, null, Status.DISCOVERED,
                        outcomes.callbackFor(i)));
            }
            assertTrue(bulk.buffered() <= 1, "one create at most waits: the repeats joined it");
            outcomes.await(3);
            assertEquals(3, outcomes.successes());
            assertEquals(1, counted.get("status.written.DISCOVERED"));
            assertEquals(2, counted.get("status.known"));
        }
    }

    @Test
    void withTheIndexClosedEveryUpdateFailsAndNoneSucceeds(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        os.client().indices().close(c -> c.index(os.indexName(SquallIndex.STATUS)));
        Outcomes<String> outcomes = new Outcomes<>();
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted);
            for (int i = 0; i < 10; i++) {
                String url = "https://example.org/" + i;
                writer.write(url, null, i % 2 == 0 ? Status.DISCOVERED : Status.FETCHED, outcomes.callbackFor(url));
            }
        }
        outcomes.await(10);
        assertEquals(0, outcomes.successes());
        assertEquals(10, outcomes.failures());
        assertTrue(outcomes.seen().get(0).failure().contains("closed"), outcomes.seen().get(0).failure());
        assertEquals(10, counted.get("status.failed"));
        assertEquals(0, counted.sumOf("status.written."));
    }

    @Test
    void aDocumentOpenSearchRefusesFailsAloneAndIsParkedAsErrorAfterItsRefusals(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        // A user's mapping that Squall's metadata does not fit: every write of that page is refused for good.
        os.client().indices().putMapping(m -> m.index(os.indexName(SquallIndex.STATUS))
                .properties("metadata", p -> p.object(o -> o.properties("price", v -> v.long_(l -> l)))));
        String refused = "https://example.org/priced";
        String fine = "https://example.org/plain";
        Metadata priced = new Metadata().set("price", "cheap").set(MetadataKeys.DEPTH, "1");
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted);
            for (int attempt = 1; attempt <= 3; attempt++) {
                Outcomes<String> outcomes = new Outcomes<>();
                writer.write(refused, priced, Status.FETCHED, outcomes.callbackFor(refused));
                writer.write(fine, new Metadata(), Status.FETCHED, outcomes.callbackFor(fine));
                Map<String, String> failures = new java.util.HashMap<>();
                outcomes.await(2).forEach(o -> failures.put(o.handle(), o.failure()));
                assertNull(failures.get(fine), "the other document of the bulk is written");
                assertNotNull(failures.get(refused), "attempt " + attempt + " is refused");
                assertTrue(failures.get(refused).contains("400"), failures.get(refused));
            }
            assertNull(os.statusDocument(UrlId.of(refused)), "nothing stored yet");

            Outcomes<String> parked = new Outcomes<>();
            writer.write(refused, priced, Status.FETCHED, parked.callbackFor(refused));
            assertTrue(parked.await(1).get(0).succeeded(), "the fourth write parks the URL");
        }
        Map<String, Object> doc = stored(os, refused);
        assertEquals("ERROR", doc.get("status"));
        Metadata md = TestOpenSearch.metadataOf(doc);
        assertEquals("status.refused", md.getFirst(MetadataKeys.ERROR_CAUSE));
        assertTrue(md.getFirst(MetadataKeys.ERROR_MESSAGE).contains("3 times")
                && md.getFirst(MetadataKeys.ERROR_MESSAGE).contains("parsing"), md.getFirst(MetadataKeys.ERROR_MESSAGE));
        assertNull(md.getFirst("price"), "none of the refused metadata");
        assertEquals(3, counted.get("status.refused"));
    }

    @Test
    void anErrorDeletesThePageFromTheContentIndex(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        os.createIndices(Map.of());
        String url = "https://example.org/gone";
        os.client().index(i -> i.index(os.indexName(SquallIndex.CONTENT)).id(UrlId.of(url))
                .document(Map.of("url", url)));
        assertEquals(1, os.count(SquallIndex.CONTENT));
        assertTrue(writeAndWait(config, os, url, new Metadata(), Status.ERROR).succeeded());
        assertEquals("ERROR", stored(os, url).get("status"));
        assertEquals(0, os.count(SquallIndex.CONTENT));
        // a page that was never indexed: the deletion finds nothing, which is fine
        assertTrue(writeAndWait(config, os, "https://example.org/never", new Metadata(), Status.ERROR).succeeded());
    }

    /**
     * Numeric metadata is stored as strings and indexed as numbers, so that it can be summed and averaged;
     * a value that is no number leaves its document stored; errors are counted by cause.
     */
    @Test
    void numericMetadataSumsAMalformedValueIsToleratedAndErrorsAreCountedByCause(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        Outcomes<String> outcomes = new Outcomes<>();
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted);
            writer.write("https://example.org/a", new Metadata().set(MetadataKeys.FETCH_BYTE_LENGTH, "1000")
                    .set(MetadataKeys.FETCH_STATUS_CODE, "200"), Status.FETCHED, outcomes.callbackFor("a"));
            writer.write("https://example.org/b", new Metadata().set(MetadataKeys.FETCH_BYTE_LENGTH, "3000")
                    .set(MetadataKeys.FETCH_LOADING_TIME, "slow").set(MetadataKeys.FETCH_STATUS_CODE, "500")
                    .set(MetadataKeys.ERROR_CAUSE, "http.500"), Status.FETCH_ERROR, outcomes.callbackFor("b"));
            writer.write("https://example.org/c", new Metadata(), Status.ERROR, outcomes.callbackFor("c"));
        }
        assertEquals(3, outcomes.await(3).stream().filter(Outcomes.Outcome::succeeded).count());
        os.refresh(SquallIndex.STATUS);
        var aggs = os.client().search(s -> s.index(os.indexName(SquallIndex.STATUS)).size(0)
                .aggregations("bytes", a -> a.sum(m -> m.field("metadata.fetch.byteLength")))
                .aggregations("codes", a -> a.avg(m -> m.field("metadata.fetch.statusCode"))), Void.class).aggregations();
        assertEquals(4000.0, aggs.get("bytes").sum().value());
        assertEquals(350.0, aggs.get("codes").avg().value());
        assertEquals("slow", TestOpenSearch.metadataOf(stored(os, "https://example.org/b"))
                .getFirst(MetadataKeys.FETCH_LOADING_TIME), "kept in the document, though not indexed");
        assertEquals(1, counted.get("status.errors.http.500"));
        assertEquals(1, counted.get("status.errors.unknown"));
        assertEquals(2, counted.sumOf("status.errors."));
    }
}
