package io.squall.storm;

import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.metrics.MetricDocuments;
import io.squall.metrics.MetricSelection;
import io.squall.metrics.WrittenReports;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.MetricsIndices;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.Config;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.apache.storm.task.IErrorReporter;
import org.apache.storm.task.TopologyContext;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.HealthStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the topology's metrics to the metrics indices, for OpenSearch Dashboards: Squall's own and the
 * few of Storm's that {@code opensearch.metrics.storm.include} names ({@link MetricDocuments} says what a
 * document holds). Registered in topology.yaml under {@code topology.metrics.consumer.register}, with one
 * task: it remembers each counter's last total to write its increase, and a consumer started again (its
 * worker was killed) reads the last totals its predecessor wrote, once per task, to go on from them.
 *
 * <p>Each day (UTC) has its own index, made from the index template that start-up puts in place; at
 * start and at each new day, the days older than {@code opensearch.metrics.retention.days} are deleted.
 *
 * <p>Metrics are best effort: a failed write is logged (once a minute at most) and dropped, never retried,
 * since no URL depends on it.
 */
public class MetricsIndexConsumer implements IMetricsConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(MetricsIndexConsumer.class);
    private static final long WARN_EVERY_MILLIS = 60_000;

    private transient OpenSearchClient client;
    private transient BulkWriter bulk;
    private transient String baseName;
    private transient String stormId;
    private transient int retentionDays;
    private transient MetricDocuments documents;
    private transient LocalDate retentionCheckedOn;
    private transient CrawlClock clock;
    private final AtomicLong lastWarning = new AtomicLong();

    @Override
    public void prepare(Map<String, Object> topoConf, Object registrationArgument, TopologyContext context,
            IErrorReporter errorReporter) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        clock = CrawlClock.system();
        client = OpenSearchClients.create(config);
        IndexSetup.awaitReachable(client, config);
        IndexSetup.ensureIndex(client, config, SquallIndex.METRICS, null);
        baseName = SquallIndex.METRICS.name(config);
        awaitSearchable(MetricsIndices.daily(baseName, clock.millis()));
        stormId = context != null ? context.getStormId() : String.valueOf(topoConf.get(Config.STORM_ID));
        retentionDays = config.getInt("opensearch.metrics.retention.days");
        documents = new MetricDocuments(new MetricSelection(config.getStringList("opensearch.metrics.storm.include")),
                new WrittenReports(client, MetricsIndices.pattern(baseName), stormId), this::warn);
        bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.metrics"), baseName, clock);
        deleteExpired(LocalDate.now(clock));
    }

    /**
     * Creates the day's index (from the template) unless it exists, and waits a bounded time for its shards:
     * the first reports read what was written before them ({@link WrittenReports}), and while the index that
     * the first write creates is still being allocated, that search fails and leaves the reports without
     * their delta (made up by the next ones).
     */
    private void awaitSearchable(String index) {
        try {
            if (!client.indices().exists(e -> e.index(index)).value()) {
                client.indices().create(c -> c.index(index));
            }
            client.cluster().health(h -> h.index(index).waitForStatus(HealthStatus.Yellow)
                    .timeout(t -> t.time("30s")));
        } catch (IOException | RuntimeException e) {
            // another consumer may have created it meanwhile; the reads and writes say what else is wrong
            LOG.debug("The metrics index {} could not be made ready: {}", index, e.toString());
        }
    }

    @Override
    public void handleDataPoints(TaskInfo task, Collection<DataPoint> dataPoints) {
        long millis = task.timestamp * 1000;
        LocalDate day = LocalDate.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
        if (day.isAfter(retentionCheckedOn)) {
            deleteExpired(day);
        }
        String index = MetricsIndices.daily(baseName, millis);
        MetricDocuments.Origin origin = new MetricDocuments.Origin(stormId, task.srcWorkerHost + ":"
                + task.srcWorkerPort, task.srcComponentId, task.srcTaskId, millis);
        Map<String, Object> values = new LinkedHashMap<>();
        for (DataPoint point : dataPoints) {
            values.put(point.name, point.value);
        }
        for (MetricDocuments.MetricDocument doc : documents.of(origin, values)) {
            bulk.index(index, doc.id(), null, doc.source(), droppedOnFailure);
        }
    }

    /** Deletes the days past the retention; a failure is logged and tried again the next day. */
    private void deleteExpired(LocalDate today) {
        retentionCheckedOn = today;
        try {
            List<String> existing = new ArrayList<>(client.indices()
                    .get(g -> g.index(MetricsIndices.pattern(baseName))).result().keySet());
            List<String> expired = MetricsIndices.expired(baseName, existing, today, retentionDays);
            if (!expired.isEmpty()) {
                client.indices().delete(d -> d.index(expired));
                LOG.info("Deleted the metrics indices older than {} days (opensearch.metrics.retention.days): {}",
                        retentionDays, expired);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not delete the metrics indices older than {} days: {}", retentionDays, e.toString());
        }
    }

    private final BulkWriter.Callback droppedOnFailure = new BulkWriter.Callback() {
        @Override
        public void succeeded(boolean alreadyExisted) {
        }

        @Override
        public void failed(String reason) {
            warn("Metrics not written to the indices '" + MetricsIndices.pattern(baseName) + "': " + reason);
        }
    };

    /** Logs once a minute at most: with OpenSearch away, every report would fail. */
    private void warn(String problem) {
        long now = clock.millis();
        long last = lastWarning.get();
        if (now - last > WARN_EVERY_MILLIS && lastWarning.compareAndSet(last, now)) {
            LOG.warn("{}", problem);
        }
    }

    @Override
    public void cleanup() {
        if (bulk != null) {
            bulk.close();
        }
        OpenSearchClients.close(client);
    }
}
