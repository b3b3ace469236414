package io.squall.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import io.squall.opensearch.BulkWriter;
import java.util.ArrayList;
import java.util.List;

/** Collects the outcomes of bulk operations by handle, and waits (bounded) for a number of them. */
public final class Outcomes<T> {

    /** The outcome of one operation: {@code failure} is null on success. */
    public record Outcome<T>(T handle, boolean alreadyExisted, String failure) {
        public boolean succeeded() {
            return failure == null;
        }
    }

    private final List<Outcome<T>> seen = new ArrayList<>();

    public BulkWriter.Callback callbackFor(T handle) {
        return new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
                add(new Outcome<>(handle, alreadyExisted, null));
            }

            @Override
            public void failed(String reason) {
                add(new Outcome<>(handle, false, reason));
            }
        };
    }

    /** Waits until at least {@code n} outcomes arrived in all, failing the test after 30 s; returns them. */
    public synchronized List<Outcome<T>> await(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (seen.size() < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                fail("only " + seen.size() + " of " + n + " bulk outcomes arrived within 30 s");
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return seen();
    }

    /** Every outcome so far, in arrival order. */
    public synchronized List<Outcome<T>> seen() {
        return new ArrayList<>(seen);
    }

    public synchronized long successes() {
        return seen.stream().filter(Outcome::succeeded).count();
    }

    public synchronized long failures() {
        return seen.stream().filter(c -> !c.succeeded()).count();
    }

    private synchronized void add(Outcome<T> outcome) {
        seen.add(outcome);
        notifyAll();
    }
}
