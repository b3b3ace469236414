package io.squall.local;

import java.util.Map;
import org.apache.storm.DaemonConfig;
import org.apache.storm.daemon.nimbus.Nimbus;

/**
 * The local cluster's Nimbus, looking at its topologies' assignments every {@value #MONITOR_SECS} s instead
 * of every second. Each look reads the cluster's state from ZooKeeper (topologies, assignments, supervisors)
 * and runs the scheduler, and a cleanup round reads it again at the same period: with nothing to do, Nimbus
 * and the ZooKeeper server it kept busy were a large share of an idle crawl's CPU.
 *
 * <p>The local cluster forces {@code nimbus.monitor.freq.secs} to 1 after the daemon settings are merged,
 * so Squall sets it here: Nimbus hands this class the settings it keeps, before its timers read them. A new
 * topology, which Nimbus would assign at its next look, is assigned at once by
 * {@link LocalCrawlTopology#submitInactive}; what the period still paces is the reassignment of a worker
 * that died, which a crawl in one JVM does not wait for.
 */
final class SeldomMonitoringNimbus extends Nimbus.StandaloneINimbus {
    static final int MONITOR_SECS = 30;

    @Override
    public void prepare(Map<String, Object> nimbusConf, String schedulerLocalDir) {
        nimbusConf.put(DaemonConfig.NIMBUS_MONITOR_FREQ_SECS, MONITOR_SECS);
    }
}
