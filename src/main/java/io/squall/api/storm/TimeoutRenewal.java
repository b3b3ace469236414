package io.squall.api.storm;

import io.squall.config.CrawlerConfig;
import io.squall.config.MessageTimeout;
import io.squall.core.CrawlClock;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;

/**
 * The Storm side of {@link HeldTuples} for a bolt that holds tuples for a while: every tuple it receives is
 * held until acked or failed through {@link #collector()} (thread-safe, for the threads that finish the
 * work), and on each tick tuple (every third of {@code topology.message.timeout.secs}, which the topology
 * configures for such bolts) the timeouts of the tuples held that long are renewed.
 */
public final class TimeoutRenewal {
    private final HeldTuples<Tuple> held;
    private final OutputCollector collector;
    private final CrawlClock clock;

    /** @param topoConf the topology configuration given to the bolt's {@code prepare} */
    public TimeoutRenewal(OutputCollector collector, Map<String, ?> topoConf) {
        this.clock = CrawlClock.system();
        this.held = new HeldTuples<>(MessageTimeout.renewalPeriodSeconds(CrawlerConfig.fromStormConf(topoConf))
                * 1000L);
        this.collector = ReleasingCollector.of(SynchronizedOutputCollector.of(collector), held);
    }

    /** The collector to emit, ack and fail with, from any thread; acking or failing lets go of a tuple. */
    public OutputCollector collector() {
        return collector;
    }

    /**
     * Holds a tuple the bolt is to process, or renews the held tuples' timeouts on a tick.
     *
     * @return whether the tuple is one to process (false for a tick)
     */
    public boolean receive(Tuple tuple) {
        long now = clock.millis();
        if (TupleUtils.isTick(tuple)) {
            held.dueForRenewal(now).forEach(collector::resetTimeout);
            return false;
        }
        held.hold(tuple, now);
        return true;
    }
}
