package io.squall.console;

import java.util.Map;

/** What the console reads from the crawl it serves, and what it may ask of it. Called on the console's thread. */
public interface CrawlControl {
    /** The crawl's latest progress as JSON-ready values: names to numbers, strings, booleans or maps. */
    Map<String, Object> progress();

    /** Stops handing out new URLs until {@link #resume}; what is in flight finishes. False when not running. */
    boolean pause();

    /** Hands out URLs again after {@link #pause}. False when not paused. */
    boolean resume();

    /** Ends the crawl as Ctrl-C does: what is in flight finishes, then it stops and prints its summary. */
    void stop();
}
