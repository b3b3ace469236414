package io.squall.metrics;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The increase of each task's counters since that task's previous report, so that the metrics index holds
 * per-interval values beside the totals: summed over tasks and time, they give a run's pages, errors or
 * bytes, and per time bucket its rates, whatever tasks or metrics consumers restarted meanwhile.
 *
 * <p>The previous report is the one last written to the metrics indices, read there ({@link Written}) when
 * this consumer first hears from a task, once per task: a consumer that started again (its worker was
 * killed) goes on from what its predecessor wrote, instead of counting a surviving task's whole total
 * again. Increases computed by the tasks themselves would need no reading, but would not be exact: a task's
 * report goes to the consumer once, unacknowledged, so an increase sent to a consumer that died before
 * writing it, or sent while no consumer ran, would be lost. A total is never lost that way, since the next
 * one includes it, and increases taken from the last total written add up to the last total written,
 * whatever reports went missing between: exact without acknowledgements, the counters left as Storm keeps them.
 *
 * <p>A counter starts at zero with its task, so its first report counts whole. A task started again counts
 * whole from zero too: its total went down, or its previous report is older than the task's
 * {@link MetricKinds#TASK_STARTED} (a task started again in the same worker slot, whose total may already be
 * above its predecessor's). A report of the same time again (a re-sent batch) gets the same increase. When
 * what was written of a task cannot be read, its report gets no increase and the task is read again at its
 * next report, whose increase then covers both. Exact as long as the writes succeed: a report whose write
 * failed is still taken as the previous one, so its increase is lost with it (metrics are best effort).
 *
 * <p>Holds one entry per task and counter name, a number bounded by the topology's tasks and Squall's names
 * (HTTP status codes and error causes among them). Not thread-safe: a metrics consumer task reports from one
 * thread.
 */
final class CounterDeltas {
    /** A counter's report: its time, its total and the increase written with it (null if none was). */
    record Report(long timeMillis, double total, Double delta) {
    }

    /** What the metrics indices hold of a task of this run. */
    interface Written {
        /** Each counter's (and gauge's) last report written for that task, by name; empty if none was. */
        Map<String, Report> lastReports(String worker, String component, int taskId) throws IOException;
    }

    private final Written written;
    private final Map<String, Map<String, Report>> tasks = new HashMap<>();

    CounterDeltas(Written written) {
        this.written = written;
    }

    /**
     * The increases of one report of a task, taken at {@code timeMillis} by the instance of the task that
     * started at {@code startedMillis} (0 if unknown).
     *
     * @throws IOException when what was written of the task could not be read; it is read again next time
     */
    TaskReport report(String worker, String component, int taskId, long timeMillis, long startedMillis)
            throws IOException {
        String key = worker + '/' + component + '/' + taskId;
        Map<String, Report> last = tasks.get(key);
        if (last == null) {
            last = new HashMap<>(written.lastReports(worker, component, taskId));
            tasks.put(key, last);
        }
        // Reports are dated in whole seconds: the instance's own are never before the second it started in.
        return new TaskReport(last, timeMillis, startedMillis - startedMillis % 1000);
    }

    /** The counters of one report of one task. */
    static final class TaskReport {
        private final Map<String, Report> last;
        private final long timeMillis;
        private final long instanceSince;

        private TaskReport(Map<String, Report> last, long timeMillis, long instanceSince) {
            this.last = last;
            this.timeMillis = timeMillis;
            this.instanceSince = instanceSince;
        }

        /** The counter's increase since the task's previous report; null if that report got none again. */
        Double delta(String name, double total) {
            Report previous = last.get(name);
            if (previous != null && previous.timeMillis() == timeMillis) {
                return previous.delta();
            }
            boolean sameInstance = previous != null && previous.timeMillis() >= instanceSince
                    && total >= previous.total();
            double delta = sameInstance ? total - previous.total() : total;
            last.put(name, new Report(timeMillis, total, delta));
            return delta;
        }
    }
}
