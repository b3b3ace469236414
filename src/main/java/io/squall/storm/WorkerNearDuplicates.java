package io.squall.storm;

import io.squall.freshness.NearDuplicateIndex;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one {@link NearDuplicateIndex} of a topology's parser tasks within their worker (this JVM): a page is a
 * near-duplicate of any page parsed before in the worker, whichever of its tasks parsed that one. A topology
 * submitted again under the same name starts with an empty one ({@link WorkerSingleton}).
 */
public final class WorkerNearDuplicates {
    private static final WorkerSingleton<NearDuplicateIndex> INDICES = new WorkerSingleton<>();

    private WorkerNearDuplicates() {
    }

    /**
     * The index of this worker's parser tasks of the topology, made with {@code create} if this is the first.
     * Each task that joins leaves once, when it is cleaned up.
     */
    public static NearDuplicateIndex join(Map<String, Object> topoConf, Supplier<NearDuplicateIndex> create) {
        return INDICES.join(topoConf, create);
    }

    /** A task that joined is done with the index. */
    public static void leave(Map<String, Object> topoConf) {
        INDICES.leave(topoConf);
    }
}
