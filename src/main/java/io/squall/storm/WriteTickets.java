package io.squall.storm;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;

/**
 * A task's hand on its worker's {@link PendingWrites}: the tickets of the outcomes it emits or writes, kept
 * in their metadata. An outcome emitted to no task of this worker is closed at once: its writes are made (or
 * counted) elsewhere, and a ticket waiting for an answer that this worker never hears of would hold its
 * fetchers back for good.
 */
public final class WriteTickets {
    private final Map<String, Object> topoConf;
    private final PendingWrites ledger;
    private final Set<Integer> workerTasks;

    private WriteTickets(Map<String, Object> topoConf, PendingWrites ledger, Set<Integer> workerTasks) {
        this.topoConf = topoConf;
        this.ledger = ledger;
        this.workerTasks = workerTasks;
    }

    /** Joins the worker's ledger; {@link #leave} once, when the task is cleaned up. */
    public static WriteTickets join(Map<String, Object> topoConf, TopologyContext context) {
        return new WriteTickets(topoConf, WorkerPendingWrites.join(topoConf), new HashSet<>(context.getThisWorkerTasks()));
    }

    public void leave() {
        WorkerPendingWrites.leave(topoConf);
    }

    /** The worker's ledger, whose writes owed hold its fetchers back. */
    public PendingWrites ledger() {
        return ledger;
    }

    /** A page fetched, on its way to the parser: its ticket, at the writes pages parsed lately came to. */
    public void openPage(Metadata metadata) {
        metadata.set(MetadataKeys.WRITES_TICKET, ledger.openPage());
    }

    /** An outcome on its way to the status updater, with what it discovered. */
    public void open(Metadata metadata, int discovered) {
        metadata.set(MetadataKeys.WRITES_TICKET, ledger.open(1L + discovered));
    }

    /**
     * A page parsed: it owes its own write and those of its {@code discovered} links. A page this worker holds
     * no ticket for (fetched in another worker) gets one here.
     */
    public void parsed(Metadata metadata, int discovered) {
        if (!ledger.settle(metadata.getFirst(MetadataKeys.WRITES_TICKET), 1L + discovered)) {
            open(metadata, discovered);
        }
    }

    /** The outcome was emitted to these tasks: none of them in this worker, it owes this worker nothing more. */
    public void emitted(Metadata metadata, List<Integer> tasks) {
        for (Integer task : tasks) {
            if (workerTasks.contains(task)) {
                return;
            }
        }
        close(metadata);
    }

    /** The outcome's writes were answered, or will not be made (its URL stays due and is fetched again). */
    public void close(Metadata metadata) {
        if (metadata != null) {
            ledger.close(metadata.getFirst(MetadataKeys.WRITES_TICKET));
        }
    }
}
