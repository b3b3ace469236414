package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testsupport.ManualClock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The queues and the back-off as plain classes, without threads or sockets, on a clock moved by hand: a
 * turn is taken with {@link HostQueues#poll}, which says what {@link HostQueues#take} would return at once.
 */
class HostQueuesTest {
    private final ManualClock clock = new ManualClock();

    private HostQueues<String> queues(Object... keyValues) {
        return new HostQueues<>(FetchTestConfig.with(keyValues), clock);
    }

    /** The turn due now; a test that expects one when none is due fails here instead of waiting. */
    private static HostQueues.Lease<String> due(HostQueues<String> q) {
        HostQueues.Lease<String> lease = q.poll();
        assertNotNull(lease, "a turn is due");
        return lease;
    }

    private FetchItem<String> item(String key, String url) {
        return new FetchItem<>(url, key, new Metadata(), url, clock.nanos());
    }

    @Test
    void boundsPerQueueAndInTotal() {
        HostQueues<String> q = queues("fetcher.max.queue.size", 2, "fetcher.max.urls.in.queues", 3);
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("a", "a1")));
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("a", "a2")));
        assertEquals(HostQueues.Admission.QUEUE_FULL, q.offer(item("a", "a3")));
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("b", "b1")));
        assertEquals(HostQueues.Admission.ALL_QUEUES_FULL, q.offer(item("c", "c1")));
        assertEquals(3, q.size());
        assertEquals(2, q.queueCount());
    }

    @Test
    void oneTurnAtATimePerQueueAndTheDelayAfterItsEnd() {
        HostQueues<String> q = queues("fetcher.server.delay", 0.3);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("b", "b1"));
        HostQueues.Lease<String> first = due(q);
        HostQueues.Lease<String> second = due(q);
        assertEquals(Set.of("a", "b"), Set.of(first.item.key(), second.item.key()), "a's second URL must wait");
        assertNull(q.poll(), "a's second URL waits while its first is being fetched");
        HostQueues.Lease<String> a = first.item.key().equals("a") ? first : second;
        clock.advance(Duration.ofSeconds(5)); // a long fetch: the delay counts from its end
        long released = clock.nanos();
        q.release(a, HostQueues.Feedback.answered());
        clock.advanceNanos(TimeUnit.MILLISECONDS.toNanos(300) - 1);
        assertNull(q.poll(), "not a nanosecond before the delay");
        clock.advanceNanos(1);
        HostQueues.Lease<String> next = due(q);
        assertEquals("a2", next.item.url());
        assertTrue(clock.nanos() - released >= TimeUnit.MILLISECONDS.toNanos(300), "the delay is kept");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(300), next.takenNanos - released, "released exactly at the delay");
    }

    @Test
    void aQueueWhoseUrlWasPutBackKeepsItsPlaceInLineOverQueuesThatBecameStartableMeanwhile() {
        HostQueues<String> q = queues("fetcher.server.delay", 0.2);
        q.offer(item("a", "a1"));
        HostQueues.Lease<String> robotsTurn = due(q);
        clock.advance(Duration.ofMillis(1));
        q.offer(item("b", "b1"));
        clock.advance(Duration.ofMillis(1));
        q.offer(item("c", "c1"));
        // a's turn fetched only its robots.txt: b and c became startable before a may fetch again.
        q.putBack(robotsTurn, HostQueues.Feedback.answered());
        assertEquals("b1", due(q).item.url());
        clock.advance(Duration.ofMillis(250));
        assertEquals("a1", due(q).item.url(), "a was in line before c");
        assertEquals("c1", due(q).item.url());
    }

    @Test
    void aReleasedQueueGoesToTheEndOfTheLine() {
        HostQueues<String> q = queues("fetcher.server.delay", 0.2);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        HostQueues.Lease<String> first = due(q);
        clock.advance(Duration.ofMillis(1));
        q.offer(item("c", "c1"));
        q.release(first, HostQueues.Feedback.answered());
        clock.advance(Duration.ofMillis(250));
        assertEquals("c1", due(q).item.url(), "c became startable before a's delay ended");
        assertEquals("a2", due(q).item.url());
    }

    @Test
    void aThrottledQueueWaitsItsRetryAfterOrItsBackOff() {
        HostQueues<String> q = queues("fetcher.server.delay", 1.0, "fetcher.backoff.initial", 10.0);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("a", "a3"));
        q.release(due(q), HostQueues.Feedback.throttled("30"));
        clock.advanceNanos(TimeUnit.SECONDS.toNanos(30) - 1);
        assertNull(q.poll(), "Retry-After: 30 is obeyed, beyond the 1 s delay");
        clock.advanceNanos(1);
        HostQueues.Lease<String> second = due(q);
        assertEquals("a2", second.item.url());

        q.release(second, HostQueues.Feedback.throttled(null));
        long block = TimeUnit.MILLISECONDS.toNanos(q.views().get(0).backOffMs());
        assertTrue(block >= TimeUnit.SECONDS.toNanos(8) && block <= TimeUnit.SECONDS.toNanos(12),
                "fetcher.backoff.initial ± 20%: " + block);
        // The view rounds down to the millisecond.
        clock.advanceNanos(block - 1);
        assertNull(q.poll(), "blocked until the back-off ends");
        clock.advanceNanos(1_000_000);
        assertEquals("a3", due(q).item.url());
    }

    @Test
    void aUrlThatWaitedItsQueueTimeIsHandedBackAsExpired() {
        HostQueues<String> q = queues("fetcher.server.delay", 300.0, "fetcher.timeout.queue", 120);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.release(due(q), HostQueues.Feedback.answered());
        clock.advanceNanos(TimeUnit.SECONDS.toNanos(120) - 1);
        assertNull(q.poll(), "a2 has not yet waited fetcher.timeout.queue");
        clock.advanceNanos(1);
        HostQueues.Lease<String> expiry = due(q);
        assertNull(expiry.item, "the queue's delay has not passed: nothing to fetch");
        assertEquals(List.of("a2"), expiry.expired.stream().map(FetchItem::url).toList());
        assertEquals(0, q.size());
    }

    @Test
    void tenThousandQueuesAreServedEachOnceWithoutScanning() {
        HostQueues<String> q = queues("fetcher.max.urls.in.queues", 20_000);
        for (int i = 0; i < 10_000; i++) {
            q.offer(item("host" + i, "u" + i));
        }
        Set<String> seen = new HashSet<>();
        long start = System.nanoTime();
        for (int i = 0; i < 10_000; i++) {
            HostQueues.Lease<String> lease = due(q);
            assertNotNull(lease.item);
            assertTrue(seen.add(lease.item.url()));
            q.release(lease, HostQueues.Feedback.answered());
        }
        assertEquals(10_000, seen.size());
        // The cost of the code, not a time it decides with, so measured on the machine's clock. Generous: a
        // heap does this in a few ms; a scan per take of 10,000 queues would take seconds.
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2));
    }

    @Test
    void retryAfterIsReadAsSecondsOrDateAndCapped() {
        ZonedDateTime now = ZonedDateTime.parse("Wed, 21 Oct 2015 07:28:00 GMT", DateTimeFormatter.RFC_1123_DATE_TIME);
        assertEquals(TimeUnit.SECONDS.toNanos(120), BackOff.parseRetryAfter("120", now));
        assertEquals(TimeUnit.SECONDS.toNanos(30), BackOff.parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now));
        assertEquals(-1, BackOff.parseRetryAfter("soon", now));
        assertEquals(-1, BackOff.parseRetryAfter(null, now));
        BackOff capped = new BackOff(Duration.ofSeconds(5), Duration.ofSeconds(300), Duration.ofSeconds(60),
                Duration.ofSeconds(600));
        assertEquals(TimeUnit.SECONDS.toNanos(60), capped.blockNanos(new BackOff.State(), "3600", 0, now));
    }

    @Test
    void backOffGrowsWithJitterUpToItsCapAndIsForgiven() {
        BackOff b = new BackOff(Duration.ofSeconds(1), Duration.ofSeconds(8), Duration.ofSeconds(600),
                Duration.ofSeconds(100));
        BackOff.State s = new BackOff.State();
        ZonedDateTime now = ZonedDateTime.now(clock);
        long second = TimeUnit.SECONDS.toNanos(1);
        double[] expected = {1, 2, 4, 8, 8};
        for (int i = 0; i < expected.length; i++) {
            long block = b.blockNanos(s, null, i * second, now);
            assertTrue(block >= 0.8 * expected[i] * second && block <= 1.2 * expected[i] * second,
                    "throttle " + (i + 1) + ": " + block);
        }
        long afterQuiet = b.blockNanos(s, null, 200 * second, now);
        assertTrue(afterQuiet <= 1.2 * second, "forgiven after the quiet period: " + afterQuiet);
    }

    @Test
    void viewsSayWhatEachQueueHoldsAndWaitsFor() {
        HostQueues<String> q = queues("fetcher.server.delay", 30.0, "fetcher.backoff.initial", 60.0);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("b", "b1"));
        HostQueues.Lease<String> first = due(q);
        HostQueues.Lease<String> second = due(q);
        java.util.Map<String, QueueView> views = new java.util.HashMap<>();
        q.views().forEach(v -> views.put(v.key(), v));
        QueueView a = views.get("a");
        assertEquals(1, a.queued());
        assertEquals(1, a.inFlight());
        assertEquals(30_000, a.delayMs());
        assertEquals(0, views.get("b").queued());

        HostQueues.Lease<String> leaseA = first.item.key().equals("a") ? first : second;
        HostQueues.Lease<String> leaseB = leaseA == first ? second : first;
        // a robots.txt Crawl-delay of 45 s, then an answer: the next fetch waits 45 s.
        q.release(leaseA, HostQueues.Feedback.answered().withCrawlDelay(TimeUnit.SECONDS.toNanos(45)));
        q.release(leaseB, HostQueues.Feedback.throttled(null));
        views.clear();
        q.views().forEach(v -> views.put(v.key(), v));
        a = views.get("a");
        assertEquals(45_000, a.delayMs(), "robots.txt's Crawl-delay is the queue's delay");
        assertEquals(DelayReason.ROBOTS, a.delayReason());
        assertEquals(0, a.inFlight());
        assertTrue(a.nextFetchInMs() > 40_000 && a.nextFetchInMs() <= 45_000, "next fetch in " + a.nextFetchInMs());
        assertEquals(45_000, a.nextFetchInMs(), "no time passed since the release");
        assertTrue(!a.blocked());
        QueueView b = views.get("b");
        assertTrue(b.blocked(), "a 429 or 503 blocks the queue");
        // fetcher.backoff.initial 60 s with its ±20% jitter: at least 48 s, less the moments since the release.
        assertTrue(b.backOffMs() > 47_000, "backed off for " + b.backOffMs());
        assertTrue(b.backOffMs() >= 48_000 && b.backOffMs() <= 72_000, "60 s ± 20%: " + b.backOffMs());
        assertEquals(1, b.backOffLevel());
        assertEquals(DelayReason.BACKOFF, b.delayReason(), "the back-off outlasts the 30 s delay");
        assertEquals(b.backOffMs(), b.delayMs(), "no time passed: the whole back-off is ahead");
    }

    /** Releases the turn due now, reporting a fetch that took {@code fetchMillis}. */
    private void fetched(HostQueues<String> q, HostQueues.Feedback feedback, long fetchMillis) {
        HostQueues.Lease<String> lease = due(q);
        clock.advance(Duration.ofMillis(fetchMillis));
        q.release(lease, feedback.withFetchTime(TimeUnit.MILLISECONDS.toNanos(fetchMillis)));
    }

    private static QueueView view(HostQueues<String> q) {
        return q.views().get(0);
    }

    /** Asserts that the queue's next turn comes exactly {@code millis} after now, and takes no turn. */
    private void nextTurnIn(HostQueues<String> q, long millis) {
        clock.advanceNanos(TimeUnit.MILLISECONDS.toNanos(millis) - 1);
        assertNull(q.poll(), "not a nanosecond before " + millis + " ms");
        clock.advanceNanos(1);
    }

    private HostQueues<String> adaptive(double factor, double min, double max, int urls) {
        HostQueues<String> q = queues("fetcher.server.delay", 0.5, "fetcher.server.delay.adaptive", true,
                "fetcher.server.delay.factor", factor, "fetcher.server.delay.min", min,
                "fetcher.server.delay.max", max, "fetcher.backoff.initial", 60.0);
        for (int i = 1; i <= urls; i++) {
            q.offer(item("a", "a" + i));
        }
        return q;
    }

    @Test
    void withoutAdaptivePolitenessTheDelayIsFixedWhateverTheFetchTook() {
        HostQueues<String> q = queues("fetcher.server.delay", 0.3);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        assertEquals(DelayReason.FIXED, view(q).delayReason());
        fetched(q, HostQueues.Feedback.serverError(), 10_000);
        assertEquals(300, view(q).delayMs());
        assertEquals(DelayReason.FIXED, view(q).delayReason());
        nextTurnIn(q, 300);
        assertEquals("a2", due(q).item.url());
    }

    @Test
    void delaysWrittenWithTheirUnitTakeEffect() {
        HostQueues<String> q = queues("fetcher.server.delay", "1.5s", "fetcher.exceptions.pause", "2m");
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        fetched(q, HostQueues.Feedback.answered(), 10);
        assertEquals(1500, view(q).delayMs());
        nextTurnIn(q, 1500);
        assertEquals("a2", due(q).item.url());
        HostQueues<String> fast = queues("fetcher.server.delay", "250ms");
        fast.offer(item("b", "b1"));
        assertEquals(250, view(fast).delayMs(), "before any fetch as well");
    }

    @Test
    void anAdaptiveDelayIsTheFactorTimesTheFetchWithinItsMinimumAndMaximum() {
        HostQueues<String> q = adaptive(3, 0.2, 10, 4);
        assertEquals(200, view(q).delayMs(), "before any fetch: the minimum");
        assertEquals(DelayReason.ADAPTIVE, view(q).delayReason());

        fetched(q, HostQueues.Feedback.answered(), 1000);
        assertEquals(3000, view(q).delayMs(), "3 x 1 s");
        assertEquals(DelayReason.ADAPTIVE, view(q).delayReason());
        nextTurnIn(q, 3000);

        fetched(q, HostQueues.Feedback.answered(), 10);
        assertEquals(200, view(q).delayMs(), "3 x 10 ms is below fetcher.server.delay.min");
        nextTurnIn(q, 200);

        fetched(q, HostQueues.Feedback.answered(), 20_000);
        assertEquals(10_000, view(q).delayMs(), "3 x 20 s is above fetcher.server.delay.max");
        nextTurnIn(q, 10_000);
        assertEquals("a4", due(q).item.url());
    }

    @Test
    void theAdaptiveMinimumIsTheServerDelayUnlessSet() {
        HostQueues<String> q = queues("fetcher.server.delay", 0.7, "fetcher.server.delay.adaptive", true);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        fetched(q, HostQueues.Feedback.answered(), 1);
        assertEquals(700, view(q).delayMs(), "fetcher.server.delay.min -1 follows fetcher.server.delay");
        nextTurnIn(q, 700);
        assertEquals("a2", due(q).item.url());
    }

    @Test
    void serverErrorsAndTimeoutsLengthenAnAdaptiveDelayAndNormalAnswersBringItBack() {
        HostQueues<String> q = adaptive(2, 0.1, 8, 7);
        fetched(q, HostQueues.Feedback.answered(), 500);
        assertEquals(1000, view(q).delayMs());
        nextTurnIn(q, 1000);
        fetched(q, HostQueues.Feedback.serverError(), 50);
        assertEquals(2000, view(q).delayMs(), "a quick 5xx doubles the delay, not the formula's 100 ms");
        nextTurnIn(q, 2000);
        fetched(q, HostQueues.Feedback.timedOut(), 100);
        assertEquals(4000, view(q).delayMs(), "a timeout doubles it again");
        nextTurnIn(q, 4000);
        fetched(q, HostQueues.Feedback.serverError(), 3000);
        assertEquals(8000, view(q).delayMs(), "doubled, or the formula when longer, within the maximum");
        nextTurnIn(q, 8000);
        fetched(q, HostQueues.Feedback.timedOut(), 100);
        assertEquals(8000, view(q).delayMs(), "never above fetcher.server.delay.max");
        nextTurnIn(q, 8000);
        fetched(q, HostQueues.Feedback.answered(), 300);
        assertEquals(600, view(q).delayMs(), "a normal answer: back to 2 x its duration");
        assertEquals(DelayReason.ADAPTIVE, view(q).delayReason());
        nextTurnIn(q, 600);
        assertEquals("a7", due(q).item.url());
    }

    @Test
    void robotsCrawlDelayStaysTheFloorOfAnAdaptiveDelay() {
        HostQueues<String> q = adaptive(1, 0.1, 30, 4);
        HostQueues.Lease<String> first = due(q);
        clock.advance(Duration.ofMillis(100));
        q.release(first, HostQueues.Feedback.answered().withCrawlDelay(TimeUnit.SECONDS.toNanos(5))
                .withFetchTime(TimeUnit.MILLISECONDS.toNanos(100)));
        assertEquals(5000, view(q).delayMs());
        assertEquals(DelayReason.ROBOTS, view(q).delayReason());
        nextTurnIn(q, 5000);
        // A turn whose feedback does not repeat the Crawl-delay keeps it.
        fetched(q, HostQueues.Feedback.answered(), 8000);
        assertEquals(8000, view(q).delayMs(), "a slower answer than the Crawl-delay: the adaptive delay");
        assertEquals(DelayReason.ADAPTIVE, view(q).delayReason());
        nextTurnIn(q, 8000);
        fetched(q, HostQueues.Feedback.answered(), 10);
        assertEquals(5000, view(q).delayMs(), "back to the floor, not the minimum");
        assertEquals(DelayReason.ROBOTS, view(q).delayReason());
        nextTurnIn(q, 5000);
        assertEquals("a4", due(q).item.url());
    }

    @Test
    void aThrottledAdaptiveQueueWaitsTheLongerOfItsDelayAndItsRetryAfterOrBackOff() {
        HostQueues<String> q = adaptive(1, 0.1, 30, 5);
        fetched(q, HostQueues.Feedback.throttled("20"), 2000);
        assertEquals(20_000, view(q).delayMs(), "Retry-After: 20 outlasts the 2 s delay");
        assertEquals(DelayReason.RETRY_AFTER, view(q).delayReason());
        nextTurnIn(q, 20_000);

        fetched(q, HostQueues.Feedback.throttled("1"), 3000);
        assertEquals(4000, view(q).delayMs(), "the delay doubled (2 s to 4 s) outlasts Retry-After: 1");
        assertEquals(DelayReason.ADAPTIVE, view(q).delayReason());
        nextTurnIn(q, 4000);

        fetched(q, HostQueues.Feedback.throttled(null), 100);
        QueueView backedOff = view(q);
        assertEquals(DelayReason.BACKOFF, backedOff.delayReason(), "fetcher.backoff.initial 60 s outlasts 8 s");
        assertTrue(backedOff.delayMs() >= 48_000 && backedOff.delayMs() <= 72_000,
                "60 s ± 20%: " + backedOff.delayMs());
        clock.advance(Duration.ofMillis(backedOff.backOffMs() + 1));

        fetched(q, HostQueues.Feedback.answered(), 250);
        assertEquals(250, view(q).delayMs(), "recovered: 1 x the last answer's time");
        assertEquals(DelayReason.ADAPTIVE, view(q).delayReason());
    }

    @Test
    void adaptiveBoundsThatCannotHoldAreRefusedWithTheirKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> queues("fetcher.server.delay.adaptive", true,
                "fetcher.server.delay.min", 5.0, "fetcher.server.delay.max", 2.0));
        assertTrue(e.getMessage().contains("fetcher.server.delay.max"), e.getMessage());
        // Off, the adaptive bounds are not read for anything: a large fixed delay is no mistake.
        queues("fetcher.server.delay", 60.0);
    }

    @Test
    void viewsCountAQueuesErrors() {
        HostQueues<String> q = queues("fetcher.server.delay", 0.0, "fetcher.max.exceptions.per.queue", 2,
                "fetcher.exceptions.pause", 60);
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("a", "a3"));
        q.release(due(q), HostQueues.Feedback.failed());
        assertEquals(1, q.views().get(0).consecutiveErrors());
        q.release(due(q), HostQueues.Feedback.failed());
        QueueView a = q.views().get(0);
        assertEquals(2, a.errors());
        assertEquals(0, a.consecutiveErrors(), "the budget was spent: the count starts again");
        assertEquals(0, a.queued(), "its URLs were handed back");
        assertTrue(a.pausedMs() > 50_000, "paused for " + a.pausedMs());
        assertEquals(60_000, a.pausedMs(), "fetcher.exceptions.pause from the second failure");
        assertTrue(a.blocked());
        assertEquals(HostQueues.Admission.HOST_PAUSED, q.offer(item("a", "a4")));
        clock.advanceNanos(TimeUnit.SECONDS.toNanos(60) - 1);
        assertEquals(HostQueues.Admission.HOST_PAUSED, q.offer(item("a", "a4")), "paused to the nanosecond");
        clock.advanceNanos(1);
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("a", "a4")));
        assertEquals("a4", due(q).item.url());
    }
}
