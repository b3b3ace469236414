package io.squall.frontier;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StatusStream;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.storm.BulkWritingBolt;
import io.squall.storm.TaskCounters;
import io.squall.storm.TaskGauges;
import io.squall.storm.WriteTickets;
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
 * the "status" stream (local or shuffle: from the bolts of its own worker), the URL's status and its
 * discoveries written together by a {@link StatusWriter} in asynchronous bulks.
 *
 * <p>A tuple is acked only when OpenSearch confirmed all its items (a DISCOVERED URL written recently
 * needs no write); a failed item or bulk fails it, so the spout re-emits its URL. Either way its outcome
 * owes the worker's pending writes nothing more ({@link WriteTickets}).
 */
public class StatusUpdaterBolt extends BulkWritingBolt {
    private static final Logger LOG = LoggerFactory.getLogger(StatusUpdaterBolt.class);

    private transient StatusWriter writer;
    private transient TaskCounters counters;
    private transient WriteTickets tickets;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        prepareCollector(collector, config);
        BulkWriter bulk = openBulkWriter(config, SquallIndex.STATUS, "opensearch.status", context);
        this.counters = new TaskCounters(context);
        this.writer = new StatusWriter(config, bulk, counters, clock());
        TaskGauges.register(context, "status.buffered", bulk::buffered);
        // The expected freshness and age of the pages this task planned (scheduler.class freshness), over all
        // their hosts; per host in the host index. NaN (not reported) before any page was planned.
        TaskGauges.register(context, "freshness.pages", () -> writer.expectedFreshness()[0]);
        TaskGauges.register(context, "freshness.expected", () -> writer.expectedFreshness()[1]);
        TaskGauges.register(context, "freshness.age.seconds", () -> writer.expectedFreshness()[2]);
        tickets = WriteTickets.join(topoConf, context);
    }

    @Override
    public void cleanup() {
        if (writer != null) {
            writer.drain(); // the sitemap and feed dates not checked yet fail, before the bulk writer closes
        }
        super.cleanup(); // answers every write still held first
        if (writer != null) {
            writer.close();
        }
        if (tickets != null) {
            tickets.leave();
        }
    }

    @Override
    protected void submit(Tuple tuple) {
        String url = tuple.getStringByField("url");
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        Object value = tuple.getValueByField("status");
        List<Discovered> discovered = StatusStream.discovered(tuple);
        Status status;
        if (value instanceof Status s) {
            status = s;
        } else {
            try {
                status = Status.parse(String.valueOf(value));
            } catch (IllegalArgumentException e) {
                // The URL is fine, what came with it is not: it is stored with the reason rather than lost.
                status = Status.ERROR;
                metadata = invalidStatus(metadata, value);
                counters.increment("status.invalid");
            }
        }
        try {
            writer.write(url, metadata, status, discovered, callbackFor(tuple));
        } catch (IllegalArgumentException e) {
            // Only a URL without a document key gets here (its discoveries are stored): replaying cannot
            // make it storable, so it is counted and named, and the tuple let go.
            LOG.warn("Not storing status '{}' of {}: {}", value, url, e.getMessage());
            counters.increment(StatusWriter.UNKEYABLE);
            tickets.close(metadata);
            collector.ack(tuple);
        }
    }

    private static Metadata invalidStatus(Metadata metadata, Object value) {
        Metadata md = metadata == null ? new Metadata() : metadata.copy();
        md.set(MetadataKeys.ERROR_CAUSE, "status.invalid");
        md.set(MetadataKeys.ERROR_MESSAGE, "no such status: '" + value + "'");
        return md;
    }

    @Override
    protected void written(Tuple tuple) {
        tickets.close((Metadata) tuple.getValueByField("metadata"));
        collector.ack(tuple);
    }

    @Override
    protected void notWritten(Tuple tuple, String reason) {
        LOG.debug("Status of {} not stored: {}", tuple.getValueByField("url"), reason);
        tickets.close((Metadata) tuple.getValueByField("metadata"));
        collector.fail(tuple);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Writes to OpenSearch only.
    }
}
