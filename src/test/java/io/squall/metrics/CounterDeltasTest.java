package io.squall.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The metrics index as the deltas see it: what a consumer wrote is what the next consumer reads, and a
 * report a consumer received but never wrote (it died first) is simply not there.
 */
class CounterDeltasTest {
    private static final String WORKER = "worker-b:6701";
    private static final long T = 1_700_000_000_000L;

    /** The last report written per task and name, as the metrics indices would answer. */
    private final Map<String, Map<String, CounterDeltas.Report>> index = new HashMap<>();
    private final List<String> reads = new ArrayList<>();

    private CounterDeltas consumer() {
        return new CounterDeltas((worker, component, taskId) -> {
            reads.add(component + "/" + taskId);
            return index.getOrDefault(worker + "/" + component + "/" + taskId, Map.of());
        });
    }

    /** The consumer's delta for a report, written to the index when {@code written}. */
    private Double report(CounterDeltas consumer, int taskId, long time, long started, double total, boolean written)
            throws IOException {
        Double delta = consumer.report(WORKER, "fetcher", taskId, time, started).delta("fetcher.pages", total);
        if (written) {
            index.computeIfAbsent(WORKER + "/fetcher/" + taskId, k -> new HashMap<>())
                    .put("fetcher.pages", new CounterDeltas.Report(time, total, delta));
        }
        return delta;
    }

    @Test
    void aConsumerStartedAgainCountsOnlyTheIncreaseOfATaskThatKeptRunning() throws IOException {
        CounterDeltas first = consumer();
        double sum = report(first, 3, T, T - 5_000, 600, true)
                + report(first, 3, T + 10_000, T - 5_000, 673, true);
        report(first, 3, T + 20_000, T - 5_000, 700, false); // received, but the consumer died before writing it

        CounterDeltas second = consumer();
        double next = report(second, 3, T + 40_000, T - 5_000, 743, true);

        assertEquals(70, next, "its increase since the last report written, the lost one included");
        assertEquals(743, sum + next, "the deltas written add up to the task's total");
        assertEquals(8, report(second, 3, T + 50_000, T - 5_000, 751, true));
        assertEquals(List.of("fetcher/3", "fetcher/3"), reads, "read once per task and consumer, not per report");
    }

    @Test
    void aTaskStartedAgainCountsWholeEvenWhenItsTotalIsAlreadyAboveItsPredecessors() throws IOException {
        CounterDeltas consumer = consumer();
        report(consumer, 4, T, T - 5_000, 30, true);
        long restarted = T + 4_500;
        assertEquals(45, report(consumer, 4, T + 10_000, restarted, 45, true), "same slot, new instance");
        assertEquals(5, report(consumer, 4, T + 20_000, restarted, 50, true), "then its increases");
        assertEquals(12, report(consumer, 4, T + 30_000, 0, 12, true), "a total gone down, start time unknown");

        report(consumer, 5, T, T - 5_000, 30, true);
        assertEquals(80, report(consumer(), 5, T + 10_000, T + 4_500, 80, true),
                "told by a consumer started again too");
    }

    @Test
    void aReportOfTheSameTimeAgainGetsTheSameDeltaFromEitherConsumer() throws IOException {
        CounterDeltas first = consumer();
        report(first, 3, T, T - 5_000, 40, true);
        assertEquals(10, report(first, 3, T + 10_000, T - 5_000, 50, true));
        assertEquals(10, report(first, 3, T + 10_000, T - 5_000, 50, true), "re-sent");
        assertEquals(10, report(consumer(), 3, T + 10_000, T - 5_000, 50, true), "re-sent to the next consumer");
    }

    @Test
    void aTaskWhosePreviousReportCannotBeReadIsReadAgainAtItsNextReport() throws IOException {
        index.put(WORKER + "/fetcher/3", Map.of("fetcher.pages", new CounterDeltas.Report(T, 40, 40.0)));
        boolean[] down = {true};
        CounterDeltas consumer = new CounterDeltas((worker, component, taskId) -> {
            if (down[0]) {
                throw new IOException("OpenSearch is away");
            }
            return index.get(worker + "/" + component + "/" + taskId);
        });
        assertThrows(IOException.class, () -> consumer.report(WORKER, "fetcher", 3, T + 10_000, 0));

        down[0] = false;
        assertEquals(30, consumer.report(WORKER, "fetcher", 3, T + 20_000, 0).delta("fetcher.pages", 70));
        index.put(WORKER + "/fetcher/4", Map.of("fetcher.pages", new CounterDeltas.Report(T, 40, null)));
        assertNull(consumer.report(WORKER, "fetcher", 4, T, 0).delta("fetcher.pages", 40),
                "a report written without a delta gets none when it comes again");
    }
}
