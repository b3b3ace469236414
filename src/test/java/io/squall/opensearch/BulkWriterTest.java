package io.squall.opensearch;

import io.squall.config.CrawlerConfig;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.OpenSearchProxy;
import io.squall.testsupport.Outcomes;
import io.squall.testsupport.TestOpenSearch;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(OpenSearchExtension.class)
class BulkWriterTest {

    @Test
    void aPartialBulkLeavesOnTheTimerWithoutAnExplicitFlush(TestOpenSearch os) throws Exception {
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(os.client(), new BulkWriter.Settings(1000, Duration.ofMillis(200), 1,
                Duration.ofSeconds(10)),
                "test")) {
            for (int i = 0; i < 3; i++) {
                bulk.index("timer-test", "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
            }
            outcomes.await(3); // before close(), which would flush
            assertEquals(3, outcomes.successes());
            assertEquals(0, bulk.buffered());
        }
    }

    @Test
    void aPartialBulkLeavesAtOnceWhenARequestSlotIsFreeNotAfterTheFlushInterval(TestOpenSearch os) throws Exception {
        Outcomes<Integer> outcomes = new Outcomes<>();
        // A flush interval longer than Outcomes' 30 s wait: only the eager send can deliver in time.
        try (BulkWriter bulk = new BulkWriter(os.client(), new BulkWriter.Settings(1000, Duration.ofMinutes(5), 1,
                Duration.ofSeconds(10)),
                "test")) {
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 50; i++) {
                    int n = round * 50 + i;
                    bulk.index("eager-test", "id" + n, null, Map.of("n", n), outcomes.callbackFor(n));
                }
                outcomes.await((round + 1) * 50); // each round, some of it queued behind a request in flight
            }
            assertEquals(150, outcomes.successes());
            assertEquals(0, bulk.buffered());
        }
    }

    @Test
    void aStreamOfSmallWritesIsPackedIntoSpacedRequests(TestOpenSearch os) throws Exception {
        String index = os.prefix() + "spacing-test";
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (OpenSearchProxy proxy = new OpenSearchProxy(os.address())) {
            OpenSearchClient viaProxy = OpenSearchClients.create(os.config(Map.of("opensearch.addresses",
                    List.of(proxy.address()))));
            // A flush interval far beyond the test: only the eager, spaced sends deliver.
            try (BulkWriter bulk = new BulkWriter(viaProxy, new BulkWriter.Settings(1000, Duration.ofMinutes(5), 2,
                    Duration.ofSeconds(30)), "test")) {
                // A page's worth every 20 ms, as a crawl that waits between pages hands it over. (That a lone
                // write is not held: RequestSpacingTest.)
                long streamStart = System.nanoTime();
                for (int i = 0; i < 50; i++) {
                    bulk.index(index, "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
                    Thread.sleep(20);
                }
                outcomes.await(50);
                long streamMillis = (System.nanoTime() - streamStart) / 1_000_000;
                int requests = proxy.bulksPassed();
                // One request a write would be 50; spaced, at most one each SPACING_MILLIS, plus the first.
                assertTrue(requests <= streamMillis / BulkWriter.SPACING_MILLIS + 2,
                        requests + " requests for 50 writes over " + streamMillis + " ms");
            } finally {
                OpenSearchClients.close(viaProxy);
            }
        }
        assertEquals(50, outcomes.successes(), "every write confirmed: " + outcomes.seen());
    }

    @Test
    void bulksAndItemsOpenSearchIsTooBusyToTakeAreSentAgainAndNothingIsLost(TestOpenSearch os) throws Exception {
        String index = os.prefix() + "busy-test";
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (OpenSearchProxy proxy = new OpenSearchProxy(os.address()).rejectBulks(3)) {
            OpenSearchClient viaProxy = OpenSearchClients.create(os.config(Map.of("opensearch.addresses",
                    List.of(proxy.address()))));
            try (BulkWriter bulk = new BulkWriter(viaProxy, new BulkWriter.Settings(10, Duration.ofMillis(100), 1,
                    Duration.ofSeconds(30)), "test")) {
                long start = System.nanoTime();
                bulk.index(index, "first", null, Map.of("n", -1), outcomes.callbackFor(-1));
                outcomes.await(1);
                long waitedMillis = (System.nanoTime() - start) / 1_000_000;
                assertEquals(3, proxy.bulksRejected());
                // pauses of 250, 500 and 1000 ms between the four attempts: the writer waits, it does not hammer
                assertTrue(waitedMillis >= 1_750, "written after the pauses, " + waitedMillis + " ms");

                proxy.rejectFirstItemOfBulks(1);
                for (int i = 0; i < 25; i++) {
                    bulk.index(index, "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
                }
                outcomes.await(26);
                assertEquals(1, proxy.itemsRejected());
            } finally {
                OpenSearchClients.close(viaProxy);
            }
            assertEquals(26, outcomes.successes(), "every operation written in the end: " + outcomes.seen());
        }
        os.client().indices().refresh(r -> r.index(index));
        assertEquals(26, os.client().count(c -> c.index(index)).count());
    }

    @Test
    void anItemOpenSearchRefusesForGoodFailsAloneAtOnceWithTheReason(TestOpenSearch os) throws Exception {
        String index = os.prefix() + "conflict-test";
        os.client().indices().create(c -> c.index(index).mappings(m -> m.properties("n", p -> p.long_(l -> l))));
        Outcomes<String> outcomes = new Outcomes<>();
        long start = System.nanoTime();
        try (BulkWriter bulk = new BulkWriter(os.client(), new BulkWriter.Settings(10, Duration.ofMillis(100), 1,
                Duration.ofSeconds(60)), "test")) {
            bulk.index(index, "good", null, Map.of("n", 5), outcomes.callbackFor("good"));
            bulk.index(index, "bad", null, Map.of("n", "not a number"), outcomes.callbackFor("bad"));
            outcomes.await(2);
        }
        // Retried, it would fail after the 60 s of retries.
        assertTrue(System.nanoTime() - start < 30_000_000_000L, "a mapping conflict is not retried");
        Map<String, String> failures = new java.util.HashMap<>();
        outcomes.seen().forEach(o -> failures.put(o.handle(), o.failure()));
        assertEquals(null, failures.get("good"));
        assertTrue(failures.get("bad").contains("400") && failures.get("bad").contains("parsing"), failures.get("bad"));
    }

    @Test
    void whenOpenSearchStaysDownPastTheRetryTimeoutEveryOperationFailsWithTheReason() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        CrawlerConfig config = CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", List.of("http://127.0.0.1:" + deadPort)), "test");
        OpenSearchClient client = OpenSearchClients.create(config);
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(client, new BulkWriter.Settings(10, Duration.ofMillis(100), 1,
                Duration.ofSeconds(2)), "test")) {
            bulk.create("status", "a", "h", Map.of("url", "a"), outcomes.callbackFor(1));
            bulk.delete("status", "b", "h", outcomes.callbackFor(2));
            outcomes.await(2); // before close(), which would fail operations still waiting for their retry
        } finally {
            OpenSearchClients.close(client);
        }
        outcomes.await(2);
        assertEquals(2, outcomes.failures());
        String reason = outcomes.seen().get(0).failure();
        assertTrue(reason.startsWith("bulk request failed") && reason.contains("Connect")
                && reason.contains("still failing after 2 s"), reason);
    }

    @Test
    void closingWhileOpenSearchIsFarBehindEndsWithinItsBoundAndTellsEveryCallbackAndLaterAddsFailQuietly()
            throws Exception {
        // An OpenSearch that takes the connection and never answers: the first bulk stays in flight, the
        // next ones wait for its request slot.
        try (SilentNode silent = new SilentNode()) {
            OpenSearchClient client = silent.client();
            Outcomes<Integer> outcomes = new Outcomes<>();
            BulkWriter bulk = new BulkWriter(client, new BulkWriter.Settings(10, Duration.ofMillis(100), 1,
                    Duration.ofSeconds(60)), "test");
            for (int i = 0; i < 15; i++) {
                bulk.index("status", "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
            }
            long start = System.nanoTime();
            bulk.close(Duration.ofSeconds(2));
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            // Past its bound, close() would wait for the silent node: the retries' 60 s or the socket timeout's.
            assertTrue(tookMillis < 20_000, "close() kept its bound of 2 s: " + tookMillis + " ms");
            assertEquals(15, outcomes.seen().size(), "every callback was told at close: " + outcomes.seen());
            assertEquals(15, outcomes.failures());

            bulk.index("status", "late", null, Map.of("n", 99), outcomes.callbackFor(99));
            assertEquals(16, outcomes.seen().size());
            assertEquals("the writer is closed", outcomes.seen().get(15).failure());
        }
    }

    @Test
    void aCallerWaitingForARequestSlotDoesNotStopTheAnswerThatFreesIt(TestOpenSearch os) throws Exception {
        // A caller that holds the writer as an answer comes (the test holds its lock, as a bolt's thread inside
        // add() does) makes the client's I/O thread that read the answer wait for the lock, to wake the waiters.
        // The caller goes on filling batches while the only request slot is taken: once every I/O thread of the
        // client waits so (it has one a core), no answer is read unless the caller lets the lock go while it
        // waits for a slot (a crawl's indexer stopped for good so).
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(os.client(), new BulkWriter.Settings(10, Duration.ofMinutes(5), 1,
                Duration.ofSeconds(10)), "test")) {
            addBatch(bulk, 0, outcomes);
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                synchronized (bulk) {
                    outcomes.await(10);
                    awaitThreadBlockedIn("BulkWriter.answered");
                    for (int batch = 1; batch <= BATCHES_PAST_THE_IO_THREADS; batch++) {
                        addBatch(bulk, batch * 10, outcomes); // each waits for the answer before it
                    }
                }
                outcomes.await(10 * (BATCHES_PAST_THE_IO_THREADS + 1));
            }, "the writer stopped: its caller waited for a request slot and kept the answer that frees it out");
            assertEquals(10 * (BATCHES_PAST_THE_IO_THREADS + 1), outcomes.successes());
        }
    }

    private static final int BATCHES_PAST_THE_IO_THREADS = 2 * Runtime.getRuntime().availableProcessors() + 2;

    private static void addBatch(BulkWriter bulk, int first, Outcomes<Integer> outcomes) {
        for (int i = first; i < first + 10; i++) {
            bulk.index("slot-test", "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
        }
    }

    private static void awaitThreadBlockedIn(String method) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                if (e.getKey().getState() == Thread.State.BLOCKED && Arrays.stream(e.getValue())
                        .anyMatch(f -> (f.getClassName() + "." + f.getMethodName()).endsWith(method))) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no thread came to " + method);
    }

    @Test
    void aCallerInterruptedWhileItWaitsForARequestSlotLeavesItsWritesInTheBufferNotFailed() throws Exception {
        // As above: the first bulk takes the only request slot and is never answered.
        try (SilentNode silent = new SilentNode()) {
            OpenSearchClient client = silent.client();
            Outcomes<Integer> outcomes = new Outcomes<>();
            BulkWriter bulk = new BulkWriter(client, new BulkWriter.Settings(10, Duration.ofMinutes(5), 1,
                    Duration.ofSeconds(60)), "test");
            for (int i = 0; i < 10; i++) {
                bulk.index("status", "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
            }
            // The second full batch waits for the slot, as a status updater's executor does when a worker stops.
            Thread executor = new Thread(() -> {
                for (int i = 10; i < 20; i++) {
                    bulk.index("status", "id" + i, null, Map.of("n", i), outcomes.callbackFor(i));
                }
            });
            executor.start();
            long deadline = System.nanoTime() + 10_000_000_000L;
            // All 20 added and the thread parked: the second batch waits for the slot (a thread may park
            // elsewhere on the way, on a loaded machine, before its last add).
            while ((bulk.unanswered() < 20 || executor.getState() != Thread.State.WAITING)
                    && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            executor.interrupt();
            executor.join(10_000);
            assertEquals(List.of(), outcomes.seen(), "nothing failed for the interruption");
            assertEquals(10, bulk.buffered(), "the batch is back in the buffer, for close() to send");
            assertEquals(20, bulk.unanswered());
            bulk.close(Duration.ofMillis(500));
            assertEquals(20, outcomes.failures(), "close() told every callback when it gave up");
        }
    }

    /** An OpenSearch that takes every connection and never answers: a bulk sent to it stays in flight. */
    private static final class SilentNode implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<java.net.Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final OpenSearchClient client;

        SilentNode() throws java.io.IOException {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(server.accept());
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            client = OpenSearchClients.create(CrawlerConfig.defaults().with(Map.of(
                    "opensearch.addresses", List.of("http://127.0.0.1:" + server.getLocalPort())), "test"));
        }

        /** A client of this node, closed with it. */
        OpenSearchClient client() {
            return client;
        }

        @Override
        public void close() throws java.io.IOException {
            OpenSearchClients.close(client);
            server.close();
            for (java.net.Socket socket : held) {
                socket.close();
            }
        }
    }
}
