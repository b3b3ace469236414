package io.squall.opensearch;

import io.squall.core.CrawlClock;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task's view of the crawl's control document ({@link ControlDocument}): read by id every
 * {@code spout.control.interval} without blocking (one read at a time; the answer is taken up at the next call),
 * so that a pause from the console holds the spouts back, and the fetchers' requests, within that time. While
 * OpenSearch cannot tell, the last state read holds. Safe to call from several threads (a fetcher's).
 */
public final class ControlWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ControlWatch.class);

    private final Supplier<CompletableFuture<ControlDocument.Control>> read;
    private final long intervalMillis;
    private final CrawlClock clock;
    private CompletableFuture<ControlDocument.Control> pending;
    private long nextReadMillis = Long.MIN_VALUE;
    private ControlDocument.State state = ControlDocument.State.RUNNING;
    private boolean warned;
    private final String holder;

    /**
     * @param intervalMillis how often to read; 0 or less: never (the crawl runs)
     * @param holder what the control holds back, for the log ("the spout", "the fetcher")
     */
    public ControlWatch(Supplier<CompletableFuture<ControlDocument.Control>> read, long intervalMillis, CrawlClock clock,
            String holder) {
        this.holder = holder;
        this.read = read;
        this.intervalMillis = intervalMillis;
        this.clock = clock;
    }

    /** Whether the crawl may go on now: not while the control says paused or stopped. Never blocks. */
    public synchronized boolean running() {
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
                LOG.info("The crawl's control says {}: {} {}", read.label(), holder,
                        read == ControlDocument.State.RUNNING ? "goes on" : "holds back");
            }
            state = read;
            warned = false;
        } catch (RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.warn("The crawl's control document cannot be read ({}); {} stays {}", e.getMessage(), holder,
                        state.label());
            }
        }
    }
}
