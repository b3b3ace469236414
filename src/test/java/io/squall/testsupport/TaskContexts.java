package io.squall.testsupport;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;

/** Real {@link TopologyContext}s without a cluster, whose metrics go to the given worker registry. */
public final class TaskContexts {
    public static final String TOPOLOGY_ID = "test-topology-1-1700000000";
    public static final int WORKER_PORT = 6700;

    private TaskContexts() {
    }

    /**
     * The context of one task of a topology.
     *
     * @param taskToComponent every task of the topology and its component
     * @param fields each component's streams and their fields
     */
    public static TopologyContext of(Map<Integer, String> taskToComponent, Map<String, Map<String, Fields>> fields,
                                     int thisTask, StormMetricRegistry registry) {
        Map<String, List<Integer>> componentToTasks = new HashMap<>();
        new TreeMap<>(taskToComponent).forEach((task, component) ->
                componentToTasks.computeIfAbsent(component, c -> new ArrayList<>()).add(task));
        return new TopologyContext(new StormTopology(), new HashMap<>(), taskToComponent, componentToTasks, fields,
                new HashMap<>(), TOPOLOGY_ID, null, null, thisTask, WORKER_PORT, List.of(thisTask), new HashMap<>(),
                new HashMap<>(), new HashMap<>(), new HashMap<>(), new AtomicBoolean(false), registry);
    }

    /** The context of one task of a component that declares no streams. */
    public static TopologyContext of(Map<Integer, String> taskToComponent, int thisTask, StormMetricRegistry registry) {
        return of(taskToComponent, new HashMap<>(), thisTask, registry);
    }
}
