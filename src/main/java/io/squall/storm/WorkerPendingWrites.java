package io.squall.storm;

import java.util.Map;

/**
 * The one {@link PendingWrites} of a topology's tasks within their worker (this JVM): the fetcher opens a
 * page's ticket, the parser settles it, the status updater closes it, whichever of the worker's tasks each
 * is. A topology submitted again under the same name (a local crawl run twice in one JVM) starts owing
 * nothing ({@link WorkerSingleton}).
 */
public final class WorkerPendingWrites {
    private static final WorkerSingleton<PendingWrites> LEDGERS = new WorkerSingleton<>();

    private WorkerPendingWrites() {
    }

    /** The ledger of this worker's tasks of the topology; each task that joins leaves once, when it is cleaned up. */
    public static PendingWrites join(Map<String, Object> topoConf) {
        return LEDGERS.join(topoConf, PendingWrites::new);
    }

    /** A task that joined is done with the ledger. */
    public static void leave(Map<String, Object> topoConf) {
        LEDGERS.leave(topoConf);
    }

    /** Closes a ticket of the topology of that name in this JVM, if it has a ledger here and the ticket is its. */
    public static void close(String topologyName, String ticket) {
        PendingWrites ledger = LEDGERS.of(topologyName);
        if (ledger != null) {
            ledger.close(ticket);
        }
    }

    /**
     * The writes owed by the topology of that name in this JVM, for the process that runs it here (the local
     * mode) to wait for them; 0 while no task has joined.
     */
    public static long writes(String topologyName) {
        PendingWrites ledger = LEDGERS.of(topologyName);
        return ledger == null ? 0 : ledger.writes();
    }

    /** The outcomes whose writes the topology of that name owes in this JVM; 0 while no task has joined. */
    public static long outcomes(String topologyName) {
        PendingWrites ledger = LEDGERS.of(topologyName);
        return ledger == null ? 0 : ledger.outcomes();
    }
}
