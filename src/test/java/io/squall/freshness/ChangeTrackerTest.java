package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChangeTrackerTest {
    private static final Instant T0 = Instant.parse("2026-11-27T00:00:00Z");
    private final ChangeTracker tracker = new ChangeTracker(new ChangeDetector(3));

    private static Metadata page(String body) {
        return new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "200")
                .set(MetadataKeys.FINGERPRINT, TextFingerprint.hex(TextFingerprint.of(body)))
                .set(MetadataKeys.DIGEST, Integer.toHexString(body.hashCode()));
    }

    /** The metadata as the next fetch would bring it: the stored document's, with the new fetch's over it. */
    private static Metadata refetched(Metadata stored, Metadata fetch) {
        Metadata next = stored.copy();
        for (String key : fetch.keySet()) {
            next.set(key, fetch.getValues(key));
        }
        return next;
    }

    @Test
    void aPageWhoseOnlyChangeIsAPerRequestBlockIsUnchangedAndARewriteIsChanged() {
        String text = TextFingerprintTest.prose(5, 300);
        Metadata stored = page("Request 1 at 10:00:01. " + text);
        assertEquals(Observation.FIRST, tracker.fetched(stored, T0));

        Metadata second = refetched(stored, page("Request 2 at 10:05:07. " + text));
        assertEquals(Observation.UNCHANGED, tracker.fetched(second, T0.plusSeconds(300)));

        Metadata third = refetched(second, page("Request 3 at 10:10:00. " + TextFingerprintTest.prose(6, 300)));
        assertEquals(Observation.CHANGED, tracker.fetched(third, T0.plusSeconds(600)));
        assertEquals("changed", third.getFirst(ChangeHistory.OBSERVED));

        Metadata notModified = refetched(third, new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "304"));
        assertEquals(Observation.NOT_MODIFIED, tracker.fetched(notModified, T0.plusSeconds(900)));

        ChangeHistory history = ChangeHistory.of(notModified);
        assertEquals(3, history.observations());
        assertEquals(1, history.changes());
        assertEquals(third.getFirst(MetadataKeys.FINGERPRINT), history.content());
    }

    @Test
    void contentWithoutAFingerprintIsComparedByItsDigest() {
        Metadata stored = new Metadata().set(MetadataKeys.DIGEST, "d1");
        tracker.fetched(stored, T0);
        Metadata same = refetched(stored, new Metadata().set(MetadataKeys.DIGEST, "d1"));
        assertEquals(Observation.UNCHANGED, tracker.fetched(same, T0.plusSeconds(10)));
        Metadata other = refetched(same, new Metadata().set(MetadataKeys.DIGEST, "d2"));
        assertEquals(Observation.CHANGED, tracker.fetched(other, T0.plusSeconds(20)));
    }

    @Test
    void theServersLastModifiedDatesAChange() {
        Metadata stored = new Metadata().set(MetadataKeys.DIGEST, "d1")
                .set(MetadataKeys.LAST_MODIFIED, "Thu, 26 Nov 2026 12:00:00 GMT");
        tracker.fetched(stored, T0);
        Metadata other = refetched(stored, new Metadata().set(MetadataKeys.DIGEST, "d2")
                .set(MetadataKeys.LAST_MODIFIED, "Fri, 27 Nov 2026 00:01:40 GMT"));
        assertEquals(Observation.CHANGED, tracker.fetched(other, T0.plusSeconds(400)));
        ChangeHistory history = ChangeHistory.of(other);
        assertEquals(300, history.exposureSeconds(), 1e-9, "unchanged from 00:01:40 to the fetch at 00:06:40");
        assertEquals(0, history.undatedChanges(), 1e-9);

        Metadata notADate = refetched(other, new Metadata().set(MetadataKeys.DIGEST, "d3")
                .set(MetadataKeys.LAST_MODIFIED, "yesterday"));
        tracker.fetched(notADate, T0.plusSeconds(500));
        assertEquals(1, ChangeHistory.of(notADate).undatedChanges(), 1e-9);
    }
}
