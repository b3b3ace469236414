package io.squall.opensearch;

import java.util.Set;

/**
 * Which bulk failures pass by themselves, so that sending the operations again later is the answer:
 * OpenSearch busy (429, {@code es_rejected_execution_exception}), not ready (503: a node restarting, a
 * primary shard not yet assigned), behind a failing proxy (502, 504), under a write block (a full disk's
 * {@code cluster_block_exception}, lifted once space is freed), or not reachable at all. Anything else
 * (a mapping conflict, a refused privilege, a malformed request) would fail the same way again.
 */
final class BulkFailures {
    private static final Set<Integer> TRANSIENT_STATUS = Set.of(429, 502, 503, 504);
    private static final Set<String> TRANSIENT_TYPES = Set.of("es_rejected_execution_exception",
            "cluster_block_exception", "unavailable_shards_exception");

    private BulkFailures() {
    }

    /** A failed item of an answered bulk. */
    static boolean isTransient(int status, String errorType) {
        return TRANSIENT_STATUS.contains(status) || TRANSIENT_TYPES.contains(errorType);
    }

    /**
     * A bulk request that failed as a whole: an error answer (in either form the client gives it, see
     * {@link ErrorAnswer}), or no answer at all (I/O error, timeout), which passes.
     */
    static boolean isTransient(Throwable error) {
        return ErrorAnswer.of(error).map(answer -> isTransient(answer.status(), answer.type())).orElse(true);
    }
}
