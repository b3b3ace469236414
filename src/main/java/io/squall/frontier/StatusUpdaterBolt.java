package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import io.squall.core.Discovered;
import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.topology.BulkWritingBolt;
import io.squall.topology.StatusStream;
import io.squall.topology.TaskCounters;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores the outcome of every URL in the status index: input {@code url, metadata, status, discovered} on
 * the "status" stream (fields grouping on url), the URL's status and its discoveries written together by a
 * {@link StatusWriter} in asynchronous bulks.
 *
 * <p>A tuple is acked only when OpenSearch confirmed all its items (a DISCOVERED URL written recently
 * needs no write); a failed item or bulk fails it, so the spout re-emits its URL.
 */
public class StatusUpdaterBolt extends BulkWritingBolt {
    private static final Logger LOG = LoggerFactory.getLogger(StatusUpdaterBolt.class);

    private transient StatusWriter writer;
    private transient TaskCounters counters;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        prepareCollector(collector, config);
        BulkWriter bulk = openBulkWriter(config, SquallIndex.STATUS, "opensearch.status", context);
        this.counters = new TaskCounters(context);
        this.writer = new StatusWriter(config, bulk, counters);
        context.registerGauge("status.buffered", bulk::buffered);
    }

    @Override
    protected void submit(Tuple tuple) {
        String url = tuple.getStringByField("url");
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        Object value = tuple.getValueByField("status");
        List<Discovered> discovered = StatusStream.discovered(tuple);
        try {
            Status status = value instanceof Status s ? s : Status.parse(String.valueOf(value));
            writer.write(url, metadata, status, discovered, callbackFor(tuple));
        } catch (IllegalArgumentException e) {
            // Replaying cannot make such a URL storable: say so and let the tuple go.
            LOG.warn("Not storing status '{}' of {}: {}", value, url, e.getMessage());
            counters.increment("status.invalid");
            collector.ack(tuple);
        }
    }

    @Override
    protected void written(Tuple tuple) {
        collector.ack(tuple);
    }

    @Override
    protected void notWritten(Tuple tuple, String reason) {
        LOG.debug("Status of {} not stored: {}", tuple.getValueByField("url"), reason);
        collector.fail(tuple);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Writes to OpenSearch only.
    }
}
