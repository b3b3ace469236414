package io.squall.metrics;

import java.util.HashMap;
import java.util.Map;

/**
 * The increase of each task's counters since that task's previous report, so that the metrics index holds
 * per-interval values beside the totals: summed over tasks and time, they give a run's pages, errors or
 * bytes, and per time bucket its rates, whatever tasks restarted meanwhile.
 *
 * <p>A counter starts at zero with its task, so its first report counts whole; a total lower than the
 * previous one means the task started again (its worker restarted), and counts whole too; a report of the
 * same time again (a re-sent batch) gets the same increase. Holds one entry per task and counter name, a
 * number bounded by the topology's tasks and Squall's names (HTTP status codes and error causes among
 * them). Not thread-safe: a metrics consumer task reports from one thread.
 */
final class CounterDeltas {
    private record Report(long timeMillis, double total, double delta) {
    }

    private final Map<String, Report> lastReports = new HashMap<>();

    double delta(String worker, String component, int taskId, String name, long timeMillis, double total) {
        String key = worker + '/' + component + '/' + taskId + '/' + name;
        Report previous = lastReports.get(key);
        if (previous != null && previous.timeMillis() == timeMillis) {
            return previous.delta();
        }
        double delta = previous == null || total < previous.total() ? total : total - previous.total();
        lastReports.put(key, new Report(timeMillis, total, delta));
        return delta;
    }
}
