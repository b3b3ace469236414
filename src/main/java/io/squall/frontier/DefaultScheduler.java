package io.squall.frontier;

import io.squall.config.CrawlerConfig;
import io.squall.core.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.core.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Fixed intervals per status, in minutes, -1 meaning never: DISCOVERED is due at once; FETCHED and
 * REDIRECTION after {@code fetchInterval.default}, or after the URL's own metadata {@code fetchInterval}
 * when it has one; FETCH_ERROR after {@code fetchInterval.fetch.error}; ERROR after {@code fetchInterval.error}.
 */
public final class DefaultScheduler implements Scheduler {
    private final int fetchedMinutes;
    private final int fetchErrorMinutes;
    private final int errorMinutes;

    public DefaultScheduler(CrawlerConfig config) {
        this.fetchedMinutes = config.getInt("fetchInterval.default");
        this.fetchErrorMinutes = config.getInt("fetchInterval.fetch.error");
        this.errorMinutes = config.getInt("fetchInterval.error");
    }

    @Override
    public Optional<Instant> nextFetchDate(Status status, Metadata metadata, Instant now) {
        return after(now, intervalMinutes(status, metadata));
    }

    /** The interval for the status in minutes, -1 for never. */
    int intervalMinutes(Status status, Metadata metadata) {
        return switch (status) {
            case DISCOVERED -> 0;
            case FETCHED, REDIRECTION -> metadata.getInt(MetadataKeys.FETCH_INTERVAL, fetchedMinutes);
            case FETCH_ERROR -> fetchErrorMinutes;
            case ERROR -> errorMinutes;
        };
    }

    static Optional<Instant> after(Instant now, int minutes) {
        return minutes < 0 ? Optional.empty() : Optional.of(now.plus(Duration.ofMinutes(minutes)));
    }
}
