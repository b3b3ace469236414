package io.squall.freshness;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;

/**
 * Tells whether a fetched page changed since its last fetch. A 304 is "not modified". Otherwise the page's
 * text fingerprint (metadata {@code fingerprint}, set by the parser on pages and documents) is compared
 * with the one kept at the last observation: a page is changed when they are more than
 * {@code freshness.change.distance} bits apart, so that a page whose only change is in what the
 * fingerprint leaves out (numbers, dates, counters, boilerplate) or in a few words of a long text is
 * unchanged. A content without a fingerprint (a sitemap, a feed, an image) is compared by its digest
 * (metadata {@code signature}), byte for byte.
 */
public final class ChangeDetector {
    private final int maxUnchangedDistance;

    public ChangeDetector(int maxUnchangedDistance) {
        if (maxUnchangedDistance < 0 || maxUnchangedDistance > 63) {
            throw new IllegalArgumentException("freshness.change.distance must be from 0 to 63, not "
                    + maxUnchangedDistance);
        }
        this.maxUnchangedDistance = maxUnchangedDistance;
    }

    /** What the content the fetch brought (or its absence) is compared by: fingerprint, else digest. */
    public static String contentOf(Metadata fetched) {
        String fingerprint = fetched.getFirst(MetadataKeys.FINGERPRINT);
        return fingerprint != null ? fingerprint : fetched.getFirst(MetadataKeys.DIGEST);
    }

    /**
     * @param fetched the metadata of the fetch (status code, fingerprint, digest)
     * @param history what was known before it
     */
    public Observation observe(Metadata fetched, ChangeHistory history) {
        if (history.last() == null) {
            return Observation.FIRST;
        }
        if ("304".equals(fetched.getFirst(MetadataKeys.FETCH_STATUS_CODE))) {
            return Observation.NOT_MODIFIED;
        }
        String now = contentOf(fetched);
        String before = history.content();
        if (now == null || before == null) {
            return Observation.UNKNOWN;
        }
        if (isFingerprint(now) && isFingerprint(before)) {
            int distance = TextFingerprint.distance(TextFingerprint.parse(now), TextFingerprint.parse(before));
            return distance > maxUnchangedDistance ? Observation.CHANGED : Observation.UNCHANGED;
        }
        return now.equals(before) ? Observation.UNCHANGED : Observation.CHANGED;
    }

    private static boolean isFingerprint(String value) {
        if (value.length() != 16) {
            return false;
        }
        for (int i = 0; i < 16; i++) {
            if (Character.digit(value.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
