package io.squall.frontier;

import io.squall.opensearch.BulkWriter;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Several bulk operations that stand or fall together (a status write and the deletion that goes with
 * it): the callback is told once, when all parts are answered: success if all succeeded, else the first
 * failure (a refusal, if that first failure was one). "Already existed" is the first part's.
 */
final class JointCallback {
    private final BulkWriter.Callback whole;
    private final AtomicInteger remaining;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private volatile boolean firstAlreadyExisted;
    private volatile boolean refused;

    private JointCallback(BulkWriter.Callback whole, int parts) {
        this.whole = whole;
        this.remaining = new AtomicInteger(parts);
    }

    /** Callbacks for {@code parts} operations that report to {@code whole} together. */
    static BulkWriter.Callback[] split(BulkWriter.Callback whole, int parts) {
        JointCallback joint = new JointCallback(whole, parts);
        BulkWriter.Callback[] callbacks = new BulkWriter.Callback[parts];
        for (int i = 0; i < parts; i++) {
            boolean first = i == 0;
            callbacks[i] = new BulkWriter.Callback() {
                @Override
                public void succeeded(boolean alreadyExisted) {
                    if (first) {
                        joint.firstAlreadyExisted = alreadyExisted;
                    }
                    joint.partDone();
                }

                @Override
                public void failed(String reason) {
                    joint.failure.compareAndSet(null, reason);
                    joint.partDone();
                }

                @Override
                public void refused(String reason) {
                    if (joint.failure.compareAndSet(null, reason)) {
                        joint.refused = true;
                    }
                    joint.partDone();
                }
            };
        }
        return callbacks;
    }

    private void partDone() {
        if (remaining.decrementAndGet() == 0) {
            String reason = failure.get();
            if (reason == null) {
                whole.succeeded(firstAlreadyExisted);
            } else if (refused) {
                whole.refused(reason);
            } else {
                whole.failed(reason);
            }
        }
    }
}
