package io.squall.api;

/**
 * A step of the parse filter chain: reads a parsed page and adds to what the crawl keeps of it (metadata
 * fields, which the indexer and the status index take by name), prunes, ranks or adds outlinks, or keeps
 * the page out of the index. The chain is listed in the file named by {@code parsefilters.config.file}
 * ({@code parsefilters.yaml}); a class of yours is an entry {@code type: class} with
 * {@code class: com.example.MyFilter}. Its lifecycle is every extension's ({@link Extension}): each parser
 * task builds its own chain and calls it from its own thread.
 *
 * <p><b>Which pages.</b> Every HTML page that is not a meta-refresh redirect, and every document read
 * through Tika (PDF, office documents...: {@link ParseContext#document()} is then the XHTML Tika made of
 * it), after the parser has extracted the page's text, metadata and links and before the outlinks go
 * through the URL filters; not sitemaps, feeds, or content of a type the parser does not read.
 *
 * <p><b>Errors.</b> An exception thrown by {@link #filter} stops the chain for that page: the page becomes
 * {@code ERROR} with {@code error.cause} {@code parse.filter} and the filter's name and exception in
 * {@code error.message}; it is neither indexed nor are its links followed, and it is not retried (a replay
 * would fail again). The crawl goes on with the next page.
 */
public interface ParseFilter extends Extension {

    /** Looks at one page and changes what the crawl keeps of it through {@code page}. */
    void filter(ParseContext page);
}
