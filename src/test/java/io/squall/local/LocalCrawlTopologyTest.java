package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Timer;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.Test;

class LocalCrawlTopologyTest {

    @Test
    void theLocalClustersDaemonsTalkToZooKeeperThroughItsNettyClient() throws Exception {
        try (LocalCrawlTopology cluster = LocalCrawlTopology.create(1)) {
            // ZooKeeper's default client sleeps 100 ms in each close; its Netty client runs on these threads.
            assertTrue(Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(thread -> thread.getName().startsWith("zkNetty-")), "no ZooKeeper Netty client thread");
        }
    }

    @Test
    void aSubmittedTopologyIsAssignedAtOnceThoughNimbusLooksAtAssignmentsSeldom() throws Exception {
        LocalCluster cluster = LocalCrawlTopology.cluster(1).build();
        try (LocalCrawlTopology running = new LocalCrawlTopology(cluster)) {
            // Nimbus takes a first look as it starts, which could assign a topology submitted meanwhile.
            Thread.sleep(3_000);
            TopologyBuilder topology = new TopologyBuilder();
            topology.setSpout("words", new TestWordSpout());
            running.submitInactive(topology.createTopology(), new Config());

            // In local mode, a Nimbus client is the local cluster's Nimbus.
            NimbusClient.withConfiguredClient(nimbus -> {
                TopologyInfo submitted = nimbus.getTopologyInfoByName(LocalCrawlTopology.NAME);
                assertFalse(submitted.get_executors().isEmpty(), "the submitted topology has no assignment");
                assertEquals("INACTIVE", submitted.get_status());
            }, Map.of());

            // Each look at the assignments runs the scheduler, and Nimbus times each run: the same timer that
            // the registry hands out under its name. At Storm's local period (1 s), 3 or 4 runs in 3.5 s.
            Timer scheduling = cluster.getMetricRegistry().registerTimer("nimbus:topology-scheduling-duration-ms");
            long before = scheduling.getCount();
            assertTrue(before > 0, "no scheduling run was counted: the timer is not Nimbus's");
            Thread.sleep(3_500);
            assertEquals(before, scheduling.getCount(), "Nimbus looked at its assignments in 3.5 s");
        }
    }
}
