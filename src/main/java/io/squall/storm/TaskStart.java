package io.squall.storm;

import io.squall.core.CrawlClock;
import io.squall.metrics.MetricKinds;
import java.util.Map;
import org.apache.storm.hooks.BaseTaskHook;
import org.apache.storm.task.TopologyContext;

/**
 * Gives every task the gauge {@value MetricKinds#TASK_STARTED}: when this instance of the task started
 * (epoch milliseconds, by the clock that dates the task's reports). The metrics consumer tells by it a task that started again in the same worker slot
 * from one that kept running, whose counters' totals alone cannot tell apart. Registered for every task of
 * the topology, the user's bolts included, under {@code topology.auto.task.hooks} in topology.yaml.
 */
public class TaskStart extends BaseTaskHook {
    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        long started = CrawlClock.system().millis();
        TaskGauges.register(context, MetricKinds.TASK_STARTED, () -> started);
    }
}
