package io.squall.frontier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;

/**
 * How often OpenSearch refused each URL's document for good, so that a URL whose document can never be
 * stored as it is gets parked after a few tries instead of coming back for ever. Bounded: a URL not
 * refused again within a day, or pushed out by many others, starts from zero (at worst a few more tries).
 */
final class WriteRefusals {
    private static final int CAPACITY = 10_000;

    private record Refusal(int count, String reason) {
    }

    private final int limit;
    private final Cache<String, Refusal> refusals = Caffeine.newBuilder()
            .maximumSize(CAPACITY)
            .expireAfterWrite(Duration.ofDays(1))
            .build();

    /** @param limit refusals after which the URL's next write parks it */
    WriteRefusals(int limit) {
        if (limit < 1) {
            throw new io.squall.api.ConfigException("max.write.refusals must be at least 1, got " + limit);
        }
        this.limit = limit;
    }

    int limit() {
        return limit;
    }

    void refused(String id, String reason) {
        refusals.asMap().merge(id, new Refusal(1, reason), (old, next) -> new Refusal(old.count() + 1, reason));
    }

    /** The last refusal of a URL refused {@code limit} times, to park it with; null otherwise. */
    String parkingReason(String id) {
        Refusal r = refusals.getIfPresent(id);
        return r != null && r.count() >= limit ? r.reason() : null;
    }

    void parked(String id) {
        refusals.invalidate(id);
    }
}
