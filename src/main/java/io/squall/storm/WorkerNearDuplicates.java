package io.squall.storm;

import io.squall.freshness.NearDuplicateIndex;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one {@link NearDuplicateIndex} of a topology's parser tasks within their worker (this JVM): a page is a
 * near-duplicate of any page parsed before in the worker, whichever of its tasks parsed that one. The first
 * task to join creates it; when the last has left, it goes, so that a topology submitted again under the same
 * name (a local crawl run twice in one JVM) starts with an empty one.
 */
public final class WorkerNearDuplicates {
    private static final class Shared {
        final NearDuplicateIndex index;
        int tasks;

        Shared(NearDuplicateIndex index) {
            this.index = index;
        }
    }

    private static final Map<String, Shared> BY_TOPOLOGY = new HashMap<>();

    private WorkerNearDuplicates() {
    }

    /**
     * The index of this worker's parser tasks of the topology, made with {@code create} if this is the first.
     * Each task that joins leaves once, when it is cleaned up.
     */
    public static synchronized NearDuplicateIndex join(Map<String, Object> topoConf,
            Supplier<NearDuplicateIndex> create) {
        Shared shared = BY_TOPOLOGY.computeIfAbsent(WorkerShared.nameOf(topoConf), k -> new Shared(create.get()));
        shared.tasks++;
        return shared.index;
    }

    /** A task that joined is done with the index. */
    public static synchronized void leave(Map<String, Object> topoConf) {
        String name = WorkerShared.nameOf(topoConf);
        Shared shared = BY_TOPOLOGY.get(name);
        if (shared != null && --shared.tasks == 0) {
            BY_TOPOLOGY.remove(name);
        }
    }
}
