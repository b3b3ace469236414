package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OvertakingTest {
    private static final long GRACE = Overtaking.GRACE_MILLIS;

    @Test
    void nothingIsOvertakenBeforeAnAck() {
        assertEquals(Long.MIN_VALUE, new Overtaking().until(1_000_000));
    }

    @Test
    void aUrlEmittedBeforeOneAckedIsOvertakenOnceThatAckIsAGraceOld() {
        Overtaking o = new Overtaking();
        o.acked(1_000, 5_000); // emitted at 1 s, acked at 5 s
        assertEquals(Long.MIN_VALUE, o.until(5_000 + GRACE - 1), "reordered acks are let through for a grace");
        assertEquals(999, o.until(5_000 + GRACE), "emitted before it: overtaken; with it (the same batch): not");
    }

    @Test
    void anAckOfAnOlderUrlMovesNothingBack() {
        Overtaking o = new Overtaking();
        o.acked(3_000, 5_000);
        o.acked(1_000, 5_500); // a slow one, come back after all
        assertEquals(2_999, o.until(5_000 + GRACE));
    }

    @Test
    void newerAcksWaitOutTheirOwnGraceAndAreNeverCountedEarly() {
        Overtaking o = new Overtaking();
        o.acked(1_000, 5_000);
        o.acked(2_000, 5_000 + GRACE / 2);
        o.acked(3_000, 5_000 + GRACE); // each newer ack is timed from its own
        assertEquals(999, o.until(5_000 + GRACE));
        assertEquals(1_999, o.until(5_000 + GRACE + GRACE / 2));
        assertEquals(1_999, o.until(5_000 + 2 * GRACE - 1), "the URLs emitted before 3 s were overtaken less than a grace");
        assertEquals(2_999, o.until(5_000 + 2 * GRACE));
    }

    @Test
    void whatIsOvertakenFollowsTheAcksAGraceLateAtLeastAndTwoGracesAtMost() {
        // A host that keeps acking some of its URLs (the others lost, or waiting in its queue).
        Overtaking o = new Overtaking();
        long now = 10_000;
        for (long emitted = 4_000; emitted < 40_000; emitted += 500, now += 500) {
            o.acked(emitted, now);
            long until = o.until(now);
            assertTrue(until <= emitted - GRACE - 1, "at " + now + ": " + until + ", not overtaken for a grace");
            if (now >= 10_000 + 2 * GRACE) {
                assertTrue(until >= emitted - 2 * GRACE - 500 - 1, "at " + now + ": " + until + ", too late");
            }
        }
    }
}
