package io.squall.frontier;

import com.codahale.metrics.Counter;
import io.squall.api.storm.StageFields;
import io.squall.config.CrawlerConfig;
import io.squall.storm.TaskGauges;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Emits due URLs from the status index as {@code (url, metadata)}, the URL being the message id. A thin
 * adapter: the logic is in {@link Frontier}. Several tasks share the index's shards among themselves.
 *
 * <p>Reports to Storm's metrics, per task, the gauges {@code spout.inflight} and {@code spout.idle} (1 when
 * this task's part of the frontier ran dry: nothing in flight and nothing due; see {@link IdleGauge}), the counters
 * {@code spout.emitted}, {@code spout.acked}, {@code spout.failed}, and the histogram {@code spout.search.ms}
 * of search durations; with a budget ({@code spout.max.urls}), the gauges {@code spout.budget.used} (URLs it
 * handed out, each once) and {@code spout.budget.setaside} (failed URLs left due for the next run).
 */
public class FrontierSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FrontierSpout.class);

    private transient Frontier frontier;
    private transient SpoutOutputCollector collector;
    private transient Counter emitted;
    private transient Counter acked;
    private transient Counter failed;
    // Read by metrics threads; written by the spout thread only.
    private transient volatile int inFlight;
    private transient IdleGauge idle;
    private transient volatile long budgetUsed;
    private transient volatile long setAside;

    @Override
    public void open(Map<String, Object> stormConf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        int numTasks = context.getComponentTasks(context.getThisComponentId()).size();
        this.frontier = Frontier.open(CrawlerConfig.fromStormConf(stormConf), context.getThisTaskIndex(), numTasks);
        this.emitted = context.registerCounter("spout.emitted");
        this.acked = context.registerCounter("spout.acked");
        this.failed = context.registerCounter("spout.failed");
        TaskGauges.register(context, "spout.inflight", () -> inFlight);
        this.idle = new IdleGauge();
        TaskGauges.register(context, "spout.idle", idle);
        if (frontier.hasBudget()) {
            TaskGauges.register(context, "spout.budget.used", () -> budgetUsed);
            TaskGauges.register(context, "spout.budget.setaside", () -> setAside);
        }
        frontier.onSearchTime(TaskGauges.registerMillisHistogram(context, "spout.search.ms"));
        updateGauges();
    }

    @Override
    public void nextTuple() {
        if (idle.takeWake()) {
            frontier.wake();
        }
        Frontier.Emission emission = frontier.next();
        if (emission != null) {
            collector.emit(new Values(emission.url(), emission.metadata()), emission.url());
            emitted.inc();
        }
        updateGauges();
    }

    @Override
    public void ack(Object messageId) {
        frontier.acked((String) messageId);
        acked.inc();
        updateGauges();
    }

    @Override
    public void fail(Object messageId) {
        frontier.failed((String) messageId);
        failed.inc();
        updateGauges();
    }

    /** Storm calls no nextTuple while the topology is inactive: what was chosen for it goes back to the index. */
    @Override
    public void deactivate() {
        int given = frontier.giveBackUnemitted();
        if (given > 0) {
            LOG.info("Deactivated: {} URLs chosen and not emitted stay due in the status index", given);
        }
        updateGauges();
    }

    @Override
    public void close() {
        if (frontier != null) {
            frontier.close();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StageFields.SPOUT);
    }

    private void updateGauges() {
        inFlight = frontier.inFlight();
        idle.set(frontier.isIdle());
        budgetUsed = frontier.budgetUsed();
        setAside = frontier.setAside();
    }
}
