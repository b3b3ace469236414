package io.squall.metrics;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.apache.storm.task.IErrorReporter;
import org.apache.storm.task.TopologyContext;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the topology's metrics (Squall's and Storm's own) to the metrics index, for OpenSearch
 * Dashboards. Registered in topology.yaml under {@code topology.metrics.consumer.register}.
 *
 * <p>Metrics are best effort: a failed write is logged (once a minute at most) and dropped, never retried,
 * since no URL depends on it.
 */
public class MetricsIndexConsumer implements IMetricsConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(MetricsIndexConsumer.class);
    private static final long WARN_EVERY_MILLIS = 60_000;

    private transient OpenSearchClient client;
    private transient BulkWriter bulk;
    private transient String index;
    private final AtomicLong lastWarning = new AtomicLong();

    @Override
    public void prepare(Map<String, Object> topoConf, Object registrationArgument, TopologyContext context,
            IErrorReporter errorReporter) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        client = OpenSearchClients.create(config);
        IndexSetup.awaitReachable(client, config);
        IndexSetup.ensureIndex(client, config, SquallIndex.METRICS, null);
        index = SquallIndex.METRICS.name(config);
        bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.metrics"), index);
    }

    @Override
    public void handleDataPoints(TaskInfo task, Collection<DataPoint> dataPoints) {
        MetricDocuments.Origin origin = new MetricDocuments.Origin(task.srcWorkerHost + ":" + task.srcWorkerPort,
                task.srcComponentId, task.srcTaskId, task.timestamp * 1000);
        for (DataPoint point : dataPoints) {
            for (MetricDocuments.MetricDocument doc : MetricDocuments.of(origin, point.name, point.value)) {
                bulk.index(index, doc.id(), null, doc.source(), droppedOnFailure);
            }
        }
    }

    private final BulkWriter.Callback droppedOnFailure = new BulkWriter.Callback() {
        @Override
        public void succeeded(boolean alreadyExisted) {
        }

        @Override
        public void failed(String reason) {
            long now = System.currentTimeMillis();
            long last = lastWarning.get();
            if (now - last > WARN_EVERY_MILLIS && lastWarning.compareAndSet(last, now)) {
                LOG.warn("Metrics not written to index '{}': {}", index, reason);
            }
        }
    };

    @Override
    public void cleanup() {
        if (bulk != null) {
            bulk.close();
        }
        OpenSearchClients.close(client);
    }
}
