package io.squall.frontier;

import io.squall.core.CrawlClock;
import io.squall.opensearch.ControlDocument;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A spout task's view of the crawl's control document ({@link ControlDocument}): read by id every
 * {@code spout.control.interval} without blocking (one read at a time; the answer is taken up by the spout thread
 * at its next call), so that a pause from the console holds the spout back within that time. While OpenSearch
 * cannot tell, the last state read holds.
 */
final class ControlWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ControlWatch.class);

    private final Supplier<CompletableFuture<ControlDocument.Control>> read;
    private final long intervalMillis;
    private final CrawlClock clock;
    private CompletableFuture<ControlDocument.Control> pending;
    private long nextReadMillis = Long.MIN_VALUE;
    private ControlDocument.State state = ControlDocument.State.RUNNING;
    private boolean warned;

    /** @param intervalMillis how often to read; 0 or less: never (the crawl runs) */
    ControlWatch(Supplier<CompletableFuture<ControlDocument.Control>> read, long intervalMillis, CrawlClock clock) {
        this.read = read;
        this.intervalMillis = intervalMillis;
        this.clock = clock;
    }

    /** Whether the spout may hand out URLs now: not while the control says paused or stopped. Never blocks. */
    boolean handsOut() {
        if (intervalMillis <= 0) {
            return true;
        }
        if (pending != null && pending.isDone()) {
            take(pending);
            pending = null;
        }
        long now = clock.millis();
        if (pending == null && now >= nextReadMillis) {
            nextReadMillis = now + intervalMillis;
            pending = read.get();
        }
        return state == ControlDocument.State.RUNNING;
    }

    private void take(CompletableFuture<ControlDocument.Control> answer) {
        try {
            ControlDocument.State read = answer.join().state();
            if (read != state) {
                LOG.info("The crawl's control says {}: the spout {}", read.label(),
                        read == ControlDocument.State.RUNNING ? "hands out URLs again" : "hands out no URL");
            }
            state = read;
            warned = false;
        } catch (RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.warn("The crawl's control document cannot be read ({}); the spout stays {}", e.getMessage(),
                        state.label());
            }
        }
    }
}
