package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.core.Metadata;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The queues and the back-off as plain classes, without threads or sockets. */
class HostQueuesTest {

    private static FetchItem<String> item(String key, String url) {
        return new FetchItem<>(url, key, new Metadata(), url, System.nanoTime());
    }

    @Test
    void boundsPerQueueAndInTotal() {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.max.queue.size", 2,
                "fetcher.max.urls.in.queues", 3));
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("a", "a1")));
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("a", "a2")));
        assertEquals(HostQueues.Admission.QUEUE_FULL, q.offer(item("a", "a3")));
        assertEquals(HostQueues.Admission.ACCEPTED, q.offer(item("b", "b1")));
        assertEquals(HostQueues.Admission.ALL_QUEUES_FULL, q.offer(item("c", "c1")));
        assertEquals(3, q.size());
        assertEquals(2, q.queueCount());
    }

    @Test
    void oneTurnAtATimePerQueueAndTheDelayAfterItsEnd() throws InterruptedException {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.server.delay", 0.3));
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("b", "b1"));
        HostQueues.Lease<String> first = q.take();
        HostQueues.Lease<String> second = q.take();
        assertEquals(Set.of("a", "b"), Set.of(first.item.key(), second.item.key()), "a's second URL must wait");
        HostQueues.Lease<String> a = first.item.key().equals("a") ? first : second;
        long released = System.nanoTime();
        q.release(a, HostQueues.Feedback.answered());
        HostQueues.Lease<String> next = q.take();
        assertEquals("a2", next.item.url());
        assertTrue(System.nanoTime() - released >= TimeUnit.MILLISECONDS.toNanos(300), "the delay is kept");
    }

    @Test
    void aQueueWhoseUrlWasPutBackKeepsItsPlaceInLineOverQueuesThatBecameStartableMeanwhile()
            throws InterruptedException {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.server.delay", 0.2));
        q.offer(item("a", "a1"));
        HostQueues.Lease<String> robotsTurn = q.take();
        q.offer(item("b", "b1"));
        q.offer(item("c", "c1"));
        // a's turn fetched only its robots.txt: b and c became startable before a may fetch again.
        q.putBack(robotsTurn, HostQueues.Feedback.answered());
        assertEquals("b1", q.take().item.url());
        Thread.sleep(250);
        assertEquals("a1", q.take().item.url(), "a was in line before c");
        assertEquals("c1", q.take().item.url());
    }

    @Test
    void aReleasedQueueGoesToTheEndOfTheLine() throws InterruptedException {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.server.delay", 0.2));
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        HostQueues.Lease<String> first = q.take();
        q.offer(item("c", "c1"));
        q.release(first, HostQueues.Feedback.answered());
        Thread.sleep(250);
        assertEquals("c1", q.take().item.url(), "c became startable before a's delay ended");
        assertEquals("a2", q.take().item.url());
    }

    @Test
    void tenThousandQueuesAreServedEachOnceWithoutScanning() throws InterruptedException {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.max.urls.in.queues", 20_000));
        for (int i = 0; i < 10_000; i++) {
            q.offer(item("host" + i, "u" + i));
        }
        Set<String> seen = new HashSet<>();
        long start = System.nanoTime();
        for (int i = 0; i < 10_000; i++) {
            HostQueues.Lease<String> lease = q.take();
            assertNotNull(lease.item);
            assertTrue(seen.add(lease.item.url()));
            q.release(lease, HostQueues.Feedback.answered());
        }
        assertEquals(10_000, seen.size());
        // Generous: a heap does this in a few ms; a scan per take of 10,000 queues would take seconds.
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2));
    }

    @Test
    void retryAfterIsReadAsSecondsOrDateAndCapped() {
        ZonedDateTime now = ZonedDateTime.parse("Wed, 21 Oct 2015 07:28:00 GMT", DateTimeFormatter.RFC_1123_DATE_TIME);
        assertEquals(TimeUnit.SECONDS.toNanos(120), BackOff.parseRetryAfter("120", now));
        assertEquals(TimeUnit.SECONDS.toNanos(30), BackOff.parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now));
        assertEquals(-1, BackOff.parseRetryAfter("soon", now));
        assertEquals(-1, BackOff.parseRetryAfter(null, now));
        BackOff capped = new BackOff(5, 300, 60, 600);
        assertEquals(TimeUnit.SECONDS.toNanos(60), capped.blockNanos(new BackOff.State(), "3600", 0, now));
    }

    @Test
    void backOffGrowsWithJitterUpToItsCapAndIsForgiven() {
        BackOff b = new BackOff(1, 8, 600, 100);
        BackOff.State s = new BackOff.State();
        ZonedDateTime now = ZonedDateTime.now();
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
    void viewsSayWhatEachQueueHoldsAndWaitsFor() throws InterruptedException {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.server.delay", 30.0,
                "fetcher.backoff.initial", 60.0));
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("b", "b1"));
        HostQueues.Lease<String> first = q.take();
        HostQueues.Lease<String> second = q.take();
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
        q.release(leaseA, HostQueues.Feedback.answered().withDelay(HostQueues.seconds(45)));
        q.release(leaseB, HostQueues.Feedback.throttled(null));
        views.clear();
        q.views().forEach(v -> views.put(v.key(), v));
        a = views.get("a");
        assertEquals(45_000, a.delayMs(), "robots.txt's Crawl-delay is the queue's delay");
        assertEquals(0, a.inFlight());
        assertTrue(a.nextFetchInMs() > 40_000 && a.nextFetchInMs() <= 45_000, "next fetch in " + a.nextFetchInMs());
        assertTrue(!a.blocked());
        QueueView b = views.get("b");
        assertTrue(b.blocked(), "a 429 or 503 blocks the queue");
        // fetcher.backoff.initial 60 s with its ±20% jitter: at least 48 s, less the moments since the release.
        assertTrue(b.backOffMs() > 47_000, "backed off for " + b.backOffMs());
        assertEquals(1, b.backOffLevel());
    }

    @Test
    void viewsCountAQueuesErrors() throws InterruptedException {
        HostQueues<String> q = new HostQueues<>(FetchTestConfig.with("fetcher.server.delay", 0.0,
                "fetcher.max.exceptions.per.queue", 2, "fetcher.exceptions.pause", 60));
        q.offer(item("a", "a1"));
        q.offer(item("a", "a2"));
        q.offer(item("a", "a3"));
        q.release(q.take(), HostQueues.Feedback.failed());
        assertEquals(1, q.views().get(0).consecutiveErrors());
        q.release(q.take(), HostQueues.Feedback.failed());
        QueueView a = q.views().get(0);
        assertEquals(2, a.errors());
        assertEquals(0, a.consecutiveErrors(), "the budget was spent: the count starts again");
        assertEquals(0, a.queued(), "its URLs were handed back");
        assertTrue(a.pausedMs() > 50_000, "paused for " + a.pausedMs());
        assertTrue(a.blocked());
    }
}
