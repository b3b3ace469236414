package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.fetch.DelayReason;
import io.squall.fetch.QueueView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HostTableTest {

    private static QueueView queue(String key, int queued, int inFlight, long nextFetchInMs, long backOffMs,
                                   long pausedMs) {
        return new QueueView(key, queued, inFlight, 1000, nextFetchInMs, backOffMs, pausedMs, 0, 0,
                backOffMs > 0 ? 1 : 0, backOffMs > 0 ? DelayReason.BACKOFF : DelayReason.FIXED);
    }

    @SuppressWarnings("unchecked")
    private static List<String> hosts(Map<String, Object> table, String list) {
        return ((List<Map<String, Object>>) table.get(list)).stream().map(r -> (String) r.get("host")).toList();
    }

    @Test
    void theBusiestHaveMostUrlsQueuedAndInFlightAndTheMostBlockedWaitLongest() {
        List<QueueView> views = new ArrayList<>(List.of(
                queue("idle.example", 0, 0, 0, 0, 0),
                queue("busy.example", 40, 1, 800, 0, 0),
                queue("busier.example", 39, 3, 0, 0, 0),
                queue("backed-off.example", 2, 0, 90_000, 90_000, 0),
                queue("paused.example", 0, 0, 300_000, 0, 300_000),
                queue("slow.example", 5, 0, 20_000, 0, 0),
                queue("ready.example", 3, 0, 0, 0, 0)));
        // The order the queues come in says nothing.
        Collections.shuffle(views, new Random(7));
        Map<String, Object> table = HostTable.of(views, 5);
        assertEquals(7, table.get("queues"));
        assertEquals(89L, table.get("queued"));
        assertEquals(List.of("busier.example", "busy.example", "slow.example", "ready.example",
                "backed-off.example"), hosts(table, "busiest"), "queued + in flight, at most 5");
        assertEquals(List.of("paused.example", "backed-off.example", "slow.example", "busy.example"),
                hosts(table, "blocked"), "blocked first, longest first; then the longest wait for the next fetch;"
                        + " not the queues that may fetch now or have nothing to fetch");
    }

    @Test
    void aRowCarriesEveryFigureOfItsQueue() {
        Map<String, Object> row = HostTable.row(new QueueView("h", 1, 2, 3000, 4, 5, 6, 7, 8, 9,
                DelayReason.RETRY_AFTER));
        assertEquals(Map.ofEntries(Map.entry("host", "h"), Map.entry("queued", 1), Map.entry("inFlight", 2),
                Map.entry("delayMs", 3000L), Map.entry("delayReason", "retry-after"), Map.entry("nextFetchInMs", 4L),
                Map.entry("backOffMs", 5L), Map.entry("pausedMs", 6L), Map.entry("errors", 7),
                Map.entry("consecutiveErrors", 8), Map.entry("backOffLevel", 9)), row);
    }

    @Test
    void noQueuesMakeAnEmptyTable() {
        Map<String, Object> table = HostTable.of(List.of(), 10);
        assertEquals(0, table.get("queues"));
        assertEquals(List.of(), table.get("busiest"));
        assertEquals(List.of(), table.get("blocked"));
    }
}
