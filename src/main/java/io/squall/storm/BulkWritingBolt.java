package io.squall.storm;

import io.squall.api.storm.HoldsTuples;
import io.squall.api.storm.TimeoutRenewal;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * The Storm side of a bolt that writes to OpenSearch through a {@link BulkWriter} and acks a tuple only
 * once its write is confirmed.
 *
 * <p>A write's outcome is acted on as soon as OpenSearch answers, on the client's I/O thread, through a
 * {@link SynchronizedOutputCollector}. Why: acting on it on the executor thread meant waiting for the next
 * tuple or tick, and when the tuples stop (the end of a level of a crawl, its first seconds) every URL's
 * ack waited up to a second in each of the two writing stages, while the spout had nothing to hand out.
 */
public abstract class BulkWritingBolt extends BaseRichBolt implements HoldsTuples {
    protected transient OutputCollector collector;
    private transient TimeoutRenewal renewal;
    private transient OpenSearchClient client;
    private transient BulkWriter bulk;
    private transient CrawlClock clock;

    /** Keeps the collector; subclasses open their writer with {@link #openBulkWriter} when they need one. */
    protected void prepareCollector(OutputCollector collector, CrawlerConfig config) {
        this.clock = CrawlClock.system();
        this.renewal = new TimeoutRenewal(collector, config.asMap());
        this.collector = renewal.collector();
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
                index.name(config) + "-" + context.getThisTaskId(), clock);
        return bulk;
    }

    /** The time this bolt's writers decide with, set by {@link #prepareCollector}. */
    protected CrawlClock clock() {
        return clock;
    }

    /**
     * Hands a tuple to {@link #submit} and holds it until it is acked or failed; on a tick tuple, renews the
     * timeout of the tuples held for a while (writes waiting for a busy or briefly unreachable OpenSearch),
     * so that Storm does not replay them.
     */
    @Override
    public final void execute(Tuple tuple) {
        if (renewal.receive(tuple)) {
            submit(tuple);
        }
    }

    /** Hands a tuple to the writer with {@link #callbackFor} it, or acks/fails it at once when there is nothing to write. */
    protected abstract void submit(Tuple tuple);

    /** The tuple's write was confirmed. Runs on the client's I/O thread: quick, and thread-safe. */
    protected abstract void written(Tuple tuple);

    /** The tuple's write failed, for that one-line reason. Runs on the client's I/O thread. */
    protected abstract void notWritten(Tuple tuple, String reason);

    /** The callback of the tuple's write: {@link #written} or {@link #notWritten} as soon as OpenSearch answers. */
    protected final BulkWriter.Callback callbackFor(Tuple tuple) {
        return new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
                written(tuple);
            }

            @Override
            public void failed(String reason) {
                notWritten(tuple, reason);
            }
        };
    }

    @Override
    public void cleanup() {
        if (bulk != null) {
            bulk.close(); // returns once every callback ran
        }
        OpenSearchClients.close(client);
    }
}
