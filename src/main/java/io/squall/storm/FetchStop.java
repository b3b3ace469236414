package io.squall.storm;

import java.util.List;
import java.util.Map;

/**
 * Lets the process that runs a topology in its own JVM (the local mode) tell that topology's fetchers to
 * fetch nothing more, so that a stop ends with every fetched page's outcome written rather than cut off
 * while the fetchers keep adding to it. Storm's deactivation reaches spouts only.
 */
public final class FetchStop {
    private static final WorkerShared<Runnable> STOPS = new WorkerShared<>();

    private FetchStop() {
    }

    /** Registers a fetcher task's stop; running what it returns unregisters it. */
    public static Runnable register(Map<String, Object> topoConf, Runnable stop) {
        return STOPS.add(topoConf, stop);
    }

    /** Stops the fetchers of the topology of that name running in this JVM; returns how many were told. */
    public static int stop(String topologyName) {
        List<Runnable> stops = STOPS.of(topologyName);
        stops.forEach(Runnable::run);
        return stops.size();
    }
}
