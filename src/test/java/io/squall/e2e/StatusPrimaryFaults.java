package io.squall.e2e;

import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.TestOpenSearch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The fault harness's node faults on an {@link OpenSearchNodes} cluster: a node stop kills the node holding the
 * status index's primary, a node back starts the node killed last again on its data and returns once the
 * cluster is green (its copies recovered). Remembers the nodes killed and which node held the status primary
 * when each restart began, for a test to check that a replica took over.
 */
final class StatusPrimaryFaults implements FaultHarness.ClusterFaults {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final OpenSearchNodes cluster;
    private final TestOpenSearch os;
    private final List<String> killed = new ArrayList<>();
    private final List<String> primariesWhileDown = new ArrayList<>();
    /** The node killed and not started again yet; read without the lock, for a restart holds it for minutes. */
    private volatile String down;

    StatusPrimaryFaults(OpenSearchNodes cluster, TestOpenSearch os) {
        this.cluster = cluster;
        this.os = os;
    }

    @Override
    public synchronized String killStatusPrimaryHolder() throws Exception {
        if (down != null) {
            throw new IllegalStateException("a node stop while " + down + " is down: the schedule must bring it back first");
        }
        String status = os.indexName(SquallIndex.STATUS);
        String holder = OpenSearchNodes.primaryHolder(os.client(), status);
        boolean manager = holder.equals(OpenSearchNodes.clusterManager(os.client()));
        cluster.kill(holder);
        killed.add(holder);
        down = holder;
        return holder + ", which held the status index's primary" + (manager ? " and was the cluster manager" : "");
    }

    @Override
    public synchronized String restartKilled() throws Exception {
        if (down == null) {
            throw new IllegalStateException("no node is down to start again");
        }
        primariesWhileDown.add(OpenSearchNodes.primaryHolder(os.client(), os.indexName(SquallIndex.STATUS)));
        cluster.restart(down, START_TIMEOUT);
        OpenSearchNodes.awaitGreen(os.client(), START_TIMEOUT);
        String node = down;
        down = null;
        return node;
    }

    @Override
    public boolean isDown() {
        return down != null;
    }

    synchronized List<String> killed() {
        return List.copyOf(killed);
    }

    synchronized List<String> primariesWhileDown() {
        return List.copyOf(primariesWhileDown);
    }
}
