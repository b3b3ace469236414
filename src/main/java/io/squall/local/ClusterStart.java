package io.squall.local;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The local Storm cluster, started on a thread of its own while the embedded OpenSearch node starts: each
 * takes seconds, much of it waiting (ZooKeeper sessions, the node's shards), so side by side they are ready
 * sooner than one after the other. With an OpenSearch of the user's, the cluster starts when it is taken, so
 * that an unreachable OpenSearch is reported without waiting for a cluster. Closing it closes a cluster that
 * was started and never taken, once it is up.
 */
public final class ClusterStart implements AutoCloseable {
    private final FutureTask<LocalCrawlTopology> creating;
    private final boolean started;
    private boolean taken;

    private ClusterStart(boolean started, int workers) {
        this.started = started;
        this.creating = new FutureTask<>(() -> LocalCrawlTopology.create(workers));
    }

    /** Starts a cluster for that many workers now, in the background, or (false) when it is taken. */
    public static ClusterStart begin(boolean now, int workers) {
        ClusterStart start = new ClusterStart(now, workers);
        if (now) {
            Thread thread = new Thread(start.creating, "squall-local-cluster-start");
            thread.setDaemon(true);
            thread.start();
        }
        return start;
    }

    /** The cluster, once it is up; the caller closes it from then on. */
    public LocalCrawlTopology take() throws Exception {
        taken = true;
        if (!started) {
            creating.run();
        }
        return await();
    }

    @Override
    public void close() throws Exception {
        if (started && !taken) {
            await().close();
        }
    }

    private LocalCrawlTopology await() throws Exception {
        try {
            return creating.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
