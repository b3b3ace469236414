package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.storm.Config;
import org.junit.jupiter.api.Test;

class PendingWritesTest {

    @Test
    void aPageOwesItsWriteAndItsLinksFromItsFetchUntilItsWritesAreAnswered() {
        PendingWrites owed = new PendingWrites();
        String page = owed.openPage();
        assertEquals(1, owed.writes(), "before any page was parsed, a page being parsed counts its own write");
        assertEquals(1, owed.outcomes());

        assertTrue(owed.settle(page, 1 + 1000));
        String error = owed.open(1);
        assertEquals(1002, owed.writes(), "the page and its 1,000 links, and an error without links");
        assertEquals(2, owed.outcomes());

        owed.close(page);
        assertEquals(1, owed.writes());
        owed.close(page);
        assertEquals(1, owed.writes(), "closed twice counts once");
        owed.close(error);
        assertEquals(0, owed.writes());
        assertEquals(0, owed.outcomes());
    }

    @Test
    void aPageNotParsedYetCountsWhatThePagesParsedLatelyCameTo() {
        PendingWrites owed = new PendingWrites();
        owed.close(settled(owed, 1001));
        assertEquals(1001, writesOfAPageBeingParsed(owed), "from the first page parsed on");
        for (int i = 0; i < 50; i++) {
            owed.close(settled(owed, 11));
        }
        long estimate = writesOfAPageBeingParsed(owed);
        assertTrue(estimate >= 11 && estimate < 20, "the recent pages weigh most: " + estimate);
    }

    @Test
    void fetchesThatStartTogetherEachReserveAPageOfRoomUntilTheBoundIsTaken() {
        PendingWrites owed = new PendingWrites();
        owed.close(settled(owed, 1001));
        long first = owed.reserve(3000);
        long second = owed.reserve(3000);
        long third = owed.reserve(3000);
        assertEquals(1001, first);
        assertEquals(1001, second);
        assertEquals(1001, third, "2,002 owed, under the bound: one more page");
        assertEquals(-1, owed.reserve(3000), "3,003 owed: no room, however many threads ask");
        assertEquals(0, owed.outcomes(), "a reservation is no outcome");

        String page = owed.openPage();
        owed.release(first);
        assertEquals(3003, owed.writes(), "the page fetched holds its own ticket once its room is given back");
        owed.settle(page, 11);
        assertEquals(2013, owed.writes());
        assertTrue(owed.reserve(3000) > 0, "room again");
    }

    @Test
    void aFetchWaitingForRoomStartsWhenAWriteIsAnsweredAndGivesUpAtItsDeadline() throws Exception {
        PendingWrites owed = new PendingWrites();
        String full = owed.open(3000);
        assertEquals(-1, owed.reserve(3000, 50), "no room within the wait");

        java.util.concurrent.CompletableFuture<Long> waiting = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return owed.reserve(3000, 60_000);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        assertFalse(waiting.isDone(), "it waits while the bound is reached");
        long answeredAt = System.nanoTime();
        owed.close(full);
        assertEquals(1L, waiting.get(30, java.util.concurrent.TimeUnit.SECONDS), "a page's room (1 before any parse)");
        assertTrue(System.nanoTime() - answeredAt < 30_000_000_000L, "woken by the answer, not by its deadline");
    }

    @Test
    void ticketsItDoesNotHoldChangeNothing() {
        PendingWrites owed = new PendingWrites();
        PendingWrites otherWorker = new PendingWrites();
        String foreign = otherWorker.openPage();
        owed.open(3);
        assertFalse(owed.settle(foreign, 500), "another worker's page");
        assertFalse(owed.settle(null, 500), "no ticket");
        owed.close(foreign);
        owed.close(null);
        assertFalse(owed.holds(foreign));
        assertEquals(3, owed.writes());
        assertEquals(1, otherWorker.writes());
    }

    @Test
    void theSumIsExactUnderThreadsOpeningSettlingAndClosingTogether() throws Exception {
        PendingWrites owed = new PendingWrites();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        String ticket = owed.openPage();
                        owed.settle(ticket, 1 + i % 7);
                        owed.close(ticket);
                    }
                }));
            }
            String kept = owed.open(42);
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertEquals(42, owed.writes());
            assertEquals(1, owed.outcomes());
            owed.close(kept);
            assertEquals(0, owed.writes());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void theTasksOfATopologyInOneWorkerShareOneLedgerUntilTheLastLeaves() {
        Map<String, Object> crawl = Map.of(Config.TOPOLOGY_NAME, "pending-writes-test-crawl");
        Map<String, Object> other = Map.of(Config.TOPOLOGY_NAME, "pending-writes-test-other");
        PendingWrites fetcher = WorkerPendingWrites.join(crawl);
        PendingWrites status = WorkerPendingWrites.join(crawl);
        PendingWrites elsewhere = WorkerPendingWrites.join(other);
        try {
            String ticket = fetcher.open(5);
            elsewhere.open(100);
            assertEquals(5, WorkerPendingWrites.writes("pending-writes-test-crawl"), "another topology's apart");
            assertEquals(1, WorkerPendingWrites.outcomes("pending-writes-test-crawl"));
            status.close(ticket);
            assertEquals(0, WorkerPendingWrites.writes("pending-writes-test-crawl"), "closed by another task");

            fetcher.open(7);
            WorkerPendingWrites.leave(crawl);
            WorkerPendingWrites.leave(crawl);
            assertEquals(0, WorkerPendingWrites.writes("pending-writes-test-crawl"), "gone with its last task");
            PendingWrites again = WorkerPendingWrites.join(crawl);
            assertEquals(0, again.writes(), "a topology submitted again under the name starts owing nothing");
            WorkerPendingWrites.leave(crawl);
        } finally {
            WorkerPendingWrites.leave(other);
        }
    }

    private static String settled(PendingWrites owed, long writes) {
        String ticket = owed.openPage();
        owed.settle(ticket, writes);
        return ticket;
    }

    private static long writesOfAPageBeingParsed(PendingWrites owed) {
        long before = owed.writes();
        String ticket = owed.openPage();
        long estimate = owed.writes() - before;
        owed.close(ticket);
        return estimate;
    }
}
