package io.squall.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.Completions;
import java.util.ArrayList;
import java.util.List;

/** Collects the outcomes of bulk operations by handle, and waits (bounded) for a number of them. */
public final class Outcomes<T> {
    private final Completions<T> completions = new Completions<>();
    private final List<Completions.Completion<T>> seen = new ArrayList<>();

    public BulkWriter.Callback callbackFor(T handle) {
        return completions.callbackFor(handle);
    }

    /** Drains until at least {@code n} outcomes were seen in all, failing the test after 30 s. */
    public List<Completions.Completion<T>> await(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (seen.size() < n) {
            if (System.nanoTime() > deadline) {
                fail("only " + seen.size() + " of " + n + " bulk outcomes arrived within 30 s");
            }
            if (completions.drain(seen::add) == 0) {
                Thread.sleep(5);
            }
        }
        return seen;
    }

    /** Every outcome drained so far, in arrival order. */
    public List<Completions.Completion<T>> seen() {
        return seen;
    }

    public long successes() {
        return seen.stream().filter(Completions.Completion::succeeded).count();
    }

    public long failures() {
        return seen.stream().filter(c -> !c.succeeded()).count();
    }
}
