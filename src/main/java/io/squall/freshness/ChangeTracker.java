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
    /**
     * Fetches in a row that a sitemap's lastmod or a feed's date, newer than the fetch before, sent to a page
     * that had not changed: dates that do not follow the page's changes (a sitemap that dates every URL
     * with its own generation time). Cleared by a date that a change confirms.
     */
    public static final String LASTMOD_MISSES = "freshness.lastmod.misses";
    /** A hint dated more than this after the moment it is read is not believed. */
    private static final long FUTURE_SLACK_SECONDS = 300;

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
        Instant hint = hintOf(stored, now);
        boolean hinted = hint != null && before.last() != null && hint.isAfter(before.last());
        Instant lastModified = observation == Observation.NOT_MODIFIED ? null : lastModified(stored);
        boolean first = before.last() == null;
        if (lastModified == null && (hinted || first) && hint != null && observation != Observation.NOT_MODIFIED) {
            // The sitemap's or feed's date of the change, where the server gives none; on a first fetch, a sign
            // that the page's changes are dated (ChangeHistory trusts dates from the start then).
            lastModified = hint;
        }
        before.after(observation, now, content, lastModified).writeTo(stored);
        if (hinted && observation.counts()) {
            int misses = observation == Observation.CHANGED ? 0 : stored.getInt(LASTMOD_MISSES, 0) + 1;
            stored.set(LASTMOD_MISSES, misses == 0 ? null : Integer.toString(misses));
        }
        stored.set(ChangeHistory.OBSERVED, observation.label);
        return observation;
    }

    /**
     * The newest date a sitemap ({@code sitemap.lastModified}) or a feed ({@code feed.updated}) gave the URL,
     * or null when there is none, none that reads as a date, or only dates in the future of {@code now}.
     */
    public static Instant hintOf(Metadata metadata, Instant now) {
        Instant newest = null;
        for (String key : new String[] {MetadataKeys.SITEMAP_LASTMOD, MetadataKeys.FEED_UPDATED}) {
            String value = metadata.getFirst(key);
            if (value == null) {
                continue;
            }
            try {
                Instant date = Instant.parse(value.trim());
                if (!date.isAfter(now.plusSeconds(FUTURE_SLACK_SECONDS)) && (newest == null || date.isAfter(newest))) {
                    newest = date;
                }
            } catch (DateTimeParseException e) {
                // not a date Squall wrote: no hint
            }
        }
        return newest;
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
