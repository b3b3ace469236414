package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
