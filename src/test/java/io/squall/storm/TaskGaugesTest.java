package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.metrics.MetricKinds;
import io.squall.testsupport.TaskContexts;
import java.util.Map;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.junit.jupiter.api.Test;

/** The metrics index tells counters from levels by name: a gauge or histogram must be declared to exist. */
class TaskGaugesTest {

    @Test
    void declaredGaugesAndHistogramsRegisterAndOthersAreRefused() {
        StormMetricRegistry worker = new StormMetricRegistry();
        var context = TaskContexts.of(Map.of(1, "fetcher"), 1, worker);
        TaskGauges.register(context, "fetcher.queues", () -> 3L);
        assertEquals(3L, worker.getTaskGauges(1).get("fetcher.queues").getValue());
        new TaskCounters(context).record("fetcher.fetch.ms", 250);
        assertEquals(1, worker.getTaskHistograms(1).get("fetcher.fetch.ms").getCount());
        // Storm's executor reports a histogram's statistics times 10^-6 (nanoseconds to milliseconds): what the
        // metrics index gets must be the 250 ms recorded.
        assertEquals(250.0, worker.getTaskHistograms(1).get("fetcher.fetch.ms").getSnapshot().getMax() * 1e-6, 1e-9);

        IllegalArgumentException gauge = assertThrows(IllegalArgumentException.class,
                () -> TaskGauges.register(context, "fetcher.new.level", () -> 1L));
        assertTrue(gauge.getMessage().contains("fetcher.new.level"), gauge.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TaskCounters(context).record("fetcher.size", 1));
    }

    @Test
    void countersAreSquallsNamesThatAreNeitherGaugesNorHistogramStatistics() {
        assertTrue(MetricKinds.isCounter("fetcher", "fetcher.pages"));
        assertTrue(MetricKinds.isCounter("status", "status.errors.robots.unavailable.connection.refused"));
        assertTrue(MetricKinds.isCounter("indexer", "warc.records"), "a new family of counters needs no listing");
        assertTrue(MetricKinds.isCounter("fetcher", "fetcher.fetch.ms.count"));
        assertTrue(!MetricKinds.isCounter("fetcher", "fetcher.fetch.ms.p95"));
        assertTrue(!MetricKinds.isCounter("fetcher", "fetcher.queues"));
        assertTrue(!MetricKinds.isCounter("fetcher", "__emit-count-default"));
        assertTrue(!MetricKinds.isCounter("fetcher", "receive-queue-population"));
        assertTrue(!MetricKinds.isCounter("__system", "threads.count"));
    }
}
