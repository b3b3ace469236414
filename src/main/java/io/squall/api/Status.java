package io.squall.api;

/**
 * The fate of a URL in the status index. The vocabulary is StormCrawler's, so that dashboards and users
 * who know it read Squall's status index without translation.
 */
public enum Status {
    /** Known but never fetched. Written create-only: discovering a known URL again changes nothing. */
    DISCOVERED,
    /** Fetched (and parsed, indexed) successfully, or confirmed unchanged by a 304. */
    FETCHED,
    /** The server answered with a redirect; the target was discovered as a URL of its own. */
    REDIRECTION,
    /** A transient failure (timeout, 5xx, 429, reset...): retried with back-off. */
    FETCH_ERROR,
    /** A permanent failure (gone, denied, robots, too many fetch errors): not retried, or rarely. */
    ERROR;

    /** Parses a status name case-insensitively, with a message naming the accepted values. */
    public static Status parse(String name) {
        for (Status s : values()) {
            if (s.name().equalsIgnoreCase(name.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + name + "' (expected one of DISCOVERED, FETCHED,"
                + " REDIRECTION, FETCH_ERROR, ERROR)");
    }
}
