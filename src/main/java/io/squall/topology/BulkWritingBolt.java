package io.squall.topology;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.Completions;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * The Storm side of a bolt that writes to OpenSearch through a {@link BulkWriter} and acks a tuple only
 * once its write is confirmed.
 *
 * <p>Bulk callbacks run on the client's I/O threads and only queue their outcome ({@link Completions});
 * the outcomes are acted on here, on the executor thread, at every tuple and at every tick tuple (one per
 * second), because only that thread may touch the output collector.
 */
public abstract class BulkWritingBolt extends BaseRichBolt {
    protected transient OutputCollector collector;
    protected transient Completions<Tuple> completions;
    private transient OpenSearchClient client;
    private transient BulkWriter bulk;

    /** Keeps the collector; subclasses open their writer with {@link #openBulkWriter} when they need one. */
    protected void prepareCollector(OutputCollector collector) {
        this.collector = collector;
        this.completions = new Completions<>();
    }

    /**
     * Connects to OpenSearch (waiting for it at start-up), creates the index if it is missing and opens a
     * bulk writer with the {@code <settingsPrefix>.bulkActions / flushInterval / concurrentRequests} settings.
     */
    protected BulkWriter openBulkWriter(CrawlerConfig config, SquallIndex index, String settingsPrefix,
            TopologyContext context) {
        this.client = OpenSearchClients.create(config);
        IndexSetup.awaitReachable(client, config);
        IndexSetup.ensureIndex(client, config, index, null);
        this.bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, settingsPrefix),
                index.name(config) + "-" + context.getThisTaskId());
        return bulk;
    }

    @Override
    public final void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple)) {
            submit(tuple);
        }
        completions.drain(this::complete);
    }

    /** Hands a data tuple to the writer, or acks/fails it at once when there is nothing to write. */
    protected abstract void submit(Tuple tuple);

    /** Acts on the confirmed or failed write of a tuple. */
    protected abstract void complete(Completions.Completion<Tuple> done);

    @Override
    public void cleanup() {
        if (bulk != null) {
            bulk.close();
            completions.drain(this::complete);
        }
        OpenSearchClients.close(client);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    }
}
