package io.squall.storm;

import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.storm.policy.IWaitStrategy;

/**
 * How a Storm executor waits when it has nothing to do: two short parks, then sleeps that double from 1 ms
 * up to {@code topology.idle.wait.max.ms}. Storm's own progressive strategy sleeps 1 ms at a time forever,
 * a thousand wake-ups a second per executor, which made an idle crawl cost CPU in every executor.
 *
 * <p>A sleep is never longer than the idle time already spent, so a tuple that arrives waits at most as long
 * again as its executor had been idle: a busy executor (a tuple every few milliseconds) stays in the parks
 * and short sleeps, and only an executor idle for a long time answers up to the longest sleep late. Used for
 * bolts and spouts alike ({@code topology.bolt.wait.strategy}, {@code topology.spout.wait.strategy}).
 */
public final class IdleWait implements IWaitStrategy {
    /** The longest sleep, in milliseconds. */
    public static final String MAX_KEY = "topology.idle.wait.max.ms";
    /**
     * Idle rounds spent in 1 ns parks before the first sleep. Each is a wake-up that an executor pays after
     * every tuple of a slow crawl: many of them cost the acker several times the CPU a page, and the no-delay
     * crawl was no faster for them (docs/benchmarks.md).
     */
    static final int PARKS = 2;

    private long maxSleepMillis = 100;

    @Override
    public void prepare(Map<String, Object> conf, WaitSituation situation) {
        Object max = conf.get(MAX_KEY);
        if (max instanceof Number n && n.longValue() > 0) {
            maxSleepMillis = n.longValue();
        }
    }

    @Override
    public int idle(int idleCounter) throws InterruptedException {
        if (idleCounter < PARKS) {
            LockSupport.parkNanos(1);
        } else {
            Thread.sleep(sleepMillis(idleCounter, maxSleepMillis));
        }
        return idleCounter == Integer.MAX_VALUE ? idleCounter : idleCounter + 1;
    }

    /** The sleep of an idle round past the parks: 1, 2, 4, ... ms, at most {@code max}. */
    static long sleepMillis(int idleCounter, long max) {
        int doublings = idleCounter - PARKS;
        return doublings >= 62 ? max : Math.min(max, 1L << doublings);
    }
}
