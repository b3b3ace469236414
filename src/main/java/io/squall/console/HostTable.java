package io.squall.console;

import io.squall.fetch.QueueView;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console's host table: the busiest host queues (most URLs queued and being fetched) and the most blocked
 * ones (a back-off or an error pause first, the longest first; then those waiting longest for their next fetch).
 */
public final class HostTable {
    private static final Comparator<QueueView> BUSIEST = Comparator
            .comparingLong((QueueView v) -> (long) v.queued() + v.inFlight()).reversed()
            .thenComparing(QueueView::key);
    private static final Comparator<QueueView> MOST_BLOCKED = Comparator
            .comparing(QueueView::blocked).reversed()
            .thenComparing(Comparator.comparingLong((QueueView v) -> Math.max(v.backOffMs(), v.pausedMs())).reversed())
            .thenComparing(Comparator.comparingLong(QueueView::nextFetchInMs).reversed())
            .thenComparing(Comparator.comparingInt(QueueView::queued).reversed())
            .thenComparing(QueueView::key);

    private HostTable() {
    }

    /**
     * The table as JSON-ready values: {@code queues} (how many), {@code busiest} and {@code blocked} (at most
     * {@code top} rows each; a queue with nothing queued and no wait is not blocked).
     */
    public static Map<String, Object> of(List<QueueView> views, int top) {
        Map<String, Object> table = new LinkedHashMap<>();
        table.put("queues", views.size());
        table.put("queued", views.stream().mapToLong(QueueView::queued).sum());
        table.put("busiest", views.stream().filter(v -> v.queued() + v.inFlight() > 0).sorted(BUSIEST).limit(top)
                .map(HostTable::row).toList());
        table.put("blocked", views.stream().filter(v -> v.blocked() || (v.queued() > 0 && v.nextFetchInMs() > 0))
                .sorted(MOST_BLOCKED).limit(top).map(HostTable::row).toList());
        return table;
    }

    static Map<String, Object> row(QueueView v) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("host", v.key());
        row.put("queued", v.queued());
        row.put("inFlight", v.inFlight());
        row.put("delayMs", v.delayMs());
        row.put("delayReason", v.delayReason() == null ? null : v.delayReason().label());
        row.put("nextFetchInMs", v.nextFetchInMs());
        row.put("errors", v.errors());
        row.put("consecutiveErrors", v.consecutiveErrors());
        row.put("backOffMs", v.backOffMs());
        row.put("pausedMs", v.pausedMs());
        row.put("backOffLevel", v.backOffLevel());
        return row;
    }
}
