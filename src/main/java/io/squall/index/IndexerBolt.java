package io.squall.index;

import io.squall.config.CrawlerConfig;
import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.frontier.BulkWriter;
import io.squall.frontier.Completions;
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
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes parsed pages ({@code url, content, metadata, text} on the default stream) to the content index
 * through a {@link ContentIndexer}, in asynchronous bulks ({@code opensearch.content.*}), and emits the
 * page as FETCHED on the "status" stream, anchored, only once OpenSearch confirmed its document; then
 * acks the input. A failed item or bulk fails the input (the spout re-emits the URL). A noindex page and
 * every page when {@code indexer.enabled} is false go straight to FETCHED.
 *
 * <p>Like the status updater, bulk outcomes are queued by the client's I/O threads and acted on here, on
 * the executor thread, at every tuple and every tick tuple (one per second).
 */
public class IndexerBolt extends BaseRichBolt {
    private static final Logger LOG = LoggerFactory.getLogger(IndexerBolt.class);

    private transient OutputCollector collector;
    private transient OpenSearchClient client;
    private transient BulkWriter bulk;
    private transient ContentIndexer indexer;
    private transient Completions<Tuple> completions;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        this.collector = collector;
        this.completions = new Completions<>();
        if (!config.getBoolean("indexer.enabled")) {
            return;
        }
        this.client = OpenSearchClients.create(config);
        IndexSetup.awaitReachable(client, config);
        IndexSetup.ensureIndex(client, config, SquallIndex.CONTENT, null);
        this.bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(config, "opensearch.content"),
                "content-" + context.getThisTaskId());
        this.indexer = new ContentIndexer(config, bulk);
        context.registerGauge("indexer.buffered", bulk::buffered);
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple)) {
            submit(tuple);
        }
        completions.drain(this::complete);
    }

    private void submit(Tuple tuple) {
        if (indexer == null) {
            fetched(tuple);
            return;
        }
        String url = tuple.getStringByField("url");
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        String text = tuple.getStringByField("text");
        if (indexer.index(url, metadata, text, completions.callbackFor(tuple)) == ContentIndexer.Decision.NOINDEX) {
            fetched(tuple);
        }
    }

    private void complete(Completions.Completion<Tuple> done) {
        if (done.succeeded()) {
            CrawlStats.counter("indexer.indexed").increment();
            fetched(done.handle());
        } else {
            CrawlStats.counter("indexer.failed").increment();
            LOG.debug("Page {} not indexed: {}", done.handle().getValueByField("url"), done.failure());
            collector.fail(done.handle());
        }
    }

    private void fetched(Tuple tuple) {
        collector.emit("status", tuple, new Values(tuple.getStringByField("url"), tuple.getValueByField("metadata"),
                Status.FETCHED));
        collector.ack(tuple);
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
        declarer.declareStream("status", new Fields("url", "metadata", "status"));
    }
}
