package io.squall.console;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** What the console reads from the crawl it serves, and what it may ask of it. Called on the console's thread. */
public interface CrawlControl {
    /**
     * Everything the page shows, as JSON-ready values (names to numbers, strings, booleans, lists or maps): the
     * state, figures, rates over time, hosts, errors, the crawl log's tail, and the final report once stopped.
     */
    Map<String, Object> progress();

    /** Whether this console can pause, resume and stop the crawl (not when the crawl runs elsewhere). */
    boolean steerable();

    /** Stops handing out new URLs until {@link #resume}; what is in flight finishes. False when not running. */
    boolean pause();

    /** Hands out URLs again after {@link #pause}. False when not paused. */
    boolean resume();

    /** Ends the crawl as Ctrl-C does: what is in flight finishes, then it stops and prints its summary. */
    void stop();

    /** Adds seed lines to the crawl; see {@link ConsoleUrls#addSeeds}. */
    Map<String, Object> addSeeds(List<String> lines) throws IOException;

    /** What is known of a URL; see {@link ConsoleUrls#lookUp}. */
    Map<String, Object> lookUp(String url);
}
