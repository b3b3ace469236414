package io.squall.testsupport;

import java.util.LinkedHashMap;
import java.util.Map;

/** Counts by status as the status index's aggregation gives them: every status, in Squall's order. */
public final class StatusCounts {
    private StatusCounts() {
    }

    /** A mutable map, so that a test can change a count and read again. */
    public static Map<String, Long> of(long discovered, long fetched, long redirection, long fetchError, long error) {
        Map<String, Long> byStatus = new LinkedHashMap<>();
        byStatus.put("DISCOVERED", discovered);
        byStatus.put("FETCHED", fetched);
        byStatus.put("REDIRECTION", redirection);
        byStatus.put("FETCH_ERROR", fetchError);
        byStatus.put("ERROR", error);
        return byStatus;
    }
}
