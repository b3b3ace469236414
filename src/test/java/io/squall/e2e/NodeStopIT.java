package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.squall.faults.FaultScale;
import io.squall.faults.FaultSchedule;
import io.squall.faults.FaultStep;
import io.squall.faults.FaultStep.Ending;
import io.squall.faults.FaultStep.NodeBack;
import io.squall.faults.FaultStep.NodeStop;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.TestOpenSearch;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * The fault harness on a 3-node OpenSearch cluster (issue #41): a local crawl writes its frontier to the cluster
 * through node-1, and the node holding the status index's primary (node-2 or node-3) is killed with {@code kill -9}
 * mid-crawl; the crawl goes on, is stopped with SIGTERM and resumes on the two nodes left; while it runs on, the
 * operator starts the killed node again, whose stale copy of the status index recovers from the one that took
 * over while the crawl keeps writing; the crawl finishes. The harness's invariants hold after each run: nothing
 * the crawl fetched is lost, nothing is fetched twice (no kill of the crawl), politeness held, and the summary's
 * counts equal the index's. At the end the cluster is green and both copies of the status index hold the same.
 *
 * <p>Every index has one replica, as es-conf/ must say for a cluster that is to lose a node (docs/cluster.md):
 * with none, the shards of the killed node are gone with it until it comes back. node-1, the crawl's contact
 * (the harness's proxy forwards to it), holds no copy of the status index, so that the node killed holds a
 * status primary and is not the one the crawl talks to.
 */
class NodeStopIT {
    private static final long SEED = 41;
    private static final String CONTACT = OpenSearchClusterMain.nodeName(1);

    @TempDir
    Path dir;

    @Test
    void aCrawlLosesNothingWhenTheNodeHoldingTheStatusPrimaryIsKilledAndComesBackMidCrawl() throws Exception {
        try (OpenSearchNodes cluster = OpenSearchNodes.start(dir.resolve("opensearch"), 3, Duration.ofMinutes(4));
                TestOpenSearch os = new TestOpenSearch(cluster.addresses(), "nodestop-")) {
            IndexSetup.ensureIndices(os.client(), os.config(),
                    OpenSearchNodes.replicatedDefinitions(dir.resolve("es-conf"), CONTACT));
            OpenSearchNodes.awaitGreen(os.client(), Duration.ofMinutes(2));
            String status = os.indexName(SquallIndex.STATUS);
            StatusPrimaryFaults faults = new StatusPrimaryFaults(cluster, os);
            // 3 hosts of 1,000 pages at 50 ms: the second run goes on for about a minute, longer than a node takes to
            // start again (about 20 s), so that the node recovers its copies while the crawl writes.
            FaultSchedule schedule = new FaultSchedule(SEED, new FaultScale("node-stop", 3, 1_000, 100, 1), 50, List.of(
                    new FaultStep(Ending.SIGTERM, 200, 0, 0, null, new NodeStop(20)),
                    new FaultStep(Ending.FINISH, 0, 0, 0, null, null, new NodeBack(20))));

            FaultHarness.Report report = new FaultHarness(os, faults, dir.resolve("crawl"), System.out,
                    "mvn -q -o test-compile failsafe:integration-test failsafe:verify -Dit.test=NodeStopIT").run(schedule);

            assertEquals(1, report.nodesStopped(), "the node stop struck while the crawl ran: " + report.endings());
            String killed = faults.killed().get(0);
            String tookOver = faults.primariesWhileDown().get(0);
            assertNotEquals(CONTACT, killed, "the node killed is not the crawl's contact");
            assertNotEquals(killed, tookOver, "the status index's replica took over as primary");
            assertEquals(1, report.nodesBack(), "the killed node was back, its copies recovered, while the crawl ran: "
                    + report.endings());

            // None of what the restarted node's stale copy held shows through: both copies hold what the crawl wrote.
            Map<String, String> crawled = os.statusByUrl();
            assertEquals(3_000, crawled.size(), "every page of the web is in the status index");
            assertEquals(crawled, statusByUrlOn(os, killed), "the restarted node's copy caught up");
            assertEquals(crawled, statusByUrlOn(os, tookOver), "the copy that took over");
        }
    }

    /** The status index as one node's copy holds it. */
    @SuppressWarnings("rawtypes")
    private static Map<String, String> statusByUrlOn(TestOpenSearch os, String node) throws IOException {
        Map<String, String> statuses = new TreeMap<>();
        for (Hit<Map> hit : os.client().search(s -> s.index(os.indexName(SquallIndex.STATUS)).size(10_000)
                .preference("_only_nodes:" + node), Map.class).hits().hits()) {
            statuses.put((String) hit.source().get("url"), (String) hit.source().get("status"));
        }
        return statuses;
    }
}
