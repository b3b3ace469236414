package io.squall.local;

import io.squall.storm.FetchStop;
import io.squall.storm.WorkerPendingWrites;
import java.time.Duration;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.DaemonConfig;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.RebalanceOptions;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.SubmitOptions;
import org.apache.storm.generated.TopologyInitialStatus;
import org.apache.storm.generated.TopologyStatus;
import org.apache.storm.shade.org.apache.zookeeper.ClientCnxnSocketNetty;
import org.apache.storm.shade.org.apache.zookeeper.client.ZKClientConfig;

/** The crawl topology running in a Storm cluster inside this JVM. */
public final class LocalCrawlTopology implements AutoCloseable {
    static final String NAME = "squall-local";
    private static final String REBALANCING = TopologyStatus.REBALANCING.name();
    private static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration ASSIGNMENT_POLL = Duration.ofMillis(10);

    private final LocalCluster cluster;

    LocalCrawlTopology(LocalCluster cluster) {
        this.cluster = cluster;
    }

    /** Starts an empty local cluster (its daemons take a few seconds) as {@link #cluster} describes it. */
    static LocalCrawlTopology create(int workers) throws Exception {
        return new LocalCrawlTopology(cluster(workers).build());
    }

    /**
     * The local cluster: one slot per worker the topology asks for ({@code topology.workers}), on one
     * supervisor (Storm's default of two supervisors of three slots each only added a supervisor to start and
     * to keep), with the daemons' settings below and a Nimbus that looks at assignments seldom. The ZooKeeper
     * clients of every cluster built from it close at once ({@link #useZooKeeperClientsThatCloseAtOnce}).
     */
    static LocalCluster.Builder cluster(int workers) {
        useZooKeeperClientsThatCloseAtOnce();
        return new LocalCluster.Builder()
                .withSupervisors(1)
                .withPortsPerSupervisor(Math.max(1, workers))
                .withDaemonConf(daemonConf())
                .withINimbus(new SeldomMonitoringNimbus());
    }

    /**
     * The local cluster's daemons open and close dozens of ZooKeeper clients while a topology starts and
     * stops (each blob download, each worker, each daemon opens its own), one after the other. ZooKeeper's
     * default client sleeps in every close, and those sleeps add up to a noticeable part of a crawl's start
     * and stop. Its Netty client, in the same jar, closes without sleeping. A choice made with
     * {@code -Dzookeeper.clientCnxnSocket} is kept.
     */
    private static void useZooKeeperClientsThatCloseAtOnce() {
        if (System.getProperty(ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET) == null) {
            System.setProperty(ZKClientConfig.ZOOKEEPER_CLIENT_CNXN_SOCKET, ClientCnxnSocketNetty.class.getName());
        }
    }

    /**
     * The daemons' settings: the worker runs in this JVM and nothing else shares the cluster, so the daemons'
     * watch over it (heartbeats, monitoring, blob updates, their own metrics) runs seldom. At Storm's
     * periods, from one to a few seconds each, the idle daemons kept taking CPU from the crawl. (The supervisor's slots
     * are looked at every second whatever is set here, and so would Nimbus's assignments be: the local cluster
     * forces both; see {@link SeldomMonitoringNimbus}.)
     */
    static Map<String, Object> daemonConf() {
        return Map.ofEntries(
                Map.entry(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, true),
                // No need to give the worker seconds to exit before it is stopped.
                Map.entry(Config.SUPERVISOR_WORKER_SHUTDOWN_SLEEP_SECS, 0),
                Map.entry(Config.WORKER_HEARTBEAT_FREQUENCY_SECS, 5),
                Map.entry(Config.TASK_HEARTBEAT_FREQUENCY_SECS, 10),
                Map.entry(DaemonConfig.SUPERVISOR_HEARTBEAT_FREQUENCY_SECS, 10),
                Map.entry(DaemonConfig.SUPERVISOR_LOCALIZER_UPDATE_BLOB_INTERVAL_SECS, 600),
                Map.entry(DaemonConfig.SUPERVISOR_LOCALIZER_CACHE_CLEANUP_INTERVAL_MS, 600_000),
                Map.entry(DaemonConfig.STORM_DAEMON_METRICS_REPORTER_INTERVAL_SECS, 60),
                // Each of the threads that hand assignments to supervisors looks for work every 100 ms; there
                // is one supervisor.
                Map.entry(DaemonConfig.NIMBUS_ASSIGNMENTS_SERVICE_THREADS, 1),
                Map.entry(DaemonConfig.STORM_METRIC_STORE_CLASS, NoMetricStore.class.getName()));
    }

    /**
     * Starts the crawl topology's worker with the spout held back until {@link #activate}: the worker takes
     * a few seconds to start, which the caller can use.
     */
    public void submitInactive(StormTopology topology, Config config) throws Exception {
        cluster.submitTopologyWithOpts(NAME, config, topology, new SubmitOptions(TopologyInitialStatus.INACTIVE));
        assignNow();
    }

    /**
     * Has Nimbus assign the topology now rather than at its next look ({@link SeldomMonitoringNimbus}): a
     * rebalance with no wait assigns it, then gives it back its status (inactive). Returns once it has, since
     * Nimbus refuses to activate a topology that is being rebalanced.
     */
    private void assignNow() throws Exception {
        RebalanceOptions now = new RebalanceOptions();
        now.set_wait_secs(0);
        cluster.rebalance(NAME, now);
        long deadline = System.nanoTime() + ASSIGNMENT_TIMEOUT.toNanos();
        while (REBALANCING.equals(cluster.getTopologyInfoByName(NAME).get_status())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the local Storm cluster did not assign the crawl topology within "
                        + ASSIGNMENT_TIMEOUT.toSeconds() + " s; its log says why");
            }
            Thread.sleep(ASSIGNMENT_POLL.toMillis());
        }
    }

    /** Stops the spout from emitting; what is in flight goes on. */
    public void deactivate() throws Exception {
        cluster.deactivate(NAME);
    }

    /**
     * Has the fetchers fetch nothing more: the fetches under way finish, the URLs waiting for their turn go
     * back to the frontier, so that what is left in flight is the writing of pages already fetched.
     */
    public void stopFetching() {
        FetchStop.stop(NAME);
    }

    /**
     * The status writes the crawl owes for the URLs it fetched: each page's own and its links', from its fetch
     * until OpenSearch answered them.
     */
    public long pendingWrites() {
        return WorkerPendingWrites.writes(NAME);
    }

    /** The outcomes (URLs fetched) whose writes are owed. */
    public long pendingOutcomes() {
        return WorkerPendingWrites.outcomes(NAME);
    }

    /** Lets the spout emit: after {@link #submitInactive}, or again after {@link #deactivate}. */
    public void activate() throws Exception {
        cluster.activate(NAME);
    }

    /**
     * Shuts the cluster down: every worker stops, and each bolt's cleanup flushes what it holds. Tuples
     * still in flight are not acked, so their URLs stay due in the status index for the next crawl.
     */
    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
