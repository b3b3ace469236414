package io.squall.cli;

import io.squall.console.CrawlControl;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the web console sees of a local crawl and may do to it. The crawl loop publishes each progress
 * sample and says when the topology runs and when the crawl stops; the console pauses and resumes the
 * topology (its spout stops emitting; what is in flight finishes) and asks the loop to stop.
 */
final class LocalConsole implements CrawlControl {
    private static final Logger LOG = LoggerFactory.getLogger(LocalConsole.class);

    enum State { STARTING, RUNNING, PAUSED, STOPPING }

    private final AtomicBoolean stopRequested = new AtomicBoolean();
    // Guarded by this.
    private State state = State.STARTING;
    private StopReason stopReason;
    private LocalCrawlTopology topology;
    private ProgressSample sample;
    private ProgressSample before;
    private Map<String, Long> byStatus = Map.of();

    /** The topology runs: the crawl may be paused from now on. */
    synchronized void started(LocalCrawlTopology running) {
        this.topology = running;
        state = State.RUNNING;
    }

    /** The latest sample, the one before it (for rates; null for the first), and the counts by status. */
    synchronized void publish(ProgressSample now, ProgressSample previous, Map<String, Long> counts) {
        this.sample = now;
        this.before = previous;
        this.byStatus = Collections.unmodifiableMap(new LinkedHashMap<>(counts)); // in the statuses' order
    }

    /** The crawl is stopping: nothing more can be done to it. */
    synchronized void stopping(StopReason reason) {
        state = State.STOPPING;
        stopReason = reason;
    }

    boolean stopRequested() {
        return stopRequested.get();
    }

    synchronized boolean paused() {
        return state == State.PAUSED;
    }

    @Override
    public synchronized Map<String, Object> progress() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("state", state.name().toLowerCase(Locale.ROOT));
        p.put("stopReason", stopReason == null ? null : stopReason.description);
        if (sample != null) {
            p.put("elapsed", Durations.format(sample.elapsed()));
            p.put("elapsedSeconds", sample.elapsed().toMillis() / 1000.0);
            p.put("fetched", sample.fetched());
            p.put("pagesPerSecond", sample.pagesPerSecondSince(before));
            p.put("kbPerSecond", sample.kbPerSecondSince(before));
            p.put("discovered", sample.discovered());
            p.put("errors", sample.errors());
            p.put("due", sample.due());
            p.put("inFlight", sample.inFlight());
            p.put("activeThreads", sample.activeThreads());
            p.put("threads", sample.threads());
            p.put("queues", sample.queues());
        }
        p.put("status", byStatus);
        return p;
    }

    @Override
    public synchronized boolean pause() {
        return move(State.RUNNING, State.PAUSED, "Pausing", LocalCrawlTopology::deactivate);
    }

    @Override
    public synchronized boolean resume() {
        return move(State.PAUSED, State.RUNNING, "Resuming", LocalCrawlTopology::activate);
    }

    private interface TopologyAction {
        void apply(LocalCrawlTopology topology) throws Exception;
    }

    // Called with the lock held.
    private boolean move(State from, State to, String doing, TopologyAction action) {
        if (state != from) {
            return false;
        }
        try {
            action.apply(topology);
        } catch (Exception e) {
            LOG.warn("{} the crawl failed: {}", doing, e.toString());
            return false;
        }
        state = to;
        return true;
    }

    @Override
    public void stop() {
        stopRequested.set(true);
    }
}
