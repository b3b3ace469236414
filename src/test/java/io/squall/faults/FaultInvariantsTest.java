package io.squall.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.faults.FaultInvariants.Entry;
import io.squall.faults.FaultInvariants.Run;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FaultInvariantsTest {
    private static final Instant NOW = Instant.parse("2026-11-28T08:00:00Z");
    private static final String A = "http://127.0.0.2:80/";
    private static final String B = "http://127.0.0.2:80/p/1";
    private static final String C = "http://127.0.0.3:80/";
    private final FaultInvariants invariants = new FaultInvariants(Set.of(A, B, C), 100);

    private static Entry fetched() {
        return new Entry("FETCHED", NOW.plusSeconds(86_400));
    }

    private static Entry due() {
        return new Entry("DISCOVERED", NOW.minusSeconds(1));
    }

    private static Run clean(int number, List<String> requested, long before, long after, long summary) {
        return new Run(number, false, requested, Map.of("127.0.0.2", 1), Map.of("127.0.0.2", 150_000_000L), before,
                after, summary, Set.of());
    }

    private static Run killed(int number, List<String> requested, Set<String> inFlight) {
        return new Run(number, true, requested, Map.of("127.0.0.2", 1), Map.of("127.0.0.2", 150_000_000L), 0, 0, -1,
                inFlight);
    }

    private static Map<String, Entry> index(Object... urlsAndEntries) {
        Map<String, Entry> index = new TreeMap<>();
        for (int i = 0; i < urlsAndEntries.length; i += 2) {
            index.put((String) urlsAndEntries[i], (Entry) urlsAndEntries[i + 1]);
        }
        return index;
    }

    @Test
    void aCleanRunWhoseFetchedPagesAreStoredAndCountedHolds() {
        List<Run> runs = List.of(clean(1, List.of(A, B), 0, 2, 2));
        assertEquals(List.of(), invariants.afterRun(runs, index(A, fetched(), B, fetched(), C, due()), NOW));
    }

    @Test
    void aPageACleanStopFetchedButDidNotStoreBreaksIt() {
        List<Run> runs = List.of(clean(1, List.of(A, B), 0, 1, 2));
        List<String> broken = invariants.afterRun(runs, index(A, fetched(), B, due(), C, due()), NOW);
        assertEquals(2, broken.size(), broken.toString());
        assertTrue(broken.get(0).contains("stopped cleanly, but " + B), broken.toString());
        assertTrue(broken.get(1).contains("summary says 2 pages fetched, the index's FETCHED grew by 1"), broken.toString());
    }

    @Test
    void anErrorAnUnknownUrlAndAUrlNotDueBreakIt() {
        List<Run> runs = List.of(killed(1, List.of(A), Set.of()));
        List<String> broken = invariants.afterRun(runs, index(A, new Entry("FETCH_ERROR", NOW), B,
                new Entry("DISCOVERED", NOW.plusSeconds(60)), "http://127.0.0.9:80/x", due()), NOW);
        assertEquals(3, broken.size(), broken.toString());
        assertTrue(broken.toString().contains(A + " is FETCH_ERROR"), broken.toString());
        assertTrue(broken.toString().contains(B + " is DISCOVERED but not due"), broken.toString());
        assertTrue(broken.toString().contains("never linked: http://127.0.0.9:80/x"), broken.toString());
    }

    @Test
    void aServedPageMissingFromTheIndexIsLost() {
        List<String> broken = invariants.afterRun(List.of(killed(1, List.of(A), Set.of(A))), index(), NOW);
        assertEquals(List.of("lost: " + A + " was served in run 1 and is not in the index"), broken);
    }

    @Test
    void aPageInFlightAtAKillMayBeFetchedOnceMoreAndNoOtherPage() {
        Map<String, Entry> afterKill = index(A, fetched(), B, due());
        Set<String> inFlight = FaultInvariants.inFlightAtKill(List.of(A, B), afterKill);
        assertEquals(Set.of(B), inFlight);
        List<Run> refetchedInFlight = List.of(killed(1, List.of(A, B), inFlight), clean(2, List.of(B, C), 1, 3, 2));
        Map<String, Entry> end = index(A, fetched(), B, fetched(), C, fetched());
        assertEquals(List.of(), invariants.atEnd(refetchedInFlight, end, NOW));

        List<Run> refetchedStored = List.of(killed(1, List.of(A, B), inFlight), clean(2, List.of(A, B, C), 1, 3, 2));
        List<String> broken = invariants.atEnd(refetchedStored, end, NOW);
        assertEquals(List.of(A + " requested 2 times, at most 1 allowed (once, and once more for each kill that"
                + " struck while it was in flight)"), broken);
    }

    @Test
    void twoRequestsAtOnceOrAGapUnderTheDelayBreakPoliteness() {
        Run impolite = new Run(1, false, List.of(A), Map.of("127.0.0.2", 2), Map.of("127.0.0.2", 94_000_000L), 0, 1,
                1, Set.of());
        List<String> broken = invariants.afterRun(List.of(impolite), index(A, fetched()), NOW);
        assertEquals(List.of("run 1: 2 requests at once on 127.0.0.2",
                "run 1: 94.0 ms between two requests on 127.0.0.2, under the delay of 100.0 ms"), broken);
    }

    @Test
    void aGapOfTheDelayHoldsAndOneATenthOfAMillisecondShorterBreaks() {
        Run polite = new Run(1, false, List.of(A), Map.of("127.0.0.2", 1), Map.of("127.0.0.2", 100_000_000L), 0, 1,
                1, Set.of());
        assertEquals(List.of(), invariants.afterRun(List.of(polite), index(A, fetched()), NOW));
        Run justShort = new Run(1, false, List.of(A), Map.of("127.0.0.2", 1), Map.of("127.0.0.2", 99_900_000L), 0, 1,
                1, Set.of());
        assertEquals(List.of("run 1: 99.9 ms between two requests on 127.0.0.2, under the delay of 100.0 ms"),
                invariants.afterRun(List.of(justShort), index(A, fetched()), NOW));
    }

    @Test
    void theEndWantsEveryPageOfTheWebFetched() {
        List<Run> runs = List.of(clean(1, List.of(A, B), 0, 2, 2));
        List<String> broken = invariants.atEnd(runs, index(A, fetched(), B, fetched(), C, due()), NOW);
        assertEquals(List.of("not crawled at the end: " + C + " is DISCOVERED"), broken);
    }
}
