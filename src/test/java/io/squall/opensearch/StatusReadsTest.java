package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.HealthStatus;

/**
 * What a failed read of the status index tells the user, against a real node: an index whose primary shard is
 * not active (red) is not "OpenSearch unreachable", and neither case prints OpenSearch's raw JSON.
 */
@ExtendWith(OpenSearchExtension.class)
class StatusReadsTest {

    @Test
    void aRedIndexIsReportedAsTheIndexUnavailableInOneLine(TestOpenSearch os) throws Exception {
        OpenSearchClient client = os.client();
        String index = os.prefix() + "status";
        // A primary that no node may hold: the index stays red, as when the node holding it died.
        client.indices().create(c -> c.index(index).waitForActiveShards(w -> w.count(0))
                .settings(s -> s.routing(r -> r.allocation(a -> a.include(i -> i.id("no-such-node"))))));
        assertEquals(HealthStatus.Red, client.cluster().health(h -> h.index(index)).status());

        IndexUnavailableException e = assertThrows(IndexUnavailableException.class,
                () -> StatusReads.read(index, () -> client.count(c -> c.index(index))));

        String message = e.getMessage();
        assertTrue(message.startsWith("cannot read the status index '" + index + "': OpenSearch answers 503 "
                + "search_phase_execution_exception: all shards failed (a primary shard of the index is not active"),
                message);
        assertTrue(message.contains("GET _cluster/health/" + index), message);
        assertFalse(message.contains("\n") || message.contains("{"), "one line, no JSON: " + message);
    }

    @Test
    void anOpenSearchThatDoesNotAnswerIsUnreachableNotAnIndexProblem() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        OpenSearchClient client = OpenSearchClients.create(CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", List.of("http://127.0.0.1:" + deadPort)), "test"));
        try {
            OpenSearchUnavailableException e = assertThrows(OpenSearchUnavailableException.class,
                    () -> StatusReads.read("status", () -> client.count(c -> c.index("status"))));
            assertFalse(e instanceof IndexUnavailableException, e.getMessage());
            assertTrue(e.getMessage().startsWith("cannot read the status index 'status': "), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        } finally {
            OpenSearchClients.close(client);
        }
    }
}
