package io.squall.api.storm;

import java.util.Collection;
import java.util.List;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.tuple.Tuple;

/**
 * An output collector that other threads than the executor's may use: every call holds one lock.
 *
 * <p>Why: Storm's collector is not thread-safe, and a bolt that waits for something outside Storm (a
 * fetch, an OpenSearch bulk answer) should emit and ack when it happens, from the thread it happens on,
 * instead of when the next tuple or tick reaches the executor. None of these calls blocks (Storm queues
 * an emit that finds the next queue full), so the lock is only ever held for a moment.
 */
final class SynchronizedOutputCollector implements IOutputCollector {
    private final IOutputCollector delegate;

    private SynchronizedOutputCollector(IOutputCollector delegate) {
        this.delegate = delegate;
    }

    /** Wraps the collector Storm gave the bolt. */
    public static OutputCollector of(OutputCollector collector) {
        return new OutputCollector(new SynchronizedOutputCollector(collector));
    }

    @Override
    public synchronized List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        return delegate.emit(streamId, anchors, tuple);
    }

    @Override
    public synchronized void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        delegate.emitDirect(taskId, streamId, anchors, tuple);
    }

    @Override
    public synchronized void ack(Tuple input) {
        delegate.ack(input);
    }

    @Override
    public synchronized void fail(Tuple input) {
        delegate.fail(input);
    }

    @Override
    public synchronized void resetTimeout(Tuple input) {
        delegate.resetTimeout(input);
    }

    @Override
    public synchronized void flush() {
        delegate.flush();
    }

    @Override
    public synchronized void reportError(Throwable error) {
        delegate.reportError(error);
    }
}
