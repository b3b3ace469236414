package io.squall.storm;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.storm.Config;

/**
 * Things the tasks of one topology share within their worker (this JVM), by topology name: a task adds its
 * own when it is prepared and removes it when it is cleaned up. Storm's streams carry tuples between tasks;
 * this carries what a worker's tasks tell each other about their state.
 *
 * @param <T> what is shared
 */
final class WorkerShared<T> {
    private final Map<String, List<T>> byTopology = new ConcurrentHashMap<>();

    /** Adds a task's item to its topology's; running what it returns removes it. */
    Runnable add(Map<String, Object> topoConf, T item) {
        String name = nameOf(topoConf);
        byTopology.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(item);
        return () -> byTopology.computeIfPresent(name, (k, items) -> {
            items.remove(item);
            return items.isEmpty() ? null : items;
        });
    }

    /** The items of the topology of that name in this JVM, none if it has none. */
    List<T> of(String topologyName) {
        return byTopology.getOrDefault(topologyName, List.of());
    }

    static String nameOf(Map<String, Object> topoConf) {
        return String.valueOf(topoConf.get(Config.TOPOLOGY_NAME));
    }
}
