package io.squall.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import com.codahale.metrics.Counter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;

/**
 * Drives one bolt without a Storm cluster: a real {@link TopologyContext} (with a metrics registry), real
 * {@link TupleImpl} tuples from a declared upstream component, and an output collector that records every
 * emit, ack and fail. Records are synchronized so a test thread may read them while the bolt works.
 */
public final class BoltDriver {
    private static final String SOURCE = "upstream";
    private static final String BOLT = "bolt";
    private static final int SOURCE_TASK = 1;
    private static final int BOLT_TASK = 2;

    /** One emitted tuple. */
    public record Emitted(String stream, List<Tuple> anchors, List<Object> values) {
    }

    private final Map<String, Map<String, Fields>> fields = new HashMap<>();
    private final StormMetricRegistry metrics = new StormMetricRegistry();
    private final TopologyContext context;
    private final List<Tuple> acked = new ArrayList<>();
    private final List<Tuple> failed = new ArrayList<>();
    private final List<Tuple> renewed = new ArrayList<>();
    private final List<Emitted> emitted = new ArrayList<>();
    private final OutputCollector collector;

    /**
     * @param inputStreams the upstream component's streams and their fields, e.g. "status" → url, metadata, status
     */
    public BoltDriver(Map<String, Fields> inputStreams) {
        fields.put(SOURCE, new HashMap<>(inputStreams));
        context = TaskContexts.of(Map.of(SOURCE_TASK, SOURCE, BOLT_TASK, BOLT), fields, BOLT_TASK, metrics);
        collector = new OutputCollector(new Recorder());
    }

    public TopologyContext context() {
        return context;
    }

    public OutputCollector collector() {
        return collector;
    }

    /** The value of the bolt task's counter of that name in Storm's metrics; zero if it has none. */
    public long counter(String name) {
        Counter counter = metrics.getTaskCounters(BOLT_TASK).get(name);
        return counter == null ? 0 : counter.getCount();
    }

    /** A tuple from the upstream component on the given stream. */
    public Tuple tuple(String stream, Object... values) {
        return new TupleImpl(context, List.of(values), SOURCE, SOURCE_TASK, stream);
    }

    /**
     * Waits until {@code n} tuples were acked or failed in all, without giving the bolt anything more
     * (outcomes that arrive from other threads, such as OpenSearch's answers); fails the test after 30 s.
     */
    public void awaitOutcomes(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (acked().size() + failed().size() < n) {
            if (System.nanoTime() > deadline) {
                fail("only " + acked().size() + " acks and " + failed().size() + " fails of " + n);
            }
            Thread.sleep(5);
        }
    }

    public synchronized List<Tuple> acked() {
        return new ArrayList<>(acked);
    }

    public synchronized List<Tuple> failed() {
        return new ArrayList<>(failed);
    }

    /** The tuples whose timeout was renewed, in order, once per renewal. */
    public synchronized List<Tuple> renewed() {
        return new ArrayList<>(renewed);
    }

    public synchronized List<Emitted> emitted() {
        return new ArrayList<>(emitted);
    }

    private final class Recorder implements IOutputCollector {
        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            synchronized (BoltDriver.this) {
                emitted.add(new Emitted(streamId, anchors == null ? List.of() : List.copyOf(anchors), tuple));
            }
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            emit(streamId, anchors, tuple);
        }

        @Override
        public void ack(Tuple input) {
            synchronized (BoltDriver.this) {
                acked.add(input);
            }
        }

        @Override
        public void fail(Tuple input) {
            synchronized (BoltDriver.this) {
                failed.add(input);
            }
        }

        @Override
        public void resetTimeout(Tuple input) {
            synchronized (BoltDriver.this) {
                renewed.add(input);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
            throw new AssertionError("bolt reported an error", error);
        }
    }
}
