package io.squall.storm;

import java.util.HashMap;
import java.util.Map;

/**
 * The one {@link PendingWrites} of a topology's tasks within their worker (this JVM): the fetcher opens a
 * page's ticket, the parser settles it, the status updater closes it, whichever of the worker's tasks each
 * is. The first task to join creates it; when the last has left, it goes, so that a topology submitted again
 * under the same name (a local crawl run twice in one JVM) starts owing nothing.
 */
public final class WorkerPendingWrites {
    private static final class Shared {
        final PendingWrites ledger = new PendingWrites();
        int tasks;
    }

    private static final Map<String, Shared> BY_TOPOLOGY = new HashMap<>();

    private WorkerPendingWrites() {
    }

    /** The ledger of this worker's tasks of the topology; each task that joins leaves once, when it is cleaned up. */
    public static synchronized PendingWrites join(Map<String, Object> topoConf) {
        Shared shared = BY_TOPOLOGY.computeIfAbsent(WorkerShared.nameOf(topoConf), k -> new Shared());
        shared.tasks++;
        return shared.ledger;
    }

    /** A task that joined is done with the ledger. */
    public static synchronized void leave(Map<String, Object> topoConf) {
        String name = WorkerShared.nameOf(topoConf);
        Shared shared = BY_TOPOLOGY.get(name);
        if (shared != null && --shared.tasks == 0) {
            BY_TOPOLOGY.remove(name);
        }
    }

    /** Closes a ticket of the topology of that name in this JVM, if it has a ledger here and the ticket is its. */
    public static synchronized void close(String topologyName, String ticket) {
        Shared shared = BY_TOPOLOGY.get(topologyName);
        if (shared != null) {
            shared.ledger.close(ticket);
        }
    }

    /**
     * The writes owed by the topology of that name in this JVM, for the process that runs it here (the local
     * mode) to wait for them; 0 while no task has joined.
     */
    public static synchronized long writes(String topologyName) {
        Shared shared = BY_TOPOLOGY.get(topologyName);
        return shared == null ? 0 : shared.ledger.writes();
    }

    /** The outcomes whose writes the topology of that name owes in this JVM; 0 while no task has joined. */
    public static synchronized long outcomes(String topologyName) {
        Shared shared = BY_TOPOLOGY.get(topologyName);
        return shared == null ? 0 : shared.ledger.outcomes();
    }
}
