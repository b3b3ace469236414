package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.codahale.metrics.Counter;
import io.squall.testsupport.TaskContexts;
import java.util.Map;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.junit.jupiter.api.Test;

class TaskCountersTest {

    private static long count(StormMetricRegistry worker, int task, String name) {
        Counter counter = worker.getTaskCounters(task).get(name);
        return counter == null ? 0 : counter.getCount();
    }

    @Test
    void twoTasksInOneWorkerCountInTheirOwnStormCountersUnderTheSameName() {
        StormMetricRegistry worker = new StormMetricRegistry();
        Map<Integer, String> tasks = Map.of(3, "parser", 4, "parser");
        TaskCounters first = new TaskCounters(TaskContexts.of(tasks, 3, worker));
        TaskCounters second = new TaskCounters(TaskContexts.of(tasks, 4, worker));

        first.increment("parser.pages");
        first.add("parser.pages", 2); // registered once, on first use
        second.add("urlfilter.rejected.scope", 5);

        assertEquals(3, count(worker, 3, "parser.pages"));
        assertEquals(0, count(worker, 4, "parser.pages"));
        assertEquals(5, count(worker, 4, "urlfilter.rejected.scope"));
        assertNull(worker.getTaskCounters(3).get("urlfilter.rejected.scope"), "a name comes with its first count");
    }
}
