package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.policy.IWaitStrategy;
import org.junit.jupiter.api.Test;

class IdleWaitTest {
    @Test
    void sleepsDoubleAfterTheParksUpToTheMaximum() {
        assertEquals(1, IdleWait.sleepMillis(IdleWait.PARKS, 100));
        assertEquals(2, IdleWait.sleepMillis(IdleWait.PARKS + 1, 100));
        assertEquals(64, IdleWait.sleepMillis(IdleWait.PARKS + 6, 100));
        assertEquals(100, IdleWait.sleepMillis(IdleWait.PARKS + 7, 100));
        assertEquals(100, IdleWait.sleepMillis(Integer.MAX_VALUE, 100));
    }

    @Test
    void noSleepIsLongerThanTheIdleTimeBeforeIt() {
        // The parks take at least 1 ns each; every sleep after them is at most the sum of the sleeps before
        // it plus one millisecond, so a tuple arriving in a sleep waits at most about as long again as its
        // executor had been idle.
        long slept = 0;
        for (int round = IdleWait.PARKS; round < IdleWait.PARKS + 40; round++) {
            long sleep = IdleWait.sleepMillis(round, 100);
            assertTrue(sleep <= slept + 1, "round " + round + " sleeps " + sleep + " ms after " + slept + " ms idle");
            slept += sleep;
        }
    }

    @Test
    void aRoundCountsAndTheMaximumComesFromTheConfiguration() throws InterruptedException {
        IdleWait wait = new IdleWait();
        wait.prepare(Map.of(IdleWait.MAX_KEY, 3), IWaitStrategy.WaitSituation.BOLT_WAIT);
        long start = System.nanoTime();
        int counter = wait.idle(IdleWait.PARKS + 20);
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(IdleWait.PARKS + 21, counter);
        assertTrue(tookMillis >= 3, "the round slept the configured maximum, 3 ms: " + tookMillis);
        assertEquals(1, wait.idle(0), "a park round counts too");
    }

    @Test
    void squallsDefaultsMakeEveryExecutorWaitThisWay() {
        CrawlerConfig config = CrawlerConfig.defaults();
        assertEquals(IdleWait.class.getName(), config.getString(Config.TOPOLOGY_BOLT_WAIT_STRATEGY));
        assertEquals(IdleWait.class.getName(), config.getString(Config.TOPOLOGY_SPOUT_WAIT_STRATEGY));
        assertEquals(100, config.getLong(IdleWait.MAX_KEY));
    }
}
