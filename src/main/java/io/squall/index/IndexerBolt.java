package io.squall.index;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StatusStream;
import io.squall.config.CrawlerConfig;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.storm.BulkWritingBolt;
import io.squall.storm.TaskCounters;
import io.squall.storm.TaskGauges;
import io.squall.storm.WriteTickets;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes parsed pages ({@code url, content, metadata, text} on the default stream) to the content index
 * through a {@link ContentIndexer}, in asynchronous bulks ({@code opensearch.content.*}), and emits the
 * page as FETCHED on the "status" stream, anchored, only once OpenSearch confirmed its document; then
 * acks the input. A failed item or bulk fails the input (the spout re-emits the URL). A noindex page, a
 * near-duplicate left out, and every page when {@code indexer.enabled} is false go straight to FETCHED.
 * A page that fails owes its worker's pending writes nothing more ({@link WriteTickets}).
 */
public class IndexerBolt extends BulkWritingBolt {
    private static final Logger LOG = LoggerFactory.getLogger(IndexerBolt.class);

    private transient ContentIndexer indexer;
    private transient TaskCounters counters;
    private transient WriteTickets tickets;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        prepareCollector(collector, config);
        tickets = WriteTickets.join(topoConf, context);
        if (!config.getBoolean("indexer.enabled")) {
            return;
        }
        BulkWriter bulk = openBulkWriter(config, SquallIndex.CONTENT, "opensearch.content", context);
        this.counters = new TaskCounters(context);
        this.indexer = new ContentIndexer(config, bulk, counters, clock());
        TaskGauges.register(context, "indexer.buffered", bulk::buffered);
    }

    @Override
    protected void submit(Tuple tuple) {
        if (indexer == null) {
            fetched(tuple);
            return;
        }
        String url = tuple.getStringByField("url");
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        String text = tuple.getStringByField("text");
        if (indexer.index(url, metadata, text, callbackFor(tuple)) != ContentIndexer.Decision.QUEUED) {
            fetched(tuple);
        }
    }

    @Override
    protected void written(Tuple tuple) {
        counters.increment("indexer.indexed");
        fetched(tuple);
    }

    @Override
    protected void notWritten(Tuple tuple, String reason) {
        counters.increment("indexer.failed");
        LOG.debug("Page {} not indexed: {}", tuple.getValueByField("url"), reason);
        tickets.close((Metadata) tuple.getValueByField("metadata"));
        collector.fail(tuple);
    }

    private void fetched(Tuple tuple) {
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        tickets.emitted(metadata, collector.emit(StatusStream.NAME, tuple, StatusStream.values(
                tuple.getStringByField("url"), metadata, Status.FETCHED, StatusStream.discovered(tuple))));
        collector.ack(tuple);
    }

    @Override
    public void cleanup() {
        super.cleanup();
        if (tickets != null) {
            tickets.leave();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(StatusStream.NAME, StatusStream.FIELDS);
    }
}
