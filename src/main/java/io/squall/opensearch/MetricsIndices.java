package io.squall.opensearch;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The metrics indices: one a day (UTC), {@code BASE-yyyy.MM.dd}, where {@code BASE} is
 * {@code opensearch.metrics.index.name}, all made from one index template; searched as {@code BASE-*}.
 * A day's index is deleted as a whole once it is older than the retention, so the metrics never grow
 * without bound and no document is deleted one by one.
 */
public final class MetricsIndices {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);

    private MetricsIndices() {
    }

    /** The index of the day (UTC) of that instant. */
    public static String daily(String base, long epochMillis) {
        return base + "-" + DAY.format(Instant.ofEpochMilli(epochMillis));
    }

    /** What to search for every day's metrics. */
    public static String pattern(String base) {
        return base + "-*";
    }

    /**
     * The daily indices among {@code indices} whose day is more than {@code retentionDays} days before
     * {@code today}; none when the retention is negative (kept for ever). Other names are never chosen.
     */
    public static List<String> expired(String base, Collection<String> indices, LocalDate today, int retentionDays) {
        List<String> expired = new ArrayList<>();
        if (retentionDays < 0) {
            return expired;
        }
        LocalDate oldestKept = today.minusDays(retentionDays);
        String prefix = base + "-";
        for (String index : indices) {
            if (index.startsWith(prefix)) {
                try {
                    LocalDate day = LocalDate.parse(index.substring(prefix.length()), DAY);
                    if (day.isBefore(oldestKept)) {
                        expired.add(index);
                    }
                } catch (DateTimeParseException notADailyIndex) {
                    // another index that happens to share the prefix: not Squall's to delete
                }
            }
        }
        return expired;
    }
}
