package io.squall.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.faults.FaultStep.Ending;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {
    @Test
    void aSeedGivesTheSameScheduleEveryTime() {
        for (long seed = 0; seed < 50; seed++) {
            assertEquals(FaultSchedule.generate(seed, FaultScale.CI), FaultSchedule.generate(seed, FaultScale.CI));
        }
    }

    @Test
    void seedsGiveDifferentSchedules() {
        Set<List<FaultStep>> schedules = new java.util.HashSet<>();
        for (long seed = 0; seed < 50; seed++) {
            schedules.add(FaultSchedule.generate(seed, FaultScale.CI).steps());
        }
        assertTrue(schedules.size() > 45, schedules.size() + " different schedules of 50");
    }

    @Test
    void everyScheduleIsTheScalesFaultsThenARunToTheEnd() {
        for (long seed = 0; seed < 200; seed++) {
            FaultSchedule schedule = FaultSchedule.generate(seed, FaultScale.BENCH);
            List<FaultStep> steps = schedule.steps();
            assertEquals(FaultScale.BENCH.faults() + 1, steps.size());
            assertEquals(Ending.FINISH, steps.get(steps.size() - 1).ending());
            assertEquals(null, steps.get(steps.size() - 1).trouble(), "the last run is left alone");
            steps.subList(0, steps.size() - 1).forEach(s -> assertNotEquals(Ending.FINISH, s.ending()));
        }
    }

    @Test
    void faultsStrikeWithinTheWebAndTroubleStartsNoLaterThanTheFault() {
        for (long seed = 0; seed < 200; seed++) {
            FaultSchedule schedule = FaultSchedule.generate(seed, FaultScale.CI);
            for (FaultStep step : schedule.steps()) {
                assertTrue(step.afterRequests() <= FaultScale.CI.pages() && step.maxPages() <= FaultScale.CI.pages(),
                        step.toString());
                if (step.trouble() != null && step.afterRequests() > 0) {
                    assertTrue(step.trouble().afterRequests() <= step.afterRequests(), step.toString());
                }
                if (step.trouble() != null) {
                    assertTrue(step.trouble().seconds() >= 3 && step.trouble().lateMillis() >= 200, step.toString());
                }
            }
        }
    }

    @Test
    void everyKindOfFaultAndOpenSearchTroubleComeUp() {
        Set<Ending> seen = EnumSet.noneOf(Ending.class);
        int troubled = 0;
        for (long seed = 0; seed < 30; seed++) {
            for (FaultStep step : FaultSchedule.generate(seed, FaultScale.CI).steps()) {
                seen.add(step.ending());
                troubled += step.trouble() == null ? 0 : 1;
            }
        }
        assertEquals(EnumSet.allOf(Ending.class), seen);
        assertTrue(troubled > 10, troubled + " runs with OpenSearch trouble");
    }

    @Test
    void neighbouringSeedsDrawEveryDelay() {
        // java.util.Random's first draw is nearly the same for seeds 1, 2, 3...: it once gave them all one delay.
        Set<Integer> delays = new java.util.HashSet<>();
        for (long seed = 1; seed <= 20; seed++) {
            delays.add(FaultSchedule.generate(seed, FaultScale.CI).delayMillis());
        }
        assertEquals(Set.of(0, 50, 100, 200), delays);
    }

    @Test
    void theDescriptionNamesTheSeedAndEveryStep() {
        FaultSchedule schedule = FaultSchedule.generate(7, FaultScale.CI);
        String text = schedule.describe();
        assertTrue(text.startsWith("seed 7 (ci: 3 hosts x 40 pages"), text);
        assertEquals(schedule.steps().size() + 1, text.lines().count(), text);
        assertTrue(text.endsWith(". run to the end"), text);
    }

    @Test
    void aStepWhoseEndingAndLimitsDisagreeIsRefused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new FaultStep(Ending.KILL, 0, 0, 0, null));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new FaultStep(Ending.MAX_PAGES, 5, 10, 0, null));
    }

    @Test
    void aNodeStopStrikesAfterARequestAndIsDescribedWithTheStep() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new FaultStep.NodeStop(0));
        FaultStep step = new FaultStep(Ending.SIGTERM, 200, 0, 0, null, new FaultStep.NodeStop(20));
        assertEquals("SIGTERM after 200 requests; the OpenSearch node holding the status primary killed after 20"
                + " requests", step.toString());
        assertEquals(null, new FaultStep(Ending.FINISH, 0, 0, 0, null).nodeStop(), "steps lose no node by default");
    }

    @Test
    void aNodeComesBackAfterARequestInAStepThatLosesNone() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new FaultStep.NodeBack(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new FaultStep(
                Ending.FINISH, 0, 0, 0, null, new FaultStep.NodeStop(5), new FaultStep.NodeBack(10)));
        FaultStep step = new FaultStep(Ending.FINISH, 0, 0, 0, null, null, new FaultStep.NodeBack(30));
        assertEquals("run to the end; the killed node started again after 30 requests", step.toString());
        assertEquals(null, new FaultStep(Ending.FINISH, 0, 0, 0, null).nodeBack(), "steps bring no node back by default");
    }

    @Test
    void generatedSchedulesStopNoNodeForTheyRunOnOne() {
        for (long seed = 0; seed < 50; seed++) {
            FaultSchedule.generate(seed, FaultScale.CI).steps().forEach(s -> {
                assertEquals(null, s.nodeStop(), s.toString());
                assertEquals(null, s.nodeBack(), s.toString());
            });
        }
    }

    @Test
    void aClusterScheduleAddsNodeFaultsToTheOneNodeScheduleOfItsSeedAndEndsWithTheClusterWhole() {
        int stops = 0;
        int backs = 0;
        for (long seed = 0; seed < 200; seed++) {
            FaultSchedule oneNode = FaultSchedule.generate(seed, FaultScale.BENCH);
            FaultSchedule cluster = FaultSchedule.generateOnCluster(seed, FaultScale.BENCH);
            assertEquals(oneNode.delayMillis(), cluster.delayMillis());
            assertEquals(oneNode.steps().size(), cluster.steps().size());
            boolean down = false;
            for (int i = 0; i < cluster.steps().size(); i++) {
                FaultStep step = cluster.steps().get(i);
                FaultStep same = oneNode.steps().get(i);
                assertEquals(List.of(same.ending(), same.afterRequests(), same.maxPages(), same.durationSeconds()),
                        List.of(step.ending(), step.afterRequests(), step.maxPages(), step.durationSeconds()),
                        "seed " + seed + ": the runs and endings are the one-node schedule's");
                assertEquals(same.trouble(), step.trouble());
                if (step.nodeStop() != null) {
                    assertFalse(down, "seed " + seed + ": a node stop while one is down\n" + cluster.describe());
                    assertTrue(step.afterRequests() == 0 || step.nodeStop().afterRequests() < step.afterRequests(),
                            "the node stop strikes before the run's fault: " + step);
                    down = true;
                    stops++;
                }
                if (step.nodeBack() != null) {
                    assertTrue(down, "seed " + seed + ": a node back with none down\n" + cluster.describe());
                    down = false;
                    backs++;
                }
            }
            assertFalse(down, "seed " + seed + ": the schedule leaves a node down\n" + cluster.describe());
            assertEquals(cluster.describe(), FaultSchedule.generateOnCluster(seed, FaultScale.BENCH).describe(),
                    "a seed gives one schedule");
        }
        assertEquals(stops, backs);
        assertTrue(stops > 100, "node stops are common: " + stops + " in 200 schedules of 5 faults");
    }
}
