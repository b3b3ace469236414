package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.squall.faults.FaultScale;
import io.squall.faults.FaultSchedule;
import io.squall.faults.FaultStep;
import io.squall.faults.FaultStep.Ending;
import io.squall.faults.FaultStep.NodeStop;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.TestOpenSearch;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch._types.HealthStatus;

/**
 * The fault harness on a 3-node OpenSearch cluster (issue #41): a local crawl writes its frontier to the cluster
 * through node-1, and the node holding the status index's primary (node-2 or node-3) is killed with {@code kill -9}
 * mid-crawl and left down; the crawl goes on, is stopped with SIGTERM, resumes on the two nodes left and
 * finishes. The harness's invariants hold after each run: nothing the crawl fetched is lost, nothing is fetched
 * twice (no kill of the crawl), politeness held, and the summary's counts equal the index's. The crawl never
 * needed the killed node back; the operator then starts it again, and the cluster, green, reads as the crawl
 * left it (the node's copies, stale since the kill, caught up).
 *
 * <p>Every index has one replica, as es-conf/ must say for a cluster that is to lose a node (docs/cluster.md):
 * with none, the shards of the killed node are gone with it until it comes back. node-1, the crawl's one contact
 * ({@code --opensearch} takes one address), holds no copy of the status index, so that the node killed holds a
 * status primary and is not the one the crawl talks to.
 */
class NodeStopIT {
    private static final long SEED = 41;
    private static final String CONTACT = OpenSearchClusterMain.nodeName(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aCrawlLosesNothingWhenTheNodeHoldingTheStatusPrimaryIsKilled() throws Exception {
        try (OpenSearchNodes cluster = OpenSearchNodes.start(dir.resolve("opensearch"), 3, Duration.ofMinutes(4));
                TestOpenSearch os = new TestOpenSearch(cluster.addresses(), "nodestop-")) {
            IndexSetup.ensureIndices(os.client(), os.config(), replicatedDefinitions(dir.resolve("es-conf")));
            os.client().cluster().health(h -> h.waitForStatus(HealthStatus.Green).timeout(t -> t.time("2m")));
            String status = os.indexName(SquallIndex.STATUS);
            List<String> killed = new ArrayList<>();
            FaultHarness.NodeKiller killer = () -> {
                String holder = OpenSearchNodes.primaryHolder(os.client(), status);
                boolean manager = holder.equals(OpenSearchNodes.clusterManager(os.client()));
                cluster.kill(holder);
                killed.add(holder);
                return holder + ", which held the status index's primary" + (manager ? " and was the cluster manager" : "");
            };
            // 3 hosts of 200 pages at 50 ms: the run goes on for seconds after the kill, before its SIGTERM.
            FaultSchedule schedule = new FaultSchedule(SEED, new FaultScale("node-stop", 3, 200, 100, 1), 50, List.of(
                    new FaultStep(Ending.SIGTERM, 200, 0, 0, null, new NodeStop(20)),
                    new FaultStep(Ending.FINISH, 0, 0, 0, null)));

            FaultHarness.Report report = new FaultHarness(os, killer, dir.resolve("crawl"), System.out,
                    "mvn -q -o test-compile failsafe:integration-test failsafe:verify -Dit.test=NodeStopIT").run(schedule);

            assertEquals(1, report.nodesStopped(), "the node stop struck while the crawl ran: " + report.endings());
            assertNotEquals(CONTACT, killed.get(0), "the node killed is not the crawl's contact");
            String holder = OpenSearchNodes.primaryHolder(os.client(), status);
            assertNotEquals(killed.get(0), holder, "the status index's replica took over as primary");

            // The operator brings the node back: none of what its stale copies held shows through.
            Map<String, String> crawled = os.statusByUrl();
            cluster.restart(killed.get(0), Duration.ofMinutes(3));
            assertEquals(crawled, os.statusByUrl(), "the index is the same with the killed node back");
        }
    }

    /**
     * The index definitions of es-conf/ as a user edits them for a cluster that may lose a node: one replica of
     * every index. The status index also keeps its copies off the crawl's contact node (this test's need only).
     */
    private static Path replicatedDefinitions(Path esConf) throws IOException {
        Files.createDirectories(esConf);
        for (SquallIndex index : SquallIndex.values()) {
            ObjectNode definition;
            try (InputStream in = NodeStopIT.class.getClassLoader().getResourceAsStream("es-conf/" + index.definitionFile())) {
                definition = (ObjectNode) JSON.readTree(in);
            }
            ObjectNode settings = definition.with("settings").with("index");
            settings.put("number_of_replicas", 1);
            if (index == SquallIndex.STATUS) {
                settings.put("routing.allocation.exclude._name", CONTACT);
            }
            Files.writeString(esConf.resolve(index.definitionFile()), JSON.writeValueAsString(definition));
        }
        return esConf;
    }
}
