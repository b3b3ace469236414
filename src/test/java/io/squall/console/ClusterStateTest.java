package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.opensearch.ControlDocument.State;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The cluster console's one word for what the crawl does, and why, from its indices' figures. */
class ClusterStateTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final Duration RECENT = Duration.ofSeconds(15);
    private static final HostIndexView.Totals IDLE = new HostIndexView.Totals(3, 0, 0, 0, null, NOW.minusSeconds(60));

    private static ClusterState of(State control, double pages, HostIndexView.Totals hosts, long due, Instant nextDue) {
        return ClusterState.of(control, "acme", pages, hosts, due, () -> nextDue, NOW, RECENT);
    }

    @Test
    void theControlDocumentComesFirst() {
        assertEquals("paused", of(State.PAUSED, 5, IDLE, 10, null).state());
        assertEquals("stopped", of(State.STOPPED, 5, IDLE, 10, null).state());
        assertTrue(of(State.STOPPED, 5, IDLE, 10, null).reason().contains("storm kill acme "),
                "the command names the topology");
    }

    @Test
    void fetchingWhilePagesComeOrAFetcherFetchedLately() {
        assertEquals(ClusterState.FETCHING, of(State.RUNNING, 0.5, IDLE, 0, null).state());
        HostIndexView.Totals justFetched = new HostIndexView.Totals(3, 0, 0, 0, null, NOW.minusSeconds(5));
        assertEquals(ClusterState.FETCHING, of(State.RUNNING, 0, justFetched, 0, null).state());
    }

    @Test
    void waitingForHostsDelaysSaysHowManyAndWhen() {
        HostIndexView.Totals queued = new HostIndexView.Totals(3, 12, 0, 2, NOW.plusSeconds(90), NOW.minusSeconds(60));
        ClusterState s = of(State.RUNNING, 0, queued, 12, null);
        assertEquals(ClusterState.WAITING, s.state());
        assertEquals("for hosts' delays: 12 URLs queued in the fetchers, 2 hosts blocked by a back-off or an error"
                + " pause, next fetch in 1m30s", s.reason());
        ClusterState due = of(State.RUNNING, 0, IDLE, 4, null);
        assertEquals(ClusterState.WAITING, due.state());
        assertTrue(due.reason().startsWith("4 URLs due and none fetched lately"), due.reason());
    }

    @Test
    void nothingDueSaysWhenTheNextUrlIs() {
        ClusterState later = of(State.RUNNING, 0, IDLE, 0, NOW.plus(Duration.ofHours(2)));
        assertEquals(ClusterState.NOTHING_DUE, later.state());
        assertEquals("the next URL is due in 2h00m00s", later.reason());
        assertEquals("no URL is due again", of(State.RUNNING, 0, IDLE, 0, null).reason());
    }
}
