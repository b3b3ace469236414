package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RequestSpacingTest {
    private static final long MS = 1_000_000;

    @Test
    void aFirstWriteAndOneAfterAQuietSpellLeaveAtOnceAndAStreamWaitsOutTheSpacing() {
        long t = 5_000 * MS;
        RequestSpacing spacing = new RequestSpacing(200, t);
        assertEquals(0, spacing.waitMillis(t), "nothing sent yet");

        spacing.sent(t);
        assertEquals(200, spacing.waitMillis(t));
        assertEquals(150, spacing.waitMillis(t + 50 * MS));
        assertEquals(1, spacing.waitMillis(t + 199 * MS + 1), "rounded up: never sent early");
        assertEquals(0, spacing.waitMillis(t + 200 * MS));
        assertEquals(0, spacing.waitMillis(t + 60_000 * MS), "after a quiet spell");
    }
}
