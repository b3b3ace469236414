package io.squall.storm;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import java.util.Map;
import org.apache.storm.hooks.BaseTaskHook;
import org.apache.storm.hooks.info.BoltFailInfo;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Tuple;

/**
 * Lets go of the status writes that a failed tuple's outcome owed its worker ({@link PendingWrites}), whichever
 * bolt failed it: its URL goes back to the frontier, and the writes it was counted for will not be made.
 * Counted on, they would hold the worker's fetchers back for good: a bolt of the user's in the indexer's
 * place that fails pages while its own store is down must not stop the crawl. Squall's bolts let go of
 * theirs themselves, so that a topology without this hook counts them right too. Registered for every task
 * under {@code topology.auto.task.hooks} in topology.yaml.
 */
public class FailedOutcomes extends BaseTaskHook {
    private String topology;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        topology = WorkerShared.nameOf(conf);
    }

    @Override
    public void boltFail(BoltFailInfo info) {
        Tuple tuple = info.tuple;
        if (tuple.contains("metadata") && tuple.getValueByField("metadata") instanceof Metadata metadata) {
            WorkerPendingWrites.close(topology, metadata.getFirst(MetadataKeys.WRITES_TICKET));
        }
    }
}
