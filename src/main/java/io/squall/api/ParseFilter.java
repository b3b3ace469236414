package io.squall.api;

import io.squall.api.Settings;

/**
 * A step of the parse filter chain: reads a parsed HTML page and adds to what the crawl keeps of it
 * (metadata fields, which the indexer and the status index take by name), prunes or ranks its outlinks, or
 * keeps it out of the index. The chain is listed in the file named by {@code parsefilters.config.file}
 * ({@code parsefilters.yaml}); a class of your own is an entry {@code type: class} with
 * {@code class: com.example.MyFilter}.
 *
 * <p><b>Lifecycle.</b> Each parser task builds its own chain, one instance of each filter, with the
 * class's public no-argument constructor, then calls {@link #configure} once (also where the crawl is
 * submitted, to check the file before anything starts), {@link #filter} for every HTML page the task
 * parses, in the order of the file, and {@link #close} when the task ends. A filter is only ever called
 * from its task's thread: it needs no locks, and may keep state between pages (bounded: a crawl is long).
 *
 * <p><b>When.</b> On every HTML page that is not a redirect, after the parser has extracted the page's
 * text, metadata and links, and before the outlinks go through the URL filters; not on sitemaps, feeds or
 * other content.
 *
 * <p><b>Errors.</b> {@link #configure} reports a bad parameter by throwing the
 * {@link io.squall.api.ConfigException} of {@link Settings#error}: the crawl does not start, and the
 * one-line message names the file and the entry. An exception thrown by {@link #filter} stops the chain
 * for that page: the page becomes {@code ERROR} with {@code error.cause} {@code parse.filter} and the
 * filter's name and exception in {@code error.message}, it is neither indexed nor are its links followed,
 * and the crawl goes on with the next page.
 */
public interface ParseFilter {

    /**
     * Reads the entry's {@code params} (with the typed getters of {@link Settings}; a parameter no
     * getter asked for is refused as a typo). The default reads none.
     */
    default void configure(Settings params) {
    }

    /** Looks at one page and changes what the crawl keeps of it through {@code page}. */
    void filter(ParseContext page);

    /** Releases what {@link #configure} acquired; the task is ending. The default does nothing. */
    default void close() {
    }
}
