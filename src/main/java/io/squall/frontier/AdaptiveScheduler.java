package io.squall.frontier;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Status;
import io.squall.core.MetadataKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Fetches pages that change more often and pages that do not less often. For FETCHED: the interval
 * starts at the default one ({@link DefaultScheduler}); it is halved when the content digest (metadata
 * {@code signature}) differs from the one seen at the previous fetch, and grows by half when the server
 * answered 304 or the digest is the same, always within [{@code scheduler.adaptive.min}, {@code .max}]
 * minutes. The interval and the digest seen are stored in the URL's metadata, so no read is needed.
 * Other statuses, and URLs whose default interval is "never", are scheduled as by the default scheduler.
 */
public final class AdaptiveScheduler implements Scheduler {
    private static final double SHRINK = 0.5;
    private static final double GROW = 1.5;

    private final DefaultScheduler intervals;
    private final int minMinutes;
    private final int maxMinutes;

    public AdaptiveScheduler(DefaultScheduler intervals, int minMinutes, int maxMinutes) {
        if (minMinutes < 1 || maxMinutes < minMinutes) {
            throw new ConfigException("scheduler.adaptive.min (" + minMinutes
                    + ") must be at least 1 and not above scheduler.adaptive.max (" + maxMinutes + ")");
        }
        this.intervals = intervals;
        this.minMinutes = minMinutes;
        this.maxMinutes = maxMinutes;
    }

    @Override
    public Optional<Instant> nextFetchDate(String url, String hostKey, Status status, Metadata metadata,
            Instant now) {
        Optional<Duration> defaultInterval = intervals.interval(status, metadata);
        if (status != Status.FETCHED || defaultInterval.isEmpty()) {
            return defaultInterval.map(now::plus);
        }
        // In minutes, as the adaptive interval is kept: one of seconds (a fetchInterval of 30s) is raised to
        // scheduler.adaptive.min like any other below it.
        double base = defaultInterval.get().toSeconds() / 60.0;
        String digest = metadata.getFirst(MetadataKeys.DIGEST);
        String previousDigest = metadata.getFirst(MetadataKeys.ADAPTIVE_SIGNATURE);
        int previous = metadata.getInt(MetadataKeys.ADAPTIVE_INTERVAL, -1);
        double interval;
        if (previous < 0) {
            interval = base;
        } else if ("304".equals(metadata.getFirst(MetadataKeys.FETCH_STATUS_CODE))
                || (digest != null && digest.equals(previousDigest))) {
            interval = previous * GROW;
        } else if (digest != null && previousDigest != null) {
            interval = previous * SHRINK;
        } else {
            interval = previous; // no digest to compare: no evidence either way
        }
        int minutes = (int) Math.max(minMinutes, Math.min(maxMinutes, Math.round(interval)));
        metadata.set(MetadataKeys.ADAPTIVE_INTERVAL, Integer.toString(minutes));
        if (digest != null && !Objects.equals(digest, previousDigest)) {
            metadata.set(MetadataKeys.ADAPTIVE_SIGNATURE, digest);
        }
        return Optional.of(now.plus(Duration.ofMinutes(minutes)));
    }
}
