package io.squall.opensearch;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.OpenSearchClients;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.Outcomes;
import io.squall.testsupport.TestOpenSearch;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(OpenSearchExtension.class)
class BulkWriterTest {

    @Test
    void aPartialBulkLeavesOnTheTimerWithoutAnExplicitFlush(TestOpenSearch os) throws Exception {
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(os.client(), new BulkWriter.Settings(1000, Duration.ofMillis(200), 1),
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
        try (BulkWriter bulk = new BulkWriter(os.client(), new BulkWriter.Settings(1000, Duration.ofMinutes(5), 1),
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
    void whenOpenSearchIsDownEveryOperationOfTheBulkFailsWithTheReason() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        CrawlerConfig config = CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", List.of("http://127.0.0.1:" + deadPort)), "test");
        OpenSearchClient client = OpenSearchClients.create(config);
        Outcomes<Integer> outcomes = new Outcomes<>();
        try (BulkWriter bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "test")) {
            bulk.create("status", "a", "h", Map.of("url", "a"), outcomes.callbackFor(1));
            bulk.delete("status", "b", "h", outcomes.callbackFor(2));
        } finally {
            OpenSearchClients.close(client);
        }
        outcomes.await(2);
        assertEquals(2, outcomes.failures());
        String reason = outcomes.seen().get(0).failure();
        assertTrue(reason.startsWith("bulk request failed") && reason.contains("Connect"), reason);
    }
}
