package io.squall.api;

/**
 * What every extension (a {@link ParseFilter}, a {@link UrlFilter}, a {@link Scheduler}) shares: one
 * lifecycle.
 *
 * <ol>
 *   <li>Squall builds it with the class's public no-argument constructor, in each task that uses it (and
 *       once where the crawl starts, to check it before anything runs);</li>
 *   <li>calls {@link #configure} once, before any other call;</li>
 *   <li>uses it one call at a time, never concurrently: it needs no locks, and may keep state between
 *       calls (bounded: a crawl is long);</li>
 *   <li>calls {@link #close} when the task ends.</li>
 * </ol>
 */
public interface Extension {

    /**
     * Reads the extension's parameters (a filter's entry in its file) and any crawl setting it needs, with
     * {@link Settings}' typed getters. A parameter of the entry that no getter asked for is refused as a
     * typo; a bad value is reported with {@link Settings#error}: either way the crawl does not start, and
     * the one-line message names the file, the entry and the key. The default reads nothing.
     */
    default void configure(Settings settings) {
    }

    /** Releases what {@link #configure} acquired; the task is ending. The default does nothing. */
    default void close() {
    }
}
