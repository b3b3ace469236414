package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.local.RecountPolicy.Activity;
import io.squall.local.RecountPolicy.Read;
import io.squall.local.LiveStats.SpoutActivity;
import org.junit.jupiter.api.Test;

class RecountPolicyTest {
    private static final SpoutActivity WAITING = new SpoutActivity(true, 5, 4, 0, 0);

    private static Activity of(SpoutActivity spouts) {
        return new Activity(spouts, 0);
    }

    /** Decides, and reads when told to: what the progress loop does on a tick. */
    private static Read tick(RecountPolicy policy, Activity now, boolean exact, boolean report) {
        Read read = policy.decide(now, exact, report);
        if (read != Read.NONE) {
            policy.read(now, read == Read.REFRESH_AND_COUNT);
        }
        return read;
    }

    @Test
    void aQuietCrawlIsCountedOnceAfterARefreshAndThenNotAgainUntilSomethingHappens() {
        RecountPolicy policy = new RecountPolicy();
        Activity now = of(WAITING);
        assertEquals(Read.COUNT, tick(policy, now, false, true), "the first report reads");
        assertEquals(Read.NONE, tick(policy, now, false, false), "no report, no idle check: nothing to read");
        assertEquals(Read.REFRESH_AND_COUNT, tick(policy, now, false, true),
                "quiet since the last read, which may have missed the last writes: once more, refreshed");
        for (int i = 0; i < 100; i++) {
            assertEquals(Read.NONE, tick(policy, now, false, true), "nothing happened: the counts stand");
        }
    }

    @Test
    void aBusyCrawlIsCountedAtEveryReportWithoutARefresh() {
        RecountPolicy policy = new RecountPolicy();
        for (int i = 0; i < 10; i++) {
            Activity now = of(new SpoutActivity(true, 100 + 10 * i, 90 + 10 * i, 0, 0));
            assertEquals(Read.COUNT, tick(policy, now, false, true));
        }
    }

    @Test
    void everyKindOfActivityMakesTheCountsWorthReadingAgain() {
        SpoutActivity base = new SpoutActivity(true, 5, 4, 1, 0);
        for (Activity changed : new Activity[] {
                of(new SpoutActivity(true, 6, 4, 1, 0)), // a URL emitted
                of(new SpoutActivity(true, 5, 5, 1, 0)), // acked: its outcome and outlinks written
                of(new SpoutActivity(true, 5, 4, 2, 0)), // failed
                of(new SpoutActivity(true, 5, 4, 1, 1)), // a spout found nothing due
                of(new SpoutActivity(false, 5, 4, 1, 0)), // the worker went (or came)
                new Activity(base, 3)}) { // seeds added from the console
            RecountPolicy policy = new RecountPolicy();
            tick(policy, of(base), true, true);
            assertEquals(Read.NONE, tick(policy, of(base), true, true));
            assertEquals(Read.REFRESH_AND_COUNT, tick(policy, changed, true, false), "idle check after " + changed);
            RecountPolicy reports = new RecountPolicy();
            tick(reports, of(base), true, true);
            assertEquals(Read.COUNT, tick(reports, changed, false, true), "report after " + changed);
        }
    }

    @Test
    void theIdleCheckAlwaysCountsEveryConfirmedWrite() {
        RecountPolicy policy = new RecountPolicy();
        Activity acked = of(WAITING);
        assertEquals(Read.COUNT, tick(policy, acked, false, true), "a report, a refresh interval behind maybe");
        assertEquals(Read.REFRESH_AND_COUNT, tick(policy, acked, true, false),
                "nothing changed since, but the last read was not exact: the idle check refreshes");
        assertEquals(Read.NONE, tick(policy, acked, true, false), "exact, and nothing changed since");
        assertEquals(Read.NONE, tick(policy, acked, true, true));
        Activity idle = of(new SpoutActivity(true, 5, 5, 0, 1));
        assertEquals(Read.REFRESH_AND_COUNT, tick(policy, idle, true, false));
    }
}
