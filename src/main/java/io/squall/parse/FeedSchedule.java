package io.squall.parse;

import io.squall.api.ConfigException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * How often a feed is fetched, from how often it gains entries: the time from the oldest of its ten newest
 * entries to now, divided by their number, within [{@code fetchInterval.feed.min},
 * {@code fetchInterval.feed}] minutes. Measured up to now rather than between the entries, so a feed that
 * posts hourly is fetched about hourly and one that stopped posting drifts to the longest interval as its
 * last entries age; without dated entries, the longest. Each fetch measures again: no history is kept.
 */
final class FeedSchedule {
    private static final int RECENT_ENTRIES = 10;

    private final int minMinutes;
    private final int maxMinutes;

    /** @param maxMinutes the longest interval; -1: feeds are scheduled as any page ({@link #enabled}) */
    FeedSchedule(int minMinutes, int maxMinutes) {
        if (maxMinutes >= 0 && (minMinutes < 1 || minMinutes > maxMinutes)) {
            throw new ConfigException("fetchInterval.feed.min (" + minMinutes
                    + ") must be at least 1 and not above fetchInterval.feed (" + maxMinutes + ")");
        }
        this.minMinutes = minMinutes;
        this.maxMinutes = maxMinutes;
    }

    boolean enabled() {
        return maxMinutes >= 0;
    }

    /** @param published the dates of the feed's entries, null where an entry has none */
    int minutes(List<Instant> published, Instant now) {
        List<Instant> recent = published.stream().filter(Objects::nonNull).sorted(Comparator.reverseOrder())
                .limit(RECENT_ENTRIES).toList();
        if (recent.isEmpty()) {
            return maxMinutes;
        }
        long span = Duration.between(recent.get(recent.size() - 1), now).toMinutes();
        return (int) Math.max(minMinutes, Math.min(maxMinutes, span / recent.size()));
    }
}
