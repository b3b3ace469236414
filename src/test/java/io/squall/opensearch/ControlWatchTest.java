package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.opensearch.ControlDocument.Control;
import io.squall.opensearch.ControlDocument.State;
import io.squall.testsupport.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A task's reading of the control document: at its interval, one read at a time, the last state kept on failure. */
class ControlWatchTest {
    private final ManualClock clock = new ManualClock();
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicReference<CompletableFuture<Control>> next = new AtomicReference<>();

    private ControlWatch watch(long intervalMillis) {
        return new ControlWatch(() -> {
            reads.incrementAndGet();
            return next.get();
        }, intervalMillis, clock, "the spout");
    }

    private static CompletableFuture<Control> says(State state) {
        return CompletableFuture.completedFuture(new Control(state, null, "test", null));
    }

    @Test
    void aPauseHoldsTheSpoutFromTheNextReadUntilAResume() {
        ControlWatch watch = watch(2000);
        next.set(says(State.RUNNING));
        assertTrue(watch.running());
        next.set(says(State.PAUSED));
        assertTrue(watch.running(), "the first answer said running");
        assertEquals(1, reads.get(), "no read before the interval passed");
        clock.advance(Duration.ofMillis(2000));
        assertTrue(watch.running(), "the read is sent now; its answer is taken at the next call");
        assertFalse(watch.running(), "paused");
        assertEquals(2, reads.get());
        next.set(says(State.STOPPED));
        clock.advance(Duration.ofMillis(2000));
        watch.running();
        assertFalse(watch.running(), "stopped");
        next.set(says(State.RUNNING));
        clock.advance(Duration.ofMillis(2000));
        watch.running();
        assertTrue(watch.running(), "resumed");
    }

    @Test
    void oneReadAtATimeAndTheLastStateHoldsWhileOpenSearchCannotTell() {
        ControlWatch watch = watch(1000);
        next.set(says(State.PAUSED));
        watch.running();
        assertFalse(watch.running());
        CompletableFuture<Control> slow = new CompletableFuture<>();
        next.set(slow);
        clock.advance(Duration.ofMillis(1000));
        watch.running();
        clock.advance(Duration.ofMillis(5000));
        assertFalse(watch.running());
        assertEquals(2, reads.get(), "no second read while one is unanswered");
        slow.completeExceptionally(new IllegalStateException("OpenSearch away"));
        next.set(says(State.RUNNING));
        assertFalse(watch.running(), "a failed read leaves the crawl paused; the next read is sent");
        assertTrue(watch.running(), "the next read resumes it");
    }

    @Test
    void anIntervalOfZeroNeverReads() {
        ControlWatch watch = watch(0);
        next.set(says(State.PAUSED));
        assertTrue(watch.running());
        assertEquals(0, reads.get());
        assertEquals("crawl-control", ControlDocument.ID);
    }
}
