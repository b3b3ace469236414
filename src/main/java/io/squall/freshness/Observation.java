package io.squall.freshness;

/** What one fetch of a page told about its changes since the fetch before. */
public enum Observation {
    /** The first fetch: nothing to compare with. */
    FIRST("first"),
    /** The page's content differs from the copy held. */
    CHANGED("changed"),
    /** Fetched in full, and its content is the copy held (a "wasted" fetch). */
    UNCHANGED("unchanged"),
    /** The server answered 304 Not Modified: unchanged, and no body was sent. */
    NOT_MODIFIED("not-modified"),
    /** No content to compare (none kept from either fetch): no observation. */
    UNKNOWN("unknown");

    /** The value stored in metadata {@code freshness.observed} and used in counter names. */
    public final String label;

    Observation(String label) {
        this.label = label;
    }

    /** Whether it says something about the change rate. */
    public boolean counts() {
        return this == CHANGED || this == UNCHANGED || this == NOT_MODIFIED;
    }
}
