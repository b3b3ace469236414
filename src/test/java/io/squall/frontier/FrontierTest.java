package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.OpenSearchProxy;
import io.squall.testsupport.TestOpenSearch;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class FrontierTest {
    private static final String ROOT = "http://site.example/";

    /**
     * Short search delays, and a periodic search while nothing is due far beyond any test's patience: what
     * a test finds after nothing was due, it finds because an ack, a fail, a wake-up or a due date said so.
     */
    private static Map<String, Object> fastSettings(Map<String, Object> more) {
        Map<String, Object> settings = new HashMap<>(Map.of("spout.min.delay.queries", 20, "spout.max.delay.queries", 200,
                "spout.max.delay.idle", 600_000));
        settings.putAll(more);
        return settings;
    }

    /** Writes {@code perHost} due URLs on each of {@code hosts} hosts (plus one future URL per host), returns the due ones. */
    private static Set<String> writeDue(TestOpenSearch os, int hosts, int perHost, Set<String> future) {
        StatusDocs docs = new StatusDocs(os.client(), os.indexName(SquallIndex.STATUS));
        Instant now = Instant.now();
        Set<String> due = new HashSet<>();
        for (int h = 0; h < hosts; h++) {
            for (int i = 0; i < perHost; i++) {
                String url = "http://host" + h + ".example/page" + i;
                docs.add(url, "DISCOVERED", now.minusSeconds(3_600 - i), Map.of("depth", List.of("1")));
                due.add(url);
            }
            String later = "http://host" + h + ".example/later";
            docs.add(later, "FETCHED", now.plus(Duration.ofDays(1)), Map.of());
            future.add(later);
        }
        docs.write();
        return due;
    }

    /** Creates the indices and returns a writer of status documents. */
    private static StatusDocs emptyIndices(TestOpenSearch os) {
        os.createIndices(Map.of());
        return new StatusDocs(os.client(), os.indexName(SquallIndex.STATUS));
    }

    /** Writes {@code n} due URLs of one host, a second apart from a minute ago, oldest first; returns them. */
    private static List<String> oneHostDue(StatusDocs docs, int n) {
        Instant before = Instant.now().minusSeconds(60);
        List<String> due = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String url = String.format("http://one.example/%02d", i);
            docs.add(url, "DISCOVERED", before.plusSeconds(i), Map.of());
            due.add(url);
        }
        docs.write();
        return due;
    }

    /** A status index with this refresh interval and one due URL, {@link #ROOT}; returns a writer of documents. */
    private static StatusDocs oneDueRoot(TestOpenSearch os, String refreshInterval) throws IOException {
        StatusDocs docs = emptyIndices(os);
        os.client().indices().putSettings(s -> s.index(os.indexName(SquallIndex.STATUS))
                .settings(i -> i.refreshInterval(t -> t.time(refreshInterval))));
        docs.add(ROOT, "DISCOVERED", Instant.now().minusSeconds(1), Map.of()).write();
        return docs;
    }

    /** Polls until the predicate holds on what was emitted, or the deadline; returns what was emitted. */
    private static List<Frontier.Emission> pollUntil(Frontier frontier, Duration limit,
                                                     Predicate<List<Frontier.Emission>> done) throws InterruptedException {
        List<Frontier.Emission> emitted = new ArrayList<>();
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.test(emitted) && System.nanoTime() < deadline) {
            Frontier.Emission e = frontier.next();
            if (e == null) {
                Thread.sleep(2);
            } else {
                emitted.add(e);
            }
        }
        return emitted;
    }

    @Test
    void aBudgetIsNeverExceededAndAFailedUrlIsNeitherChargedTwiceNorHandedOutAgain(TestOpenSearch os)
            throws Exception {
        os.createIndices(Map.of());
        Set<String> due = writeDue(os, 5, 20, new HashSet<>());
        CrawlerConfig config = os.config(fastSettings(Map.of("spout.max.urls", 7, "spout.ttl.purgatory", 1)));
        try (Frontier first = Frontier.open(config, 0, 1)) {
            List<Frontier.Emission> emitted = pollUntil(first, Duration.ofSeconds(30), e -> e.size() >= 7);
            assertEquals(7, emitted.size());
            assertEquals(7, first.budgetUsed());
            // One fails (say its fetcher's queue was full), the others are acked (their index documents unchanged,
            // so they look due again once out of the purgatory): none may come back, and nothing else either.
            first.failed(emitted.get(0).url());
            emitted.subList(1, 7).forEach(e -> first.acked(e.url()));
            List<Frontier.Emission> more = pollUntil(first, Duration.ofMillis(2_500), e -> false);
            assertEquals(List.of(), more, "the budget is spent: nothing more, not even the failed URL");
            assertEquals(7, first.budgetUsed(), "the failed URL was charged once");
            assertEquals(1, first.setAside(), "the failed URL is left due for the next run");
            assertEquals(0, first.inFlight());
        }
        try (Frontier unlimited = Frontier.open(os.config(fastSettings(Map.of())), 0, 1)) {
            assertFalse(unlimited.hasBudget());
            assertEquals(due.size(), pollUntil(unlimited, Duration.ofSeconds(30), e -> e.size() >= due.size()).size());
        }
    }

    @Test
    void emitsEachDueUrlOnceWhileNoneIsAckedAtMostABucketPerHostPerSearchAndNothingFromTheFuture(TestOpenSearch os)
            throws Exception {
        os.createIndices(Map.of());
        Set<String> future = new HashSet<>();
        Set<String> due = writeDue(os, 100, 100, future);
        // nothing is acked here: the pending bound and the hosts' quotas must hold every URL
        CrawlerConfig config = os.config(fastSettings(Map.of(
                "topology.max.spout.pending", 20_000,
                "opensearch.status.max.urls.per.bucket", 20,
                "spout.host.min.urls", 100)));
        try (Frontier frontier = Frontier.open(config, 0, 1)) {
            List<Frontier.Emission> emitted = pollUntil(frontier, Duration.ofSeconds(60), e -> e.size() >= due.size());
            // keep asking a while longer: nothing more may come out while nothing is acked
            emitted.addAll(pollUntil(frontier, Duration.ofMillis(1_000), e -> false));

            Set<String> urls = new HashSet<>();
            Map<String, Integer> perSearchAndHost = new HashMap<>();
            for (Frontier.Emission e : emitted) {
                assertTrue(urls.add(e.url()), "emitted twice: " + e.url());
                assertFalse(future.contains(e.url()), "not due yet: " + e.url());
                assertEquals(e.key(), e.metadata().getFirst(MetadataKeys.PARTITION_KEY));
                assertEquals("1", e.metadata().getFirst("depth"));
                perSearchAndHost.merge(e.search() + " " + e.key(), 1, Integer::sum);
            }
            assertEquals(due, urls);
            perSearchAndHost.forEach((searchAndHost, n) ->
                    assertTrue(n <= 20, n + " URLs of one host from one search: " + searchAndHost));
            assertTrue(frontier.searches() > 1, "quotas of 100 with 20 per bucket need several searches");
            assertEquals(due.size(), frontier.inFlight());
            assertFalse(frontier.isIdle());
        }
    }

    @Test
    void aFailedUrlComesBackAfterThePurgatoryAndAnAckedOneAsSoonAsTheIndexShowsItDueAgain(TestOpenSearch os)
            throws Exception {
        StatusDocs docs = emptyIndices(os);
        Instant before = Instant.now().minusSeconds(60);
        for (int i = 0; i < 5; i++) {
            docs.add("http://one.example/" + i, "DISCOVERED", before.plusSeconds(i), Map.of());
        }
        docs.write();
        int ttl = 2;
        try (Frontier frontier = Frontier.open(os.config(fastSettings(Map.of("spout.ttl.purgatory", ttl))), 0, 1)) {
            assertEquals(5, pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 5).size());

            String failed = "http://one.example/0";
            String fetched = "http://one.example/1";
            String dueAgain = "http://one.example/2";
            // the status updater's work, done by hand: a FETCHED state for a later date, and a new due date
            docs.add(fetched, "FETCHED", Instant.now().plus(Duration.ofDays(1)), Map.of())
                    .add(dueAgain, "FETCH_ERROR", Instant.now().minusSeconds(1), Map.of())
                    .write();
            frontier.acked(fetched);
            frontier.acked(dueAgain);
            long failedAt = System.nanoTime();
            frontier.failed(failed);

            List<Frontier.Emission> again = pollUntil(frontier, Duration.ofSeconds(20),
                    e -> e.stream().anyMatch(x -> x.url().equals(failed)));
            long waitedMillis = (System.nanoTime() - failedAt) / 1_000_000;
            List<String> urls = again.stream().map(Frontier.Emission::url).toList();
            assertTrue(urls.contains(failed), "the failed URL came back: " + urls);
            assertTrue(waitedMillis >= ttl * 1000, "not before the purgatory ended: " + waitedMillis + " ms");
            assertTrue(urls.indexOf(dueAgain) >= 0 && urls.indexOf(dueAgain) < urls.indexOf(failed),
                    "the URL due again came back before the purgatory ended: " + urls);
            assertFalse(urls.contains(fetched), "the fetched URL is not due");
            assertEquals(2, urls.size(), urls.toString());
        }
    }

    @Test
    void aUrlWhoseTupleTimedOutComesBackAtOnceThoughItsHostWasRefilledPastIt(TestOpenSearch os) throws Exception {
        oneHostDue(emptyIndices(os), 30);
        // A purgatory far beyond the test's patience; a message timeout of a second; refills of 5 URLs.
        Map<String, Object> settings = fastSettings(Map.of("spout.ttl.purgatory", 600, "topology.message.timeout.secs", 1,
                "opensearch.status.max.urls.per.bucket", 5, "spout.host.min.urls", 10));
        AtomicLong skippedNanos = new AtomicLong(); // the machine's clocks, moved ahead at will
        CrawlClock clock = new CrawlClock() {
            @Override
            public Instant instant() {
                return Instant.now().plusNanos(skippedNanos.get());
            }

            @Override
            public long nanos() {
                return System.nanoTime() + skippedNanos.get();
            }
        };
        try (Frontier frontier = Frontier.open(os.config(settings), 0, 1, clock)) {
            List<String> first = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 10).stream()
                    .map(Frontier.Emission::url).toList();
            assertEquals(10, first.size(), "the host's quota: " + first);
            String failedBack = first.get(9);
            frontier.failed(failedBack); // at once: a full queue's answer, held back by the purgatory
            skippedNanos.addAndGet(Duration.ofMillis(1_100).toNanos());
            String timedOut = first.get(0);
            frontier.failed(timedOut); // after the message timeout: Storm timed its tuple out
            for (String url : first.subList(1, 5)) {
                frontier.acked(url);
            }
            List<String> again = pollUntil(frontier, Duration.ofSeconds(20), e -> e.stream()
                    .anyMatch(x -> x.url().equals(timedOut))).stream().map(Frontier.Emission::url).toList();
            assertTrue(again.contains(timedOut), "the timed-out URL, the host's oldest, came back: " + again);
            assertFalse(again.contains(failedBack), "the URL failed back waits for the purgatory: " + again);
            assertEquals(List.of(timedOut), again.stream().filter(first::contains).toList(),
                    "of the URLs emitted before, only the timed-out one: " + again);
        }
    }

    @Test
    void urlsChosenAndNotEmittedWhenTheSpoutIsDeactivatedAreNotInFlightAndComeBackAtOnce(TestOpenSearch os)
            throws Exception {
        List<String> due = oneHostDue(emptyIndices(os), 10);
        // A purgatory far beyond the test's patience: a URL that comes back within it was never held there.
        Map<String, Object> settings = fastSettings(Map.of("spout.ttl.purgatory", 600, "spout.host.min.urls", 10));
        try (Frontier frontier = Frontier.open(os.config(settings), 0, 1)) {
            List<Frontier.Emission> first = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 1);
            assertEquals(1, first.size());
            int chosen = frontier.inFlight();
            assertTrue(chosen > 1, "one search chose several URLs, one emitted so far: " + chosen);

            int given = frontier.giveBackUnemitted(); // Storm deactivated the spout: no nextTuple for them
            assertEquals(chosen - 1, given);
            assertEquals(1, frontier.inFlight(), "only the emitted URL is still out");

            List<String> rest = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 9).stream()
                    .map(Frontier.Emission::url).toList();
            List<String> expected = new ArrayList<>(due);
            expected.remove(first.get(0).url());
            assertEquals(Set.copyOf(expected), Set.copyOf(rest), "the others come out once the spout is active again");
        }
    }

    @Test
    void twoTasksOverFourShardsEmitDisjointSetsThatCoverEverythingDue(TestOpenSearch os) throws Exception {
        os.createIndices(Map.of("opensearch.status.shards", 4));
        Set<String> future = new HashSet<>();
        Set<String> due = writeDue(os, 40, 25, future);
        // nothing is acked here: the hosts' quotas must hold every URL
        CrawlerConfig config = os.config(fastSettings(Map.of("topology.max.spout.pending", 5_000,
                "spout.host.min.urls", 25)));
        try (Frontier first = Frontier.open(config, 0, 2); Frontier second = Frontier.open(config, 1, 2)) {
            assertEquals(List.of(0, 2), first.assignment().shards());
            assertEquals(List.of(1, 3), second.assignment().shards());
            Set<String> a = new HashSet<>();
            Set<String> b = new HashSet<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (a.size() + b.size() < due.size() && System.nanoTime() < deadline) {
                Frontier.Emission x = first.next();
                Frontier.Emission y = second.next();
                if (x != null) {
                    assertTrue(a.add(x.url()), "emitted twice by task 0: " + x.url());
                }
                if (y != null) {
                    assertTrue(b.add(y.url()), "emitted twice by task 1: " + y.url());
                }
                if (x == null && y == null) {
                    Thread.sleep(2);
                }
            }
            Set<String> both = new HashSet<>(a);
            both.retainAll(b);
            assertTrue(both.isEmpty(), "read by both tasks: " + both);
            Set<String> union = new HashSet<>(a);
            union.addAll(b);
            assertEquals(due, union);
            assertFalse(a.isEmpty() || b.isEmpty(), "both tasks had work: " + a.size() + " / " + b.size());
        }
    }

    @Test
    void aTaskWithoutShardsAndAnEmptyFrontierAreIdle(TestOpenSearch os) throws Exception {
        os.createIndices(Map.of());
        // A URL written by someone else is found by the periodic search.
        CrawlerConfig config = os.config(fastSettings(Map.of("spout.max.delay.idle", 1_000)));
        try (Frontier extra = Frontier.open(config, 1, 2); Frontier only = Frontier.open(config, 0, 2)) {
            assertTrue(extra.assignment().isIdle());
            assertTrue(extra.isIdle());
            assertNull(extra.next());
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!only.isIdle() && System.nanoTime() < deadline) {
                assertNull(only.next());
                Thread.sleep(5);
            }
            assertTrue(only.isIdle(), "an empty frontier is reported dry");

            new StatusDocs(os.client(), os.indexName(SquallIndex.STATUS))
                    .add("http://new.example/", "DISCOVERED", Instant.now().minusSeconds(1), Map.of()).write();
            List<Frontier.Emission> emitted = pollUntil(only, Duration.ofSeconds(20), e -> !e.isEmpty());
            assertEquals(1, emitted.size());
            assertFalse(only.isIdle(), "a URL in flight");
            only.acked("http://new.example/");
            assertFalse(only.isIdle(), "an ack may have written new URLs, not searchable yet");
        }
    }

    @Test
    void whileNothingIsDueItDoesNotSearchUntilTheNextUrlIsDue(TestOpenSearch os) throws Exception {
        StatusDocs docs = emptyIndices(os);
        Instant dueAt = Instant.now().plusSeconds(6);
        docs.add("http://later.example/", "FETCH_ERROR", dueAt, Map.of())
                .add("http://fetched.example/", "FETCHED", Instant.now().plus(Duration.ofDays(30)), Map.of()).write();
        try (Frontier frontier = Frontier.open(os.config(fastSettings(Map.of())), 0, 1)) {
            assertTrue(pollUntil(frontier, Duration.ofSeconds(3), e -> false).isEmpty(), "nothing is due yet");
            // Searching every spout.max.delay.queries (200 ms here), it would have searched about 15 times.
            long quiet = frontier.searches();
            assertTrue(quiet <= 3, "one search found nothing, the next one learnt the due date: " + quiet);

            List<Frontier.Emission> emitted = pollUntil(frontier, Duration.ofSeconds(30), e -> !e.isEmpty());
            long emittedAt = System.currentTimeMillis();
            assertEquals(List.of("http://later.example/"), emitted.stream().map(Frontier.Emission::url).toList(),
                    "the URL is handed out once due, although nothing woke the spout");
            assertTrue(emittedAt >= dueAt.toEpochMilli(), "not before it is due");
            assertTrue(frontier.searches() <= quiet + 2, "searched when it became due: " + frontier.searches());
        }
    }

    @Test
    void urlsWrittenBySomeoneElseAreFoundWhenTheSpoutIsWokenOrByThePeriodicSearch(TestOpenSearch os)
            throws Exception {
        StatusDocs docs = emptyIndices(os);
        try (Frontier frontier = Frontier.open(os.config(fastSettings(Map.of())), 0, 1);
             Frontier periodic = Frontier.open(os.config(fastSettings(Map.of("spout.max.delay.idle", 1_500))), 0, 1)) {
            assertTrue(pollUntil(frontier, Duration.ofSeconds(20), e -> frontier.isIdle()).isEmpty());
            assertTrue(pollUntil(periodic, Duration.ofSeconds(20), e -> periodic.isIdle()).isEmpty());
            // Dry after one search that found nothing; the next one learns that nothing will be due.
            assertTrue(pollUntil(frontier, Duration.ofSeconds(1), e -> false).isEmpty());
            long quiet = frontier.searches();

            docs.add("http://seed.example/", "DISCOVERED", Instant.now(), Map.of()).write();
            assertTrue(pollUntil(frontier, Duration.ofSeconds(2), e -> false).isEmpty(),
                    "without a wake-up, a seed waits for the periodic search (10 minutes here)");
            assertEquals(quiet, frontier.searches(), "no search while nothing is due");
            assertTrue(frontier.isIdle());

            frontier.wake();
            assertFalse(frontier.isIdle(), "woken: new URLs may have been written");
            assertEquals(List.of("http://seed.example/"), pollUntil(frontier, Duration.ofSeconds(20), e -> !e.isEmpty())
                    .stream().map(Frontier.Emission::url).toList(), "found at once when woken");
            assertEquals(List.of("http://seed.example/"), pollUntil(periodic, Duration.ofSeconds(30), e -> !e.isEmpty())
                    .stream().map(Frontier.Emission::url).toList(), "found by the periodic search");
        }
    }

    @Test
    void twoTasksInOneJvmWaitEachForItsOwnAcksOnly(TestOpenSearch os) throws Exception {
        os.createIndices(Map.of("opensearch.status.shards", 2));
        StatusDocs docs = new StatusDocs(os.client(), os.indexName(SquallIndex.STATUS));
        docs.add(ROOT, "DISCOVERED", Instant.now().minusSeconds(1), Map.of()).write();
        CrawlerConfig config = os.config(fastSettings(Map.of()));
        try (Frontier first = Frontier.open(config, 0, 2); Frontier second = Frontier.open(config, 1, 2)) {
            Frontier owner = null;
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (owner == null && System.nanoTime() < deadline) {
                owner = first.next() != null ? first : second.next() != null ? second : null;
                Thread.sleep(5);
            }
            assertTrue(owner != null, "one task emits the only due URL, from its shard");
            Frontier other = owner == first ? second : first;
            // The status updater's work, done by hand: the URL fetched, no outlink.
            docs.add(ROOT, "FETCHED", Instant.now().plus(Duration.ofDays(1)), Map.of()).write();
            assertTrue(pollUntil(other, Duration.ofSeconds(20), e -> other.isIdle()).isEmpty());
            assertTrue(other.isIdle(), "the other task's shard has nothing due");

            owner.acked(ROOT);

            assertFalse(owner.isIdle(), "its ack may have written new URLs, not searchable yet");
            assertTrue(other.isIdle(), "another task's ack is not this task's to wait for: its periodic search"
                    + " finds what that ack wrote into its shard");
        }
    }

    @Test
    void aHostWithNothingLeftMakesRoomForANewOneAndAFedHostsNewOutlinkIsFound(TestOpenSearch os) throws Exception {
        StatusDocs docs = emptyIndices(os);
        Instant due = Instant.now().minusSeconds(60);
        docs.add("http://a.example/0", "DISCOVERED", due, Map.of())
                .add("http://b.example/0", "DISCOVERED", due, Map.of()).write();
        // Room for two hosts only: a third one can come in only when one of them has left.
        CrawlerConfig config = os.config(fastSettings(Map.of("topology.max.spout.pending", 2)));
        try (Frontier frontier = Frontier.open(config, 0, 1)) {
            assertEquals(2, pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 2).size());
            docs.add("http://c.example/0", "DISCOVERED", due, Map.of()).write();

            // The status updater's work, done by hand: both pages fetched; a's page had an outlink on a.
            Instant tomorrow = Instant.now().plus(Duration.ofDays(1));
            docs.add("http://a.example/0", "FETCHED", tomorrow, Map.of())
                    .add("http://b.example/0", "FETCHED", tomorrow, Map.of())
                    .add("http://a.example/1", "DISCOVERED", Instant.now(), Map.of()).write();
            frontier.acked("http://a.example/0");
            frontier.acked("http://b.example/0");

            List<String> next = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 2).stream()
                    .map(Frontier.Emission::url).sorted().toList();
            assertEquals(List.of("http://a.example/1", "http://c.example/0"), next,
                    "a's outlink, and c in the place of b, which has nothing left");
        }
    }

    @Test
    void anAckedUrlsOutlinksGoOutAtOnceAndTheFrontierIsDryAtOnceNotAfterTheRefreshInterval(TestOpenSearch os)
            throws Exception {
        // A refresh interval far beyond the test's patience: only a refresh by the spout shows new writes.
        StatusDocs docs = oneDueRoot(os, "1h");
        try (Frontier frontier = Frontier.open(os.config(fastSettings(Map.of())), 0, 1)) {
            assertEquals(1, pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 1).size());

            // The status updater's work, done by hand: the root fetched, two outlinks discovered.
            Instant tomorrow = Instant.now().plus(Duration.ofDays(1));
            docs.add(ROOT, "FETCHED", tomorrow, Map.of())
                    .add(ROOT + "a", "DISCOVERED", Instant.now(), Map.of())
                    .add(ROOT + "b", "DISCOVERED", Instant.now(), Map.of()).writeUnrefreshed();
            frontier.acked(ROOT);
            List<String> outlinks = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 2).stream()
                    .map(Frontier.Emission::url).sorted().toList();
            assertEquals(List.of(ROOT + "a", ROOT + "b"), outlinks);

            docs.add(ROOT + "a", "FETCHED", tomorrow, Map.of()).add(ROOT + "b", "FETCHED", tomorrow, Map.of())
                    .writeUnrefreshed();
            frontier.acked(ROOT + "a");
            frontier.acked(ROOT + "b");
            assertTrue(pollUntil(frontier, Duration.ofSeconds(20), e -> frontier.isIdle()).isEmpty(),
                    "nothing more is due");
            assertTrue(frontier.isIdle(), "dry once a search that saw every write found nothing");
        }
    }

    @Test
    void whileItsHostsHaveUrlsToGoAnAckDoesNotSendASearchForNewHostsThatCouldNotSeeItsWrites(TestOpenSearch os)
            throws Exception {
        // A refresh interval far beyond the test's patience: an ack's writes stay unsearchable, and the spout
        // refreshes only when a host waits for its outlinks, which the busy host does not.
        StatusDocs docs = emptyIndices(os);
        os.client().indices().putSettings(s -> s.index(os.indexName(SquallIndex.STATUS))
                .settings(i -> i.refreshInterval(t -> t.time("1h"))));
        Instant due = Instant.now().minusSeconds(60);
        for (int i = 0; i < 40; i++) {
            docs.add(ROOT + i, "DISCOVERED", due.plusMillis(i), Map.of());
        }
        docs.write();
        // A quota of 4 that does not grow with the acks: at most one refill per ack.
        CrawlerConfig config = os.config(fastSettings(Map.of("opensearch.status.max.urls.per.bucket", 4,
                "spout.host.min.urls", 4, "spout.host.horizon", 0.1)));
        try (Frontier frontier = Frontier.open(config, 0, 1)) {
            List<Frontier.Emission> first = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 4);
            assertEquals(4, first.size(), "the host's first quota");
            // Let the first searches settle: the one that fed the host, and the dry one for other hosts.
            assertTrue(pollUntil(frontier, Duration.ofMillis(500), e -> false).isEmpty());
            long before = frontier.searches();

            List<Frontier.Emission> emitted = new ArrayList<>(first);
            for (int i = 0; i < 4; i++) {
                docs.add(emitted.get(i).url(), "FETCHED", Instant.now().plus(Duration.ofDays(1)), Map.of())
                        .add(ROOT + "new" + i, "DISCOVERED", Instant.now(), Map.of()).writeUnrefreshed();
                frontier.acked(emitted.get(i).url());
                emitted.addAll(pollUntil(frontier, Duration.ofMillis(250), e -> false));
            }

            long searches = frontier.searches() - before;
            if (emitted.size() == 4) {
                // A loaded machine's refill may come after the polls above: it is the refill that matters, not when.
                emitted.addAll(pollUntil(frontier, Duration.ofSeconds(30), e -> !e.isEmpty()));
            }
            assertTrue(emitted.size() > 4, "the host is refilled as its URLs are acked");
            // Each ack used to send a search for new hosts every spout.min.delay.queries (20 ms here): about 45.
            assertTrue(searches <= 4, "the host's refills, at most one an ack, and no search for new hosts: "
                    + searches);
        }
    }

    @Test
    void withoutTheRefreshPrivilegeTheSpoutTriesOnceThenWaitsForTheIntervalAndIsNotDryBeforeTheOutlinksShow(
            TestOpenSearch os) throws Exception {
        // Long enough that a search right after the ack cannot see the outlink.
        StatusDocs docs = oneDueRoot(os, "3s");
        try (OpenSearchProxy proxy = new OpenSearchProxy(os.address()).denyRefreshes();
             Frontier frontier = Frontier.open(os.config(fastSettings(
                     Map.of("opensearch.addresses", List.of(proxy.address())))), 0, 1)) {
            assertEquals(1, pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 1).size());

            // The status updater's work, done by hand: the root fetched, one outlink discovered.
            docs.add(ROOT, "FETCHED", Instant.now().plus(Duration.ofDays(1)), Map.of())
                    .add(ROOT + "a", "DISCOVERED", Instant.now(), Map.of()).writeUnrefreshed();
            frontier.acked(ROOT);
            List<String> next = pollUntil(frontier, Duration.ofSeconds(20), e -> e.size() == 1 || frontier.isIdle())
                    .stream().map(Frontier.Emission::url).toList();
            assertEquals(List.of(ROOT + "a"), next, "the outlink, once the refresh interval showed it; never dry before");
            assertEquals(1, proxy.refreshesDenied(), "one refresh tried, then none: the spout waits for the interval");
        }
    }

    @Test
    void discoveryReadsAFixedNumberOfOldestUrlsAndAHostWithMoreIsRefilledFromWhereItStopped(TestOpenSearch os)
            throws Exception {
        StatusDocs docs = emptyIndices(os);
        Instant old = Instant.now().minusSeconds(3_600);
        Set<String> due = new HashSet<>();
        for (int i = 0; i < 300; i++) { // the 300 oldest URLs are all on one host
            String url = "http://big.example/" + i;
            docs.add(url, "DISCOVERED", old.plusMillis(i), Map.of());
            due.add(url);
        }
        for (int h = 0; h < 10; h++) {
            String url = "http://small" + h + ".example/";
            docs.add(url, "DISCOVERED", old.plusSeconds(60), Map.of());
            due.add(url);
        }
        docs.write();
        // Nothing is acked: the big host's quota and its fair share of the pending bound hold all of its URLs.
        CrawlerConfig config = os.config(fastSettings(Map.of("opensearch.status.discovery.hits", 50,
                "spout.host.min.urls", 500, "topology.max.spout.pending", 5_000)));
        try (Frontier frontier = Frontier.open(config, 0, 1)) {
            List<Frontier.Emission> emitted = pollUntil(frontier, Duration.ofSeconds(30), e -> e.size() >= due.size());
            Set<String> urls = new HashSet<>();
            emitted.forEach(e -> assertTrue(urls.add(e.url()), "emitted twice: " + e.url()));
            assertEquals(due, urls, "the small hosts behind the big one's 50 oldest, and the rest of the big one");
            assertTrue(emitted.stream().filter(e -> e.key().equals("small0.example")).findFirst().orElseThrow().search()
                    <= 3, "the small hosts come with the next discovery, not after the big host is done");
        }
    }
}
