package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WritesWaitTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void writesOwedAndFetchesUnderWayAreWaitedForWithoutABound() {
        WritesWait wait = new WritesWait(30 * SECOND);
        for (long t = 0; t <= 3_600; t += 60) {
            assertTrue(wait.waits(5, 0, 19, t * SECOND), "writes owed at " + t + " s");
            assertTrue(wait.waits(0, 1, 19, t * SECOND + 1), "a fetch under way at " + t + " s");
        }
        assertEquals(0, wait.leftDue());
    }

    @Test
    void nothingOwedAndNothingInFlightEndsAtOnce() {
        WritesWait wait = new WritesWait(30 * SECOND);
        assertFalse(wait.waits(0, 0, 0, 0));
        assertEquals(0, wait.leftDue());
    }

    @Test
    void urlsInFlightThatStopMovingWithNothingOwedAreLeftDueAfterTheGrace() {
        WritesWait wait = new WritesWait(30 * SECOND);
        assertTrue(wait.waits(0, 0, 19, 0));
        assertTrue(wait.waits(0, 0, 12, 10 * SECOND), "moving: failed back by the fetchers");
        assertTrue(wait.waits(0, 0, 12, 39 * SECOND), "unchanged for 29 s only");
        assertEquals(0, wait.leftDue());
        assertFalse(wait.waits(0, 0, 12, 40 * SECOND));
        assertEquals(12, wait.leftDue(), "handed out, never fetched: due for the next run");
    }

    @Test
    void aWriteOwedStartsTheGraceAgain() {
        WritesWait wait = new WritesWait(30 * SECOND);
        assertTrue(wait.waits(0, 0, 4, 0));
        assertTrue(wait.waits(2, 0, 4, 25 * SECOND));
        assertTrue(wait.waits(0, 0, 4, 50 * SECOND), "still within the grace counted from the last write owed");
        assertFalse(wait.waits(0, 0, 4, 55 * SECOND));
        assertEquals(4, wait.leftDue());
    }
}
