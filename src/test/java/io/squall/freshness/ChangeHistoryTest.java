package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChangeHistoryTest {
    private static final Instant T0 = Instant.parse("2026-11-27T00:00:00Z");

    @Test
    void theFirstFetchOnlyStartsTheHistoryAndLaterOnesCountWithTheirIntervals() {
        ChangeHistory first = ChangeHistory.NONE.after(Observation.FIRST, T0, "aaaa", null);
        assertFalse(first.hasObservations());
        ChangeHistory second = first.after(Observation.CHANGED, T0.plusSeconds(60), "bbbb", null);
        ChangeHistory third = second.after(Observation.NOT_MODIFIED, T0.plusSeconds(180), "bbbb", null);
        assertEquals(2, third.observations());
        assertEquals(1, third.changes());
        assertEquals(180, third.spanSeconds(), 1e-9);
        assertEquals(90, third.meanIntervalSeconds(), 1e-9);
        assertEquals("bbbb", third.content());
        ChangeHistory unknown = third.after(Observation.UNKNOWN, T0.plusSeconds(240), null, null);
        assertEquals(2, unknown.observations(), "no comparison, no observation");
        assertEquals(T0.plusSeconds(240), unknown.last());
        assertEquals("bbbb", unknown.content(), "the content held stays when a fetch brought none");
    }

    @Test
    void itRoundTripsThroughMetadataAndStaysBoundedHoweverOftenThePageIsFetched() {
        ChangeHistory history = ChangeHistory.NONE.after(Observation.FIRST, T0, "c", null);
        Instant changedAt = T0;
        for (int i = 1; i <= 10_000; i++) {
            if (i % 4 == 0) {
                changedAt = T0.plusSeconds(30L * i - 10);
            }
            history = history.after(i % 4 == 0 ? Observation.CHANGED : Observation.UNCHANGED, T0.plusSeconds(30L * i),
                    "c", changedAt);
        }
        assertTrue(history.observations() <= ChangeHistory.MEMORY);
        assertEquals(0.25, history.changes() / history.observations(), 0.02);
        assertEquals(30, history.meanIntervalSeconds(), 0.01);
        Metadata md = new Metadata();
        history.writeTo(md);
        for (String key : md.keySet()) {
            assertTrue(md.getFirst(key).length() <= 24, key + " = " + md.getFirst(key));
        }
        ChangeHistory read = ChangeHistory.of(md);
        assertEquals(history.observations(), read.observations(), history.observations() * 1e-3);
        assertEquals(history.changes(), read.changes(), history.changes() * 1e-3);
        assertEquals(history.last(), read.last());
        assertEquals(history.exposureSeconds(), read.exposureSeconds(), history.exposureSeconds() * 1e-3);
        assertTrue(read.isDated(), "every change was dated 10 s before the fetch that found it");
        // three intervals unchanged, then a change dated 10 s before its fetch: 100 s of exposure in 120
        assertEquals(100.0 / 120, history.exposureSeconds() / history.spanSeconds(), 0.01);
    }

    @Test
    void aChangesDateCountsTheTimeSinceItAsUnchanged() {
        ChangeHistory first = ChangeHistory.NONE.after(Observation.FIRST, T0, "a", T0.minusSeconds(500));
        ChangeHistory changed = first.after(Observation.CHANGED, T0.plusSeconds(100), "b", T0.plusSeconds(70));
        assertEquals(30, changed.exposureSeconds(), 1e-9, "unchanged from its date to the fetch");
        ChangeHistory unchanged = changed.after(Observation.UNCHANGED, T0.plusSeconds(200), "b", T0.plusSeconds(70));
        ChangeHistory notModified = unchanged.after(Observation.NOT_MODIFIED, T0.plusSeconds(260), "b", null);
        assertEquals(30 + 100 + 60, notModified.exposureSeconds(), 1e-9);
        assertEquals(0, notModified.undatedChanges(), 1e-9);
        assertTrue(notModified.isDated());
    }

    @Test
    void datesThatDisagreeWithTheFetchesAreNotTrusted() {
        ChangeHistory first = ChangeHistory.NONE.after(Observation.FIRST, T0, "a", T0.minusSeconds(50));
        ChangeHistory noDate = first.after(Observation.CHANGED, T0.plusSeconds(100), "b", null);
        assertEquals(50, noDate.exposureSeconds(), 1e-9, "a change without a date: half its interval");
        assertFalse(noDate.isDated());
        ChangeHistory datedBefore = first.after(Observation.CHANGED, T0.plusSeconds(100), "b", T0.minusSeconds(5));
        assertFalse(datedBefore.isDated(), "changed, yet dated before the fetch that came before");
        ChangeHistory datedLater = first.after(Observation.CHANGED, T0.plusSeconds(100), "b", T0.plusSeconds(101));
        assertFalse(datedLater.isDated(), "dated after the fetch that found it");
        ChangeHistory dateMoved = first.after(Observation.UNCHANGED, T0.plusSeconds(100), "a", T0.plusSeconds(99));
        assertFalse(dateMoved.isDated(), "a server that dates every answer: the date moved, the content did not");
        ChangeHistory steady = first.after(Observation.UNCHANGED, T0.plusSeconds(100), "a", T0.minusSeconds(5));
        assertTrue(steady.isDated());
        ChangeHistory neverDated = ChangeHistory.NONE.after(Observation.FIRST, T0, "a", null)
                .after(Observation.UNCHANGED, T0.plusSeconds(100), "a", null);
        assertFalse(neverDated.isDated(), "a server that sent no date: its unchanged fetches tell nothing of dates");
    }

    @Test
    void aHistoryKeptWithoutExposureCountsItsChangesAsUndated() {
        Metadata md = new Metadata().set(ChangeHistory.OBSERVATIONS, "4").set(ChangeHistory.CHANGES, "1")
                .set(ChangeHistory.SPAN, "400").set(ChangeHistory.LAST, T0.toString());
        ChangeHistory read = ChangeHistory.of(md);
        assertTrue(read.hasObservations());
        assertEquals(1, read.undatedChanges(), 1e-9);
        assertFalse(read.isDated());
    }

    @Test
    void damagedNumbersReadAsNoObservations() {
        Metadata md = new Metadata().set(ChangeHistory.OBSERVATIONS, "many").set(ChangeHistory.CHANGES, "1")
                .set(ChangeHistory.SPAN, "10").set(ChangeHistory.LAST, T0.toString());
        ChangeHistory read = ChangeHistory.of(md);
        assertFalse(read.hasObservations());
        assertEquals(T0, read.last());
        assertNull(ChangeHistory.of(new Metadata().set(ChangeHistory.LAST, "yesterday")).last());
    }

    @Test
    void numbersAreWrittenShort() {
        assertEquals("3", ChangeHistory.format(3.0));
        assertEquals("0.3333", ChangeHistory.format(1.0 / 3));
        assertEquals("1.235e+07", ChangeHistory.format(12_345_678.9));
        assertEquals(12_350_000, Double.parseDouble(ChangeHistory.format(12_345_678.9)), 1);
    }
}
