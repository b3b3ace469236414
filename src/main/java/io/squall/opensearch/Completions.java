package io.squall.opensearch;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * Hands the outcomes of bulk operations from the client's I/O threads to the one thread allowed to act
 * on them (a bolt's executor thread, which alone may touch its output collector). Callbacks only queue;
 * the owner {@link #drain}s in its own thread. The queue holds at most one entry per operation buffered
 * or in flight in the {@link BulkWriter}, so it is bounded by the writer's bounds.
 *
 * @param <T> what the owner needs to act on an outcome (a tuple)
 */
public final class Completions<T> {

    /** The outcome of one operation: {@code failure} is null on success. */
    public record Completion<T>(T handle, boolean alreadyExisted, String failure) {
        public boolean succeeded() {
            return failure == null;
        }
    }

    private final Queue<Completion<T>> done = new ConcurrentLinkedQueue<>();

    /** A callback that queues the outcome of an operation for the given handle. */
    public BulkWriter.Callback callbackFor(T handle) {
        return new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
                done.add(new Completion<>(handle, alreadyExisted, null));
            }

            @Override
            public void failed(String reason) {
                done.add(new Completion<>(handle, false, reason));
            }
        };
    }

    /** Gives every queued outcome to the sink, in the caller's thread; returns how many. */
    public int drain(Consumer<Completion<T>> sink) {
        int n = 0;
        Completion<T> c;
        while ((c = done.poll()) != null) {
            sink.accept(c);
            n++;
        }
        return n;
    }
}
