package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch._types.FieldValue;

class HostQuotasTest {
    private static final List<FieldValue> CURSOR = List.of(FieldValue.of(1L), FieldValue.of("http://a/1"));

    private static HostQuotas quotas() {
        // min 10 URLs per host, 5 s horizon, 100 per query, 1000 pending, fetcher queues of 500
        return new HostQuotas(10, 5.0, 100, 1000, 500);
    }

    /**
     * Acks the host's {@code acks} oldest URLs in flight (their emission times are in {@code emittedAt}),
     * then emits what the plan gives it.
     */
    private static HostQuotas.Refill cycle(HostQuotas q, String key, long now, int acks, Deque<Long> emittedAt) {
        for (int i = 0; i < acks; i++) {
            q.released(key, true, now, emittedAt.poll());
        }
        List<HostQuotas.Refill> plan = q.plan(now, 50);
        if (plan.isEmpty()) {
            return null;
        }
        HostQuotas.Refill refill = plan.get(0);
        emit(q, key, refill.size(), now, emittedAt);
        q.searched(key, false, refill.size(), CURSOR, now);
        return refill;
    }

    private static void emit(HostQuotas q, String key, int n, long now, Deque<Long> emittedAt) {
        for (int i = 0; i < n; i++) {
            q.emitted(key, now);
            emittedAt.add(now);
        }
    }

    @Test
    void aFastHostsQuotaGrowsUntilItIsNeverDryAndAQueryNeverAsksMoreThanTheBucketSize() {
        HostQuotas q = quotas();
        q.admit("fast");
        q.plan(0, 50);
        Deque<Long> emittedAt = new ArrayDeque<>();
        int inFlight = 0;
        for (long now = 250; now <= 5_000; now += 250) {
            HostQuotas.Refill r = cycle(q, "fast", now, inFlight, emittedAt); // it finished everything it had
            assertNotNull(r, "a host that ran dry is refilled at " + now);
            assertTrue(r.size() <= 100, "asked " + r.size());
            inFlight = r.size();
        }
        assertEquals(500, q.get("fast").quota, "capped by the fetcher queue size");
        assertEquals(CURSOR, q.get("fast").cursor);
    }

    @Test
    void aNewHostStartsWithAFullQueryAndASlowOneShedsItToTheMinimumThenIsRefilledOnlyWhenHalfDone() {
        HostQuotas q = quotas();
        q.admit("slow");
        assertEquals(100, q.get("slow").quota, "rate unknown: a full query's worth");
        Deque<Long> emittedAt = new ArrayDeque<>();
        emit(q, "slow", 10, 0, emittedAt);
        q.plan(0, 50);
        for (long now = 250; now <= 30_000; now += 250) {
            boolean oneAck = now % 1_000 == 0; // one page per second: its URLs wait longer and longer
            HostQuotas.Refill r = cycle(q, "slow", now, oneAck ? 1 : 0, emittedAt);
            if (now >= 20_000) {
                assertEquals(10, q.get("slow").quota, "one page a second needs no more than the minimum");
                if (r != null) {
                    assertTrue(q.get("slow").inFlight - r.size() <= 5, "refilled only when half its quota is done");
                }
            }
        }
    }

    @Test
    void aHostThatAcksLittleBecauseItHasLittleToDoKeepsItsQuotaForWhenItsOutlinksCome() {
        HostQuotas q = quotas();
        q.admit("site");
        q.emitted("site", 0); // its root, for the 3 s a cold crawler takes to fetch, parse and store it
        q.searched("site", true, 1, null, 0);
        for (long now = 0; now <= 3_000; now += 250) {
            q.plan(now, 50);
        }
        assertEquals(100, q.get("site").quota, "no ack for lack of work is no sign of a slow host");
        q.released("site", true, 3_000, 0);
        q.plan(3_250, 50);
        assertTrue(q.room(q.get("site")) >= 100, "the root's 30-odd outlinks all go out in one search");
    }

    @Test
    void aHostWhoseUrlsComeBackWithinTheHorizonKeepsItsQuotaWhileThePipelineIsStillSlow() {
        HostQuotas q = quotas();
        q.admit("site");
        Deque<Long> emittedAt = new ArrayDeque<>();
        emit(q, "site", 65, 0, emittedAt); // its root's outlinks, fetched at once and parsed slowly
        q.searched("site", true, 65, null, 0);
        for (long now = 250; now <= 2_000; now += 250) {
            q.plan(now, 50); // no ack yet: the parser and the writers are still warming up
        }
        assertEquals(100, q.get("site").quota, "no ack yet is no sign of a slow host");
        for (int i = 0; i < 40; i++) {
            q.released("site", true, 2_000, emittedAt.poll());
        }
        q.plan(2_250, 50);
        assertTrue(q.get("site").quota >= 100, "two seconds to come back is no sign of a slow host: "
                + q.get("site").quota);
        assertTrue(q.room(q.get("site")) >= 75, "room for the next level at once");
    }

    @Test
    void aHostWhoseUrlsAllComeBackASecondLaterReachesTheQuotaItsRateNeedsWithinHalfASecondOfItsFirstAcks() {
        HostQuotas q = quotas();
        q.admit("site");
        Deque<Long> emittedAt = new ArrayDeque<>();
        q.plan(0, 50);
        emit(q, "site", 100, 0, emittedAt);
        q.searched("site", false, 100, CURSOR, 0);
        // Fetched at once, each URL is acked a second after its emission (parsed and stored by a pipeline
        // that is still slow): the quota, not the host, sets the pace, 100 URLs a second.
        for (long now = 250; now <= 1_500; now += 250) {
            long ackedUntil = now - 1_000;
            int acks = (int) emittedAt.stream().takeWhile(emitted -> emitted <= ackedUntil).count();
            HostQuotas.Refill refill = cycle(q, "site", now, acks, emittedAt);
            assertTrue(refill == null || refill.size() <= 100, "asked " + (refill == null ? 0 : refill.size()));
        }
        // 100 acks a second over the 5 s horizon: 500 URLs. A rate smoothed over 2 s had reached 236 here,
        // so the host stood idle for seconds at a crawl's start while its pages were being parsed.
        assertTrue(q.get("site").quota >= 400, "half a second of acks at 100/s: " + q.get("site").quota);
    }

    @Test
    void aHostWithNothingDueAndNothingInFlightLeavesAndOneThatReachedItsEndWaitsForTheSharedSearch() {
        HostQuotas q = quotas();
        q.admit("done");
        q.searched("done", true, 0, null, 0);
        assertNull(q.get("done"));

        q.admit("big"); // more due than one search returned: refilled from its cursor
        q.emitted("big", 0);
        q.searched("big", false, 1, CURSOR, 0);
        q.admit("busy"); // everything due is in flight
        q.emitted("busy", 0);
        q.searched("busy", true, 1, null, 0);

        assertEquals(List.of("big"), q.plan(0, 50).stream().map(HostQuotas.Refill::key).toList());
        assertEquals(List.of("busy"), q.waitingKeys(50), "one search looks for the new URLs of the others");
        assertTrue(q.anyWaiting());
        assertEquals(99, q.room(q.get("busy")), "a new host's quota is a full query's worth");
        for (int i = 0; i < 99; i++) {
            q.emitted("busy", 0);
        }
        assertEquals(List.of(), q.waitingKeys(50), "a host without room waits for nothing");
        assertFalse(q.anyWaiting(), "one with URLs to go and one without room: none waits");
    }

    @Test
    void aHostWhoseLastURLWasAckedStaysUntilASearchThatCouldSeeItsOutlinksFindsNone() {
        HostQuotas q = quotas();
        q.admit("site");
        q.emitted("site", 0);
        q.searched("site", true, 1, null, 0); // its only due URL, the root
        q.released("site", true, 1_000, 0); // the root was acked once its outlinks were written

        // A search that could not see those writes yet finds nothing: the host stays, instead of being
        // dropped and found again only by a later, slower search.
        q.searched("site", true, 0, null, 999);
        assertNotNull(q.get("site"));
        assertEquals(List.of("site"), q.waitingKeys(50));

        // Once a search that saw them finds nothing, the host leaves.
        q.searched("site", true, 0, null, 1_000);
        assertNull(q.get("site"));
    }

    @Test
    void whenMoreHostsWaitThanOneSearchTakesTheEmptiestGoFirst() {
        HostQuotas q = quotas();
        Map<String, Integer> inFlight = Map.of("half", 50, "almostEmpty", 1, "most", 40);
        inFlight.forEach((key, n) -> {
            q.admit(key); // quota 100: room for 50 or more makes it hungry
            for (int i = 0; i < n; i++) {
                q.emitted(key, 0);
            }
            q.searched(key, true, n, null, 0); // all it had is in flight
        });
        assertEquals(3, q.waitingKeys(50).size());
        assertEquals(List.of("almostEmpty", "most"), q.waitingKeys(2));
    }

    @Test
    void hostsLeftOutForLackOfRoomShrinkTheFedHostsShareBelowTheMinimumUntilAllFit() {
        HostQuotas q = quotas(); // 1,000 pending, a minimum of 10 URLs a host
        for (int i = 0; i < 100; i++) {
            q.admit("h" + i);
        }
        q.plan(0, 200);
        for (int i = 0; i < 100; i++) {
            q.emitted("h" + i, 0);
            q.emitted("h" + i, 0);
            q.searched("h" + i, false, 2, CURSOR, 0);
        }
        q.plan(500, 200);
        assertEquals(8, q.room(q.get("h0")), "alone, 100 hosts may hold 10 each");
        q.leftOut(200); // the search for new hosts found 200 more due, with no room for them
        q.plan(1_000, 200);
        HostQuotas.Host h0 = q.get("h0");
        assertEquals(3, h0.quota, "1,000 slots shared by 300 hosts, not 10 each for the first 100");
        assertEquals(1, q.room(h0));
        assertFalse(q.plan(1_000, 200).stream().anyMatch(r -> r.size() > 1), "none refilled beyond its share");
        q.leftOut(0); // all admitted, or none due any more
        q.plan(2_000, 200);
        assertEquals(10, q.get("h0").quota, "the minimum again once the hosts fit");
    }

    @Test
    void aHostWhoseUrlsStopComingBackIsRefilledOnceTheyAreOverdueAndNeverBeyondItsCap() {
        HostQuotas q = quotas(); // one host: its cap is the fetcher queue's 500
        q.admit("site");
        q.plan(0, 50);
        Deque<Long> emittedAt = new ArrayDeque<>();
        emit(q, "site", 100, 0, emittedAt);
        q.searched("site", false, 100, CURSOR, 0);
        for (int i = 0; i < 100; i++) {
            q.released("site", true, 4_000, emittedAt.poll()); // 4 s from emission to ack
        }
        assertEquals(200, fill(q, 4_000, emittedAt), "its quota, doubled as it ran dry");
        // None of these comes back (lost with a worker that died): they count against the quota until the
        // host has been silent for a horizon, then no longer.
        assertEquals(List.of(), q.plan(8_999, 50), "not overdue yet");
        assertEquals(200, fill(q, 9_000, emittedAt), "refilled as if the lost URLs had come back");
        assertEquals(100, fill(q, 14_000, emittedAt), "all 400 overdue, but 500 in flight is the host's cap");
        assertEquals(500, q.get("site").inFlight);
        assertEquals(0, q.room(q.get("site")));
    }

    @Test
    void aHostWhoseAcksStopIsRefilledAHorizonAfterItsLastAckThoughItsRoundTripIsLong() {
        HostQuotas q = quotas();
        q.admit("site");
        q.plan(0, 50);
        Deque<Long> emittedAt = new ArrayDeque<>();
        fill(q, 0, emittedAt);
        // Five pages a second, each after waiting 8 s in the host's queue: a long round trip.
        long now = 0;
        for (; now < 20_000; now += 200) {
            while (!emittedAt.isEmpty() && emittedAt.peek() <= now - 8_000) {
                q.released("site", true, now, emittedAt.poll());
                break;
            }
            fill(q, now, emittedAt);
        }
        assertTrue(q.get("site").roundTripMillis > 6_000, "round trip " + q.get("site").roundTripMillis);
        // Then no ack at all (lost with a worker that died): two round trips would leave it idle for 16 s.
        long lastAck = now - 200;
        assertEquals(0, fill(q, lastAck + 4_999, emittedAt), "silent for less than a horizon");
        assertTrue(fill(q, lastAck + 5_000, emittedAt) > 0, "refilled a horizon after its last ack");
    }

    @Test
    void aHostThatLosesMostOfItsUrlsButNotAllKeepsItsFetcherBusy() {
        HostQuotas q = quotas();
        q.admit("site");
        q.plan(0, 50);
        Deque<Long> queue = new ArrayDeque<>(); // the host's fetcher queue: emission times, fetched in order
        TreeMap<Long, Long> acks = new TreeMap<>(); // ack time to emission time
        long killed = 30_000;
        int fetchedAfterKill = 0;
        List<Long> idle = new ArrayList<>();
        for (long now = 0; now < 60_000; now += 100) {
            for (Map.Entry<Long, Long> ack = acks.pollFirstEntry(); ack != null; ack = acks.pollFirstEntry()) {
                if (ack.getKey() > now) {
                    acks.put(ack.getKey(), ack.getValue());
                    break;
                }
                q.released("site", true, now, ack.getValue());
            }
            fill(q, now, queue);
            if (now % 200 == 0) { // five pages a second, each acked half a second after its fetch
                if (queue.isEmpty()) {
                    idle.add(now);
                    continue;
                }
                long emitted = queue.poll();
                // After the kill, three of every four pages are lost on their way through the dead worker.
                if (now < killed || fetchedAfterKill++ % 4 == 0) {
                    acks.put(now + 500, emitted);
                }
            }
        }
        assertEquals(List.of(), idle.stream().filter(t -> t > 2_000).toList(),
                "its fetcher found a URL of it at every turn, after the crawl's first seconds");
        assertTrue(q.get("site").inFlight <= 500, "within its cap");
    }

    /** Emits what the plans give the host at this time until it has no room; returns how many. */
    private static int fill(HostQuotas q, long now, Deque<Long> emittedAt) {
        int n = 0;
        for (List<HostQuotas.Refill> plan = q.plan(now, 50); !plan.isEmpty(); plan = q.plan(now, 50)) {
            emit(q, "site", plan.get(0).size(), now, emittedAt);
            q.searched("site", false, plan.get(0).size(), CURSOR, now);
            n += plan.get(0).size();
        }
        return n;
    }

    @Test
    void aFailedUrlRewindsItsHostsCursorToItsOldestDueUrl() {
        HostQuotas q = quotas();
        q.admit("site");
        q.emitted("site", 0);
        q.searched("site", true, 1, null, 0);
        q.admit("big");
        q.emitted("big", 0);
        q.searched("big", false, 1, CURSOR, 0);
        for (int i = 0; i < 98; i++) {
            q.emitted("site", 0); // 99 of its 100 in flight: not hungry, but for a retry
        }
        q.rewind("site");
        q.rewind("big");
        q.rewind("unknown");
        List<HostQuotas.Refill> plan = q.plan(0, 50);
        assertEquals(Set.of("site", "big"), plan.stream().map(HostQuotas.Refill::key).collect(Collectors.toSet()),
                "the host that had reached its end is refilled again, not left to the shared search");
        assertTrue(plan.stream().allMatch(r -> r.cursor() == null), "from the oldest due URL: " + plan);
        assertEquals(1, plan.stream().filter(r -> r.key().equals("site")).findFirst().orElseThrow().size(),
                "room for the failed URL is enough");
        assertEquals(List.of(), q.waitingKeys(50));
        q.searched("site", false, 1, CURSOR, 0);
        q.released("site", true, 1, 0);
        assertEquals(List.of("big"), q.plan(1, 50).stream().map(HostQuotas.Refill::key).toList(),
                "once searched, the host waits for a worthwhile step again");
    }
}
