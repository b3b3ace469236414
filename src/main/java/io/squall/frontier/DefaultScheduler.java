package io.squall.frontier;

import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Fixed intervals per status (durations; a bare number is minutes), -1 meaning never: DISCOVERED is due at
 * once; FETCHED and REDIRECTION after {@code fetchInterval.default}, or after the URL's own metadata {@code fetchInterval}
 * when it has one (minutes, or a duration such as {@code 30s}: see {@link FetchIntervals}; a value that is
 * neither counts as none); FETCH_ERROR after {@code fetchInterval.fetch.error}; ERROR after
 * {@code fetchInterval.error}.
 */
public final class DefaultScheduler implements Scheduler {
    private final Optional<Duration> fetched;
    private final Optional<Duration> fetchError;
    private final Optional<Duration> error;

    public DefaultScheduler(CrawlerConfig config) {
        this.fetched = orNever(config.getDuration("fetchInterval.default"));
        this.fetchError = orNever(config.getDuration("fetchInterval.fetch.error"));
        this.error = orNever(config.getDuration("fetchInterval.error"));
    }

    @Override
    public Optional<Instant> nextFetchDate(String url, String hostKey, Status status, Metadata metadata,
            Instant now) {
        return interval(status, metadata).map(now::plus);
    }

    /** The interval for the status, empty for never. */
    Optional<Duration> interval(Status status, Metadata metadata) {
        return switch (status) {
            case DISCOVERED -> Optional.of(Duration.ZERO);
            case FETCHED, REDIRECTION -> fetchedInterval(metadata);
            case FETCH_ERROR -> fetchError;
            case ERROR -> error;
        };
    }

    /**
     * The URL's own interval, or the default one. A value the injector would have refused (stored before, or
     * set by a parse filter) leaves the URL on the default rather than failing its tuple at every fetch.
     */
    private Optional<Duration> fetchedInterval(Metadata metadata) {
        String own = metadata.getFirst(MetadataKeys.FETCH_INTERVAL);
        if (own != null) {
            try {
                return FetchIntervals.parse(own);
            } catch (IllegalArgumentException e) {
                return fetched;
            }
        }
        return fetched;
    }

    /** Empty for a negative interval (-1: never). */
    private static Optional<Duration> orNever(Duration interval) {
        return interval.isNegative() ? Optional.empty() : Optional.of(interval);
    }
}
