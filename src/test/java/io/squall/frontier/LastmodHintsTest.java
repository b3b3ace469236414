package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.api.Status;
import io.squall.core.UrlId;
import io.squall.freshness.ChangeHistory;
import io.squall.freshness.ChangeTracker;
import io.squall.metrics.CounterTally;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
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
 * A sitemap's lastmod (or a feed's date) for a URL the status index knows: the decision alone, then through the
 * status writer against a real status index (the create answered "already exists", and the writer's cache of
 * known URLs), and what the next fetch makes of the date.
 */
@ExtendWith(OpenSearchExtension.class)
class LastmodHintsTest {
    private static final Instant T0 = Instant.parse("2026-11-27T00:00:00Z");

    private static LastmodHints.Known fetched(Instant last, Instant next) {
        return new LastmodHints.Known("FETCHED", last, next, 0, null, Duration.ZERO);
    }

    @Test
    void aDateAfterTheLastFetchMakesAPageDueUnlessItIsDueAlreadyOrItsDatesProvedFalse() {
        Instant now = T0.plus(Duration.ofHours(2));
        Instant next = T0.plus(Duration.ofDays(1));
        Instant after = T0.plus(Duration.ofHours(1));
        assertEquals(LastmodHints.Decision.DUE, LastmodHints.decide(fetched(T0, next), after, now, 2));
        assertEquals(LastmodHints.Decision.NOT_NEWER, LastmodHints.decide(fetched(T0, next), T0, now, 2),
                "a lastmod at the last fetch changes nothing");
        assertEquals(LastmodHints.Decision.NOT_NEWER, LastmodHints.decide(fetched(T0, next), T0.minusSeconds(1), now, 2));
        assertEquals(LastmodHints.Decision.ALREADY_DUE, LastmodHints.decide(fetched(T0, now.minusSeconds(1)), after,
                now, 2));
        assertEquals(LastmodHints.Decision.NEVER, LastmodHints.decide(fetched(T0, null), after, now, 2));
        assertEquals(LastmodHints.Decision.NOT_FETCHED, LastmodHints.decide(
                new LastmodHints.Known("DISCOVERED", null, T0, 0, null, Duration.ZERO), after, now, 2));
        assertEquals(LastmodHints.Decision.NOT_FETCHED, LastmodHints.decide(
                new LastmodHints.Known("FETCH_ERROR", T0, next, 0, null, Duration.ZERO), after, now, 2));
        assertEquals(LastmodHints.Decision.SEEN, LastmodHints.decide(
                new LastmodHints.Known("FETCHED", T0, next, 0, after, Duration.ZERO), after, now, 2),
                "the same date kept already");
        assertEquals(LastmodHints.Decision.DUE, LastmodHints.decide(
                new LastmodHints.Known("FETCHED", T0, next, 1, after.minusSeconds(60), Duration.ZERO), after, now, 2));
        assertEquals(LastmodHints.Decision.DISTRUSTED, LastmodHints.decide(
                new LastmodHints.Known("FETCHED", T0, next, 2, null, Duration.ZERO), after, now, 2));
        assertEquals(LastmodHints.Decision.DUE, LastmodHints.decide(
                new LastmodHints.Known("FETCHED", T0, next, 9, null, Duration.ZERO), after, now, 0),
                "0: dates always followed");
    }

    @Test
    void theDocumentIsReadAsTheStatusWriterStoresIt() {
        Map<String, Object> source = Map.of("status", "FETCHED", "nextFetchDate", "2026-11-28T00:00:00Z",
                "lastProcessedDate", "2026-11-27T00:00:05Z", "metadata", Map.of(
                        ChangeHistory.LAST, List.of("2026-11-27T00:00:00Z"),
                        MetadataKeys.SITEMAP_LASTMOD, List.of("2026-11-26T00:00:00Z"),
                        MetadataKeys.FEED_UPDATED, List.of("2026-11-26T12:00:00Z"),
                        ChangeTracker.LASTMOD_MISSES, List.of("1")));
        LastmodHints.Known known = LastmodHints.known(source, T0);
        assertEquals(new LastmodHints.Known("FETCHED", T0, Instant.parse("2026-11-28T00:00:00Z"), 1,
                Instant.parse("2026-11-26T12:00:00Z"), Duration.ZERO), known, "no lead: another scheduler's page");
        LastmodHints.Known withoutHistory = LastmodHints.known(Map.of("status", "FETCHED",
                "lastProcessedDate", "2026-11-27T00:00:05Z"), T0);
        assertEquals(Instant.parse("2026-11-27T00:00:05Z"), withoutHistory.lastFetch(), "else its last write");
        assertEquals(Duration.ofSeconds(90), LastmodHints.known(Map.of("status", "FETCHED", "metadata",
                Map.of(FreshnessScheduler.KNOWN_CHANGE_LEAD, List.of("90"))), T0).lead());
        assertEquals(LastmodHints.NEVER, LastmodHints.known(Map.of("status", "FETCHED", "metadata",
                Map.of(FreshnessScheduler.KNOWN_CHANGE_LEAD, List.of("never"))), T0).lead());
    }

    @Test
    void aDatedChangeIsNotChasedWhereTheFreshnessPlanSaysAFetchNowWouldNotPay() {
        Instant now = T0.plus(Duration.ofHours(2));
        Instant after = T0.plus(Duration.ofHours(1));
        Instant inTenMinutes = now.plus(Duration.ofMinutes(10));
        assertEquals(LastmodHints.Decision.NOT_WORTH, LastmodHints.decide(new LastmodHints.Known("FETCHED", T0,
                inTenMinutes, 0, null, LastmodHints.NEVER), after, now, 2), "a page too fast for its host's budget");
        assertEquals(LastmodHints.Decision.NOT_WORTH, LastmodHints.decide(new LastmodHints.Known("FETCHED", T0,
                inTenMinutes, 0, null, Duration.ofMinutes(11)), after, now, 2), "its planned fetch is near enough");
        assertEquals(LastmodHints.Decision.DUE, LastmodHints.decide(new LastmodHints.Known("FETCHED", T0,
                inTenMinutes, 0, null, Duration.ofMinutes(10)), after, now, 2));
        assertTrue(LastmodHints.Decision.NOT_WORTH.keepsDate && !LastmodHints.Decision.NOT_WORTH.makesDue,
                "the date waits for the planned fetch, which dates the change it finds");
    }

    @Test
    void theNextFetchTakesTheDateAsTheDateOfTheChangeItFindsAndCountsADateThatFoundNoChange() {
        ChangeTracker tracker = new ChangeTracker(new io.squall.freshness.ChangeDetector(3));
        Instant lastmod = T0.plus(Duration.ofMinutes(30));
        Instant now = T0.plus(Duration.ofHours(1));
        Metadata changed = new Metadata().set(ChangeHistory.LAST, T0.toString()).set(ChangeHistory.CONTENT, "a")
                .set(ChangeHistory.EXPOSURE, "0").set(ChangeHistory.UNDATED, "0").set(ChangeHistory.OBSERVATIONS, "0")
                .set(MetadataKeys.SITEMAP_LASTMOD, lastmod.toString()).set(MetadataKeys.DIGEST, "b")
                .set(ChangeTracker.LASTMOD_MISSES, "1");
        tracker.fetched(changed, now);
        ChangeHistory history = ChangeHistory.of(changed);
        assertEquals(1, history.changes());
        assertEquals(1800, history.exposureSeconds(), 1e-6, "unchanged from the lastmod to the fetch");
        assertEquals(0, history.undatedChanges(), 1e-9, "a dated change");
        assertNull(changed.getFirst(ChangeTracker.LASTMOD_MISSES), "a date a change confirms clears the misses");

        Metadata unchanged = new Metadata().set(ChangeHistory.LAST, T0.toString()).set(ChangeHistory.CONTENT, "a")
                .set(ChangeHistory.EXPOSURE, "0").set(ChangeHistory.UNDATED, "0").set(ChangeHistory.OBSERVATIONS, "0")
                .set(MetadataKeys.FEED_UPDATED, lastmod.toString()).set(MetadataKeys.DIGEST, "a");
        tracker.fetched(unchanged, now);
        assertEquals("1", unchanged.getFirst(ChangeTracker.LASTMOD_MISSES));
        assertEquals(1, ChangeHistory.of(unchanged).undatedChanges(), 1e-9, "a date that moved on unchanged content");

        Metadata old = new Metadata().set(ChangeHistory.LAST, T0.toString()).set(ChangeHistory.CONTENT, "a")
                .set(MetadataKeys.SITEMAP_LASTMOD, T0.minusSeconds(60).toString()).set(MetadataKeys.DIGEST, "a");
        tracker.fetched(old, now);
        assertNull(old.getFirst(ChangeTracker.LASTMOD_MISSES), "a date before the last fetch says nothing");
        assertNull(ChangeTracker.hintOf(new Metadata().set(MetadataKeys.SITEMAP_LASTMOD, "2030-01-01T00:00:00Z"), now),
                "a date in the future is not believed");
    }

    private static BulkWriter statusBulk(TestOpenSearch os, CrawlerConfig config) {
        return new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"), "test");
    }

    private static void fetched(StatusWriter writer, String url, String digest) throws InterruptedException {
        Outcomes<String> outcomes = new Outcomes<>();
        writer.write(url, new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "200").set(MetadataKeys.DIGEST, digest),
                Status.FETCHED, outcomes.callbackFor(url));
        assertTrue(outcomes.await(1).get(0).succeeded());
    }

    private static Discovered listed(String url, Instant lastmod) {
        return new Discovered(url, new Metadata().set(MetadataKeys.SITEMAP_LASTMOD, lastmod.toString())
                .set(MetadataKeys.DEPTH, "1"));
    }

    /** The sitemap's own outcome and its entries, through the status writer; true when it all succeeded. */
    private static boolean sitemapRead(StatusWriter writer, List<Discovered> entries) throws InterruptedException {
        Outcomes<String> outcomes = new Outcomes<>();
        writer.write("https://example.org/sitemap.xml", new Metadata().set(MetadataKeys.IS_SITEMAP, "true")
                .set(MetadataKeys.FETCH_STATUS_CODE, "200"), Status.FETCHED, entries, outcomes.callbackFor("sitemap"));
        Outcomes.Outcome<String> outcome = outcomes.await(1).get(0);
        return outcome.succeeded();
    }

    private static Map<String, Object> doc(TestOpenSearch os, String url) {
        return os.statusDocument(UrlId.of(url));
    }

    @Test
    void aPageWhoseSchedulerSaysADatedChangeIsNotWorthAFetchKeepsTheDateForItsPlannedFetch(TestOpenSearch os)
            throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        ManualClock clock = new ManualClock(T0);
        String ticker = "https://example.org/live/ticker";
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, new CounterTally(), clock);
            Outcomes<String> outcomes = new Outcomes<>();
            // As the freshness scheduler stores it for a page that changes too fast for its host's budget.
            writer.write(ticker, new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "200")
                    .set(MetadataKeys.DIGEST, "t1").set(FreshnessScheduler.KNOWN_CHANGE_LEAD, FreshnessScheduler.NEVER), Status.FETCHED,
                    outcomes.callbackFor(ticker));
            assertTrue(outcomes.await(1).get(0).succeeded());
        }
        Instant planned = Instant.parse((String) doc(os, ticker).get("nextFetchDate"));

        clock.advance(Duration.ofMinutes(2));
        Instant changedAt = T0.plus(Duration.ofMinutes(1));
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted, clock);
            assertTrue(sitemapRead(writer, List.of(listed(ticker, changedAt))));
        }
        Map<String, Object> kept = doc(os, ticker);
        assertEquals(planned, Instant.parse((String) kept.get("nextFetchDate")),
                "not made due: its planned fetch stays");
        assertEquals(changedAt.toString(), TestOpenSearch.metadataOf(kept).getFirst(MetadataKeys.SITEMAP_LASTMOD),
                "the date is kept for the planned fetch to date the change it finds");
        assertEquals(1, counted.get("status.lastmod.not-worth"));
        assertEquals(0, counted.get("status.lastmod.due"));
    }

    @Test
    void aKnownFetchedPageWhoseLastmodIsNewerBecomesDueNowAnOlderOneChangesNothingAndNewUrlsAreCreatedOnce(
            TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        ManualClock clock = new ManualClock(T0);
        String changed = "https://example.org/changed";
        String old = "https://example.org/old";
        String fresh = "https://example.org/new";
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, new CounterTally(), clock);
            fetched(writer, changed, "c1");
            fetched(writer, old, "o1");
        }
        Instant plannedChanged = Instant.parse((String) doc(os, changed).get("nextFetchDate"));
        Instant plannedOld = Instant.parse((String) doc(os, old).get("nextFetchDate"));
        assertEquals(T0.plus(Duration.ofDays(1)), plannedChanged, "fetchInterval.default");

        clock.advance(Duration.ofHours(2));
        Instant later = T0.plus(Duration.ofHours(1));
        CounterTally counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            // A writer that does not know them: each create is answered "already exists", then checked.
            StatusWriter writer = new StatusWriter(config, bulk, counted, clock);
            assertTrue(sitemapRead(writer, List.of(listed(changed, later), listed(old, T0.minusSeconds(3600)),
                    listed(fresh, later))));
            Map<String, Object> due = doc(os, changed);
            assertEquals(clock.instant(), Instant.parse((String) due.get("nextFetchDate")), "due now");
            assertEquals("FETCHED", due.get("status"));
            assertEquals(later.toString(), TestOpenSearch.metadataOf(due).getFirst(MetadataKeys.SITEMAP_LASTMOD));
            assertEquals("c1", TestOpenSearch.metadataOf(due).getFirst(ChangeHistory.CONTENT),
                    "the rest of the document is kept");
            assertEquals(plannedOld, Instant.parse((String) doc(os, old).get("nextFetchDate")),
                    "a lastmod before the last fetch changes nothing");
            assertNull(TestOpenSearch.metadataOf(doc(os, old)).getFirst(MetadataKeys.SITEMAP_LASTMOD));
            assertEquals("DISCOVERED", doc(os, fresh).get("status"));
            assertEquals(1, counted.get("status.written.DISCOVERED"));
            assertEquals(1, counted.get("status.lastmod.due"));
            assertEquals(1, counted.get("status.lastmod.not-newer"));

            // Read again with the same dates: nothing to ask, nothing to write.
            assertTrue(sitemapRead(writer, List.of(listed(changed, later), listed(old, T0.minusSeconds(3600)),
                    listed(fresh, later))));
            assertEquals(1, counted.get("status.written.DISCOVERED"), "a new URL is created once");
            assertEquals(1, counted.get("status.lastmod.due"));
            assertEquals(1, counted.get("status.lastmod.not-newer"));
            assertEquals(2 + 3, counted.get("status.known"), "two known at the first read, three at the second");
        }

        // Another writer (a restart: an empty cache) reads the same sitemap before the page is re-fetched: the
        // date kept in the document (read by the mget with the page's history) is seen, nothing written.
        CounterTally restarted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, restarted, clock);
            assertTrue(sitemapRead(writer, List.of(listed(changed, later), listed(old, T0.minusSeconds(3600)))));
            writer.drain();
        }
        assertEquals(1, restarted.get("status.lastmod.seen"), "the date it holds already");
        assertEquals(1, restarted.get("status.lastmod.not-newer"), "its last fetch, from its change history");

        // The page is re-fetched (the spout hands it out: it is due) and found changed: the lastmod dates it.
        clock.advance(Duration.ofMinutes(10));
        Metadata stored = TestOpenSearch.metadataOf(doc(os, changed));
        stored.set(MetadataKeys.FETCH_STATUS_CODE, "200").set(MetadataKeys.DIGEST, "c2");
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, new CounterTally(), clock);
            Outcomes<String> outcomes = new Outcomes<>();
            writer.write(changed, stored, Status.FETCHED, outcomes.callbackFor(changed));
            assertTrue(outcomes.await(1).get(0).succeeded());
        }
        Metadata refetched = TestOpenSearch.metadataOf(doc(os, changed));
        assertEquals("changed", refetched.getFirst(ChangeHistory.OBSERVED));
        ChangeHistory history = ChangeHistory.of(refetched);
        assertEquals(Duration.ofMinutes(70).toSeconds(), history.exposureSeconds(), 1e-6,
                "unchanged from the lastmod to the fetch that found the change");
        assertEquals(1, history.undatedChanges(), 1e-9,
                "the change is dated: only the first fetch, which had no date, counts as undated");

        // Known to this writer's cache now: a newer lastmod is checked without a create, and made due again.
        clock.advance(Duration.ofMinutes(10));
        counted = new CounterTally();
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, counted, clock);
            fetched(writer, old, "o1");
            Instant fetchedOld = clock.instant();
            clock.advance(Duration.ofMinutes(5));
            assertTrue(sitemapRead(writer, List.of(listed(old, fetchedOld.plusSeconds(60)))));
            assertEquals(0, counted.get("status.written.DISCOVERED"));
            assertEquals(1, counted.get("status.lastmod.due"));
            assertEquals(clock.instant(), Instant.parse((String) doc(os, old).get("nextFetchDate")));
            writer.drain();
        }
    }

    @Test
    void aConditionalUpdateOfADocumentThatMovedOnSinceItWasReadLeavesIt(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        String index = os.indexName(SquallIndex.STATUS);
        os.client().index(i -> i.index(index).id("doc").document(Map.of("status", "FETCHED", "nextFetchDate",
                "2026-12-01T00:00:00Z")));
        var read = os.client().get(g -> g.index(index).id("doc"), Map.class);
        // The page's fetch is written meanwhile.
        os.client().index(i -> i.index(index).id("doc").document(Map.of("status", "FETCHED", "nextFetchDate",
                "2026-12-02T00:00:00Z")));
        Outcomes<String> outcomes = new Outcomes<>();
        try (BulkWriter bulk = statusBulk(os, config)) {
            bulk.update(index, "doc", null, Map.of("nextFetchDate", "2026-11-27T00:00:00Z"), read.seqNo(),
                    read.primaryTerm(), false, outcomes.callbackFor("stale"));
            bulk.update(index, "gone", null, Map.of("nextFetchDate", "2026-11-27T00:00:00Z"), 0L, 1L, false,
                    outcomes.callbackFor("gone"));
        }
        for (Outcomes.Outcome<String> outcome : outcomes.await(2)) {
            assertTrue(outcome.succeeded() && outcome.alreadyExisted(), outcome.toString());
        }
        assertEquals("2026-12-02T00:00:00Z", os.statusDocument("doc").get("nextFetchDate"), "left as it moved on");
        assertNull(os.statusDocument("gone"));
    }

    @Test
    void withoutTheSettingKnownUrlsKeepTheirSchedule(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config(Map.of("lastmod.refresh", false));
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, null);
        ManualClock clock = new ManualClock(T0);
        String url = "https://example.org/page";
        try (BulkWriter bulk = statusBulk(os, config)) {
            StatusWriter writer = new StatusWriter(config, bulk, new CounterTally(), clock);
            fetched(writer, url, "p1");
            clock.advance(Duration.ofHours(2));
            assertTrue(sitemapRead(writer, List.of(listed(url, T0.plusSeconds(60)))));
        }
        assertEquals(T0.plus(Duration.ofDays(1)), Instant.parse((String) doc(os, url).get("nextFetchDate")));
    }
}
