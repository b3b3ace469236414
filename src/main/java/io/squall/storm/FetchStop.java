package io.squall.storm;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.storm.Config;

/**
 * Lets the process that runs a topology in its own JVM (the local mode) tell that topology's fetchers to
 * fetch nothing more, so that a stop ends with every fetched page's outcome written rather than cut off
 * while the fetchers keep adding to it. Storm's deactivation reaches spouts only. Keyed by topology name:
 * each fetcher task registers what stops it when it starts and unregisters it when it is cleaned up.
 */
public final class FetchStop {
    private static final Map<String, List<Runnable>> BY_TOPOLOGY = new ConcurrentHashMap<>();

    private FetchStop() {
    }

    /** Registers a fetcher task's stop; running what it returns unregisters it. */
    public static Runnable register(Map<String, Object> topoConf, Runnable stop) {
        String name = String.valueOf(topoConf.get(Config.TOPOLOGY_NAME));
        BY_TOPOLOGY.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(stop);
        return () -> BY_TOPOLOGY.computeIfPresent(name, (k, stops) -> {
            stops.remove(stop);
            return stops.isEmpty() ? null : stops;
        });
    }

    /** Stops the fetchers of the topology of that name running in this JVM; returns how many were told. */
    public static int stop(String topologyName) {
        List<Runnable> stops = BY_TOPOLOGY.getOrDefault(topologyName, List.of());
        stops.forEach(Runnable::run);
        return stops.size();
    }
}
