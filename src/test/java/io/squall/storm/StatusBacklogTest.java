package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.storm.Config;
import org.junit.jupiter.api.Test;

class StatusBacklogTest {

    @Test
    void behindOnceTheTopologysWritersInThisWorkerHoldTheLimitTogetherAndOnlyTheirs() {
        Map<String, Object> crawl = Map.of(Config.TOPOLOGY_NAME, "backlog-test-crawl");
        Map<String, Object> other = Map.of(Config.TOPOLOGY_NAME, "backlog-test-other");
        AtomicLong first = new AtomicLong();
        AtomicLong second = new AtomicLong();
        Runnable unregisterFirst = StatusBacklog.register(crawl, first::get);
        Runnable unregisterSecond = StatusBacklog.register(crawl, second::get);
        Runnable unregisterOther = StatusBacklog.register(other, () -> 1_000_000);
        try {
            BooleanSupplier behind = StatusBacklog.behind(crawl, 100);
            first.set(60);
            second.set(39);
            assertFalse(behind.getAsBoolean(), "99 of 100, another topology's writes apart");
            second.set(40);
            assertTrue(behind.getAsBoolean(), "60 + 40");
            assertFalse(StatusBacklog.behind(crawl, 0).getAsBoolean(), "0: no limit");
            unregisterSecond.run();
            assertFalse(behind.getAsBoolean(), "a writer cleaned up counts no more");
        } finally {
            unregisterFirst.run();
            unregisterSecond.run();
            unregisterOther.run();
        }
    }
}
