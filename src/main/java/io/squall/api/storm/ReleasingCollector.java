package io.squall.api.storm;

import java.util.Collection;
import java.util.List;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.tuple.Tuple;

/**
 * The collector of a bolt that keeps {@link HeldTuples}: acking or failing a tuple lets go of it, whichever
 * path of the bolt does it, so that no finished tuple is renewed.
 */
final class ReleasingCollector implements IOutputCollector {
    private final IOutputCollector delegate;
    private final HeldTuples<Tuple> held;

    private ReleasingCollector(IOutputCollector delegate, HeldTuples<Tuple> held) {
        this.delegate = delegate;
        this.held = held;
    }

    static OutputCollector of(OutputCollector collector, HeldTuples<Tuple> held) {
        return new OutputCollector(new ReleasingCollector(collector, held));
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        return delegate.emit(streamId, anchors, tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        delegate.emitDirect(taskId, streamId, anchors, tuple);
    }

    @Override
    public void ack(Tuple input) {
        held.release(input);
        delegate.ack(input);
    }

    @Override
    public void fail(Tuple input) {
        held.release(input);
        delegate.fail(input);
    }

    @Override
    public void resetTimeout(Tuple input) {
        delegate.resetTimeout(input);
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void reportError(Throwable error) {
        delegate.reportError(error);
    }
}
