package io.squall.freshness;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Keeps a fetched page's {@link ChangeHistory} up to date in the metadata about to be stored: what this fetch
 * observed ({@code freshness.observed}) and the summary the change rate is estimated from. Every scheduler
 * can read both; the freshness scheduler plans with them.
 */
public final class ChangeTracker {
    private final ChangeDetector detector;

    public ChangeTracker(ChangeDetector detector) {
        this.detector = detector;
    }

    /** Records a successful fetch (a page, a document, a 304) at {@code now} and says what it observed. */
    public Observation fetched(Metadata stored, Instant now) {
        ChangeHistory before = ChangeHistory.of(stored);
        Observation observation = detector.observe(stored, before);
        // A 304 keeps the content held; any other fetch brings the content compared next time.
        String content = observation == Observation.NOT_MODIFIED ? before.content() : ChangeDetector.contentOf(stored);
        Instant lastModified = observation == Observation.NOT_MODIFIED ? null : lastModified(stored);
        before.after(observation, now, content, lastModified).writeTo(stored);
        stored.set(ChangeHistory.OBSERVED, observation.label);
        return observation;
    }

    /** The fetch's Last-Modified date (an HTTP date, RFC 9110 IMF-fixdate), or null when absent or not one. */
    private static Instant lastModified(Metadata fetched) {
        String value = fetched.getFirst(MetadataKeys.LAST_MODIFIED);
        if (value == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
