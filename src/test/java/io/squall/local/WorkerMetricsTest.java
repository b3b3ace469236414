package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import io.squall.frontier.IdleGauge;
import io.squall.testsupport.TaskContexts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.storm.Config;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.task.TopologyContext;
import org.junit.jupiter.api.Test;

class WorkerMetricsTest {
    // Two spout tasks, two fetcher tasks and a status updater in one worker, as Storm numbers them.
    private static final Map<Integer, String> TASKS = Map.of(1, "spout", 2, "spout", 5, "fetcher", 7, "fetcher",
            9, "status");

    private static TopologyContext task(StormMetricRegistry worker, int taskId) {
        return TaskContexts.of(TASKS, taskId, worker);
    }

    @Test
    void liveFiguresAreEachMetricSummedOverItsTasksAsTheyAreNow() {
        StormMetricRegistry worker = new StormMetricRegistry();
        AtomicInteger inFlightOfTask1 = new AtomicInteger(3);
        task(worker, 1).registerGauge("spout.inflight", (Gauge<Integer>) inFlightOfTask1::get);
        task(worker, 2).registerGauge("spout.inflight", () -> 4);
        task(worker, 5).registerGauge("fetcher.queues", () -> 2L);
        task(worker, 5).registerGauge("fetcher.urls.in.queues", () -> 116L);
        task(worker, 7).registerGauge("fetcher.queues", () -> 3L);
        task(worker, 5).registerCounter("fetcher.pages").inc(10);
        task(worker, 7).registerCounter("fetcher.pages").inc(5);
        task(worker, 9).registerCounter("status.written.FETCH_ERROR").inc(2);
        task(worker, 9).registerCounter("status.written.ERROR").inc(1);
        task(worker, 9).registerCounter("status.written.FETCHED").inc(12);
        WorkerMetrics metrics = new WorkerMetrics();
        LiveStats live = new LiveStats(metrics);
        assertEquals(0, live.fetched(), "no worker yet");

        metrics.attach(worker.getRegistry());

        assertEquals(7, live.inFlight());
        assertEquals(5, live.queues(), "the fetchers' queues, not the URLs in them");
        assertEquals(15, live.fetched());
        assertEquals(3, live.errors());
        assertEquals(0, live.activeThreads(), "no task has the metric");
        inFlightOfTask1.set(0);
        assertEquals(4, live.inFlight(), "read when asked, not at a metrics tick");

        metrics.detach(worker.getRegistry());
        assertEquals(0, live.inFlight(), "a stopped worker's figures are gone");
    }

    @Test
    void metricsOfTasksThatStartAfterAReadCountAtTheNextRead() {
        StormMetricRegistry worker = new StormMetricRegistry();
        task(worker, 5).registerCounter("fetcher.pages").inc(10);
        WorkerMetrics metrics = new WorkerMetrics();
        metrics.attach(worker.getRegistry());
        assertEquals(10, metrics.sum("fetcher.pages"));
        assertFalse(metrics.has("spout.inflight"));

        task(worker, 7).registerCounter("fetcher.pages").inc(5);
        task(worker, 1).registerGauge("spout.inflight", () -> 2);

        assertEquals(15, metrics.sum("fetcher.pages"), "the task that started since");
        assertEquals(2, metrics.sum("spout.inflight"));

        StormMetricRegistry nextWorker = new StormMetricRegistry();
        task(nextWorker, 5).registerCounter("fetcher.pages").inc(1);
        metrics.detach(worker.getRegistry());
        metrics.attach(nextWorker.getRegistry());
        assertEquals(1, metrics.sum("fetcher.pages"), "only the worker that runs now");
    }

    @Test
    void seedsAddedInThisProcessWakeEverySpoutTaskOnce() {
        StormMetricRegistry worker = new StormMetricRegistry();
        IdleGauge first = new IdleGauge();
        IdleGauge second = new IdleGauge();
        task(worker, 1).registerGauge("spout.idle", first);
        task(worker, 2).registerGauge("spout.idle", second);
        WorkerMetrics metrics = new WorkerMetrics();
        metrics.attach(worker.getRegistry());
        LiveStats live = new LiveStats(metrics);
        assertFalse(first.takeWake() || second.takeWake());

        live.wakeSpouts();

        assertTrue(first.takeWake() && second.takeWake(), "both tasks woken");
        assertFalse(first.takeWake() || second.takeWake(), "once");
    }

    @Test
    void acksWakeOnlyTheSpoutTasksWhosePartOfTheFrontierRanDry() {
        StormMetricRegistry worker = new StormMetricRegistry();
        IdleGauge busy = new IdleGauge();
        IdleGauge dry = new IdleGauge();
        dry.set(true);
        task(worker, 1).registerGauge("spout.idle", busy);
        task(worker, 2).registerGauge("spout.idle", dry);
        task(worker, 1).registerCounter("spout.acked").inc(3);
        task(worker, 2).registerCounter("spout.failed").inc();
        WorkerMetrics metrics = new WorkerMetrics();
        metrics.attach(worker.getRegistry());
        LiveStats live = new LiveStats(metrics);
        LiveStats.SpoutActivity spouts = live.spoutActivity();
        assertEquals(4, spouts.acked() + spouts.failed());

        live.wakeIdleSpouts();

        assertTrue(dry.takeWake(), "the idle task searches for what the acked URLs wrote");
        assertFalse(busy.takeWake(), "a busy task is left to its own searches");
    }

    @Test
    void aTasksMetricIsKnownByTheNameStormGivesIt() {
        assertEquals("fetcher.status.FETCH_ERROR",
                WorkerMetrics.nameOf("storm.topology.squall-local-1-1763880000.my-host_example_org.fetcher.5.1024"
                        + "-fetcher.status.FETCH_ERROR"));
        assertEquals("spout.inflight",
                WorkerMetrics.nameOf("storm.topology.squall-local-1-1763880000.host.url_spout.12.1027-spout.inflight"));
        // Storm's own per-stream metrics of a worker are not task metrics of the topology.
        assertNull(WorkerMetrics.nameOf(
                "storm.worker.squall-local-1-1763880000.host.spout.default.1.1024-__emit-count"));
    }

    @Test
    void theReporterHandsEachWorkersRegistryToItsCrawlUntilTheWorkerStops() {
        Map<String, Object> stormConfig = new HashMap<>();
        Map<String, Object> configured = Map.of("class", "org.apache.storm.metrics2.reporters.JmxStormReporter");
        stormConfig.put(Config.TOPOLOGY_METRICS_REPORTERS, List.of(configured));
        StormMetricRegistry worker = new StormMetricRegistry();
        task(worker, 5).registerCounter("fetcher.pages").inc(8);
        Map<String, Object> reporterConf;
        try (LocalMetricsReporter.Registration crawl = LocalMetricsReporter.register(stormConfig)) {
            List<?> reporters = (List<?>) stormConfig.get(Config.TOPOLOGY_METRICS_REPORTERS);
            assertEquals(2, reporters.size(), "the topology's own reporter is kept");
            assertEquals(configured, reporters.get(0));
            reporterConf = asMap(reporters.get(1));
            assertEquals(LocalMetricsReporter.class.getName(), reporterConf.get("class"));

            // What the worker does with each reporter of topology.metrics.reporters.
            LocalMetricsReporter reporter = new LocalMetricsReporter();
            reporter.prepare(worker, Map.of(Config.STORM_ID, TaskContexts.TOPOLOGY_ID), reporterConf);
            assertFalse(crawl.metrics().attached(), "prepared, not started");
            reporter.start();
            assertTrue(crawl.metrics().attached(), "the worker is up");
            assertEquals(8, crawl.metrics().sum("fetcher.pages"));
            assertTrue(crawl.metrics().has("fetcher.pages"));
            assertFalse(crawl.metrics().has("spout.inflight"), "no spout task registered it");
            reporter.stop();
            assertFalse(crawl.metrics().attached(), "the worker stopped");
            assertEquals(0, crawl.metrics().sum("fetcher.pages"));
            assertFalse(crawl.metrics().has("fetcher.pages"), "the worker stopped");
        }
        LocalMetricsReporter late = new LocalMetricsReporter();
        late.prepare(worker, Map.of(), reporterConf);
        late.start(); // the crawl is over: nobody to hand the registry to, and no failure
        late.stop();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object reporterConf) {
        assertTrue(reporterConf instanceof Map, String.valueOf(reporterConf));
        return (Map<String, Object>) reporterConf;
    }
}
