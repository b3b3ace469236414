package io.squall.local;

import com.codahale.metrics.MetricRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.Config;
import org.apache.storm.metrics2.MetricRegistryProvider;
import org.apache.storm.metrics2.reporters.StormReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands the metrics registry of each worker of a local crawl to the crawl's {@link WorkerMetrics}, which
 * reads its tasks' metrics as they are at that moment.
 *
 * <p>Why this way: Storm creates the reporters listed in {@code topology.metrics.reporters} in every worker,
 * by their class name, and gives each the worker's registry, in which every task's metrics live. A metrics
 * consumer (the metrics index's) sees the values only at each metrics tick, 10 s apart; the progress line
 * and the stop decision need them now. In local mode the worker runs in this JVM, so the registry itself
 * can be handed over. A reporter Storm created finds its crawl through the one static map below, under an
 * id that {@link #register} put in the reporter's configuration; no topology component ever sees it.
 * Only local mode registers this reporter: on a cluster the workers run in other processes.
 */
public final class LocalMetricsReporter implements StormReporter {
    private static final Logger LOG = LoggerFactory.getLogger(LocalMetricsReporter.class);
    private static final String RECEIVER_ID = "squall.metrics.receiver";
    private static final Map<String, WorkerMetrics> RECEIVERS = new ConcurrentHashMap<>();

    private WorkerMetrics receiver;
    private MetricRegistry registry;

    /** A crawl's end of the hand-off: the metrics of its workers. Closing it ends the hand-off. */
    public record Registration(String id, WorkerMetrics metrics) implements AutoCloseable {
        @Override
        public void close() {
            RECEIVERS.remove(id);
        }
    }

    /**
     * Adds this reporter to the topology's configuration (after any reporter it names already), so that
     * every worker of the topology hands its registry to the registration's metrics when it starts.
     */
    public static Registration register(Map<String, Object> stormConfig) {
        String id = UUID.randomUUID().toString();
        WorkerMetrics receiver = new WorkerMetrics();
        RECEIVERS.put(id, receiver);
        List<Object> reporters = new ArrayList<>();
        if (stormConfig.get(Config.TOPOLOGY_METRICS_REPORTERS) instanceof List<?> configured) {
            reporters.addAll(configured);
        }
        reporters.add(Map.of("class", LocalMetricsReporter.class.getName(), RECEIVER_ID, id));
        stormConfig.put(Config.TOPOLOGY_METRICS_REPORTERS, reporters);
        return new Registration(id, receiver);
    }

    /** What Storm 2.8 calls, with the worker's registry. */
    @Override
    public void prepare(MetricRegistryProvider provider, Map<String, Object> topoConf,
                        Map<String, Object> reporterConf) {
        receive(provider.getRegistry(), reporterConf);
    }

    /** What older Storm versions called; the interface still requires it. */
    @Override
    @Deprecated
    public void prepare(MetricRegistry metricRegistry, Map<String, Object> topoConf, Map<String, Object> reporterConf) {
        receive(metricRegistry, reporterConf);
    }

    private void receive(MetricRegistry metricRegistry, Map<String, Object> reporterConf) {
        this.registry = metricRegistry;
        this.receiver = RECEIVERS.get(String.valueOf(reporterConf.get(RECEIVER_ID)));
        if (receiver == null) {
            LOG.warn("{} has no local crawl to report to: it belongs in local mode only", getClass().getSimpleName());
        }
    }

    @Override
    public void start() {
        if (receiver != null) {
            receiver.attach(registry);
        }
    }

    @Override
    public void stop() {
        if (receiver != null) {
            receiver.detach(registry);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
