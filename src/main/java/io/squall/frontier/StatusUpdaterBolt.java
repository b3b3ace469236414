package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.metrics.CrawlStats;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores the outcome of every URL in the status index: input {@code url, metadata, status} on the
 * "status" stream (fields grouping on url), written by a {@link StatusWriter} in asynchronous bulks.
 *
 * <p>A tuple is acked only when OpenSearch confirmed its item (or, for a DISCOVERED URL written recently,
 * at once, since there is nothing to write); a failed item or bulk fails it, so the spout re-emits its URL.
 * The bulk callbacks run on the client's I/O threads and only queue their outcome ({@link Completions});
 * the outcomes are acked or failed here, on the executor thread, at every tuple and at every tick tuple
 * (one per second), so the collector is never touched from another thread.
 */
public class StatusUpdaterBolt extends BaseRichBolt {
    private static final Logger LOG = LoggerFactory.getLogger(StatusUpdaterBolt.class);

    private transient OutputCollector collector;
    private transient OpenSearchClient client;
    private transient BulkWriter bulk;
    private transient StatusWriter writer;
    private transient Completions<Tuple> completions;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        this.collector = collector;
        this.client = OpenSearchClients.create(config);
        IndexSetup.awaitReachable(client, config);
        IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
        this.bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "status-" + context.getThisTaskId());
        this.writer = new StatusWriter(config, bulk);
        this.completions = new Completions<>();
        for (Status s : Status.values()) {
            context.registerGauge("status.written." + s.name(), () -> writer.written(s));
        }
        context.registerGauge("status.known", writer::alreadyKnown);
        context.registerGauge("status.failed", writer::failed);
        context.registerGauge("status.buffered", bulk::buffered);
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple)) {
            submit(tuple);
        }
        completions.drain(this::complete);
    }

    private void submit(Tuple tuple) {
        String url = tuple.getStringByField("url");
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        Object value = tuple.getValueByField("status");
        try {
            Status status = value instanceof Status s ? s : Status.parse(String.valueOf(value));
            if (writer.write(url, metadata, status, completions.callbackFor(tuple))
                    == StatusWriter.Submission.ALREADY_KNOWN) {
                collector.ack(tuple);
            }
        } catch (IllegalArgumentException e) {
            // Replaying cannot make such a URL storable: say so and let the tuple go.
            LOG.warn("Not storing status '{}' of {}: {}", value, url, e.getMessage());
            CrawlStats.counter("status.invalid").increment();
            collector.ack(tuple);
        }
    }

    private void complete(Completions.Completion<Tuple> done) {
        if (done.succeeded()) {
            collector.ack(done.handle());
        } else {
            LOG.debug("Status of {} not stored: {}", done.handle().getValueByField("url"), done.failure());
            collector.fail(done.handle());
        }
    }

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

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Writes to OpenSearch only.
    }
}
