package io.squall.local;

/** Why a local crawl ended. */
public enum StopReason {
    /** Nothing due in the status index and nothing in flight. */
    IDLE("nothing left to fetch"),
    MAX_PAGES("--max-pages reached"),
    DURATION("--duration reached"),
    INTERRUPTED("interrupted (Ctrl-C or SIGTERM)"),
    CONSOLE("stopped from the console");

    public final String description;

    StopReason(String description) {
        this.description = description;
    }
}
