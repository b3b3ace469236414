package io.squall.api;

/**
 * Decides whether a URL enters the frontier, and in which form. Seeds, outlinks, redirect targets and
 * sitemap entries all pass through the chain listed in the file named by {@code urlfilters.config.file},
 * after normalization; the first rejection wins. A class of yours is an entry {@code type: class} with
 * {@code class: com.example.MyFilter}.
 *
 * <p><b>Lifecycle</b>: every extension's ({@link Extension}). Each task that filters URLs (fetcher,
 * parser, the injector) builds its own chain; {@link #filter} is called one URL at a time.
 *
 * <p><b>Errors.</b> An exception from {@link #filter} rejects that URL only, as rejected by this filter (logged
 * with the filter's name and the URL, and counted under {@code urlfilter.errors.<name>}); the page that led
 * to it is processed as usual.
 */
public interface UrlFilter extends Extension {

    /**
     * @param url the URL, normalized, with its parts
     * @param metadata the metadata the URL would be stored with (its depth, parent, redirect hops...); read it only
     * @return {@link FilterVerdict#accept} with the URL to store (a filter may rewrite it), or
     *     {@link FilterVerdict#reject} with the filter's name and a reason
     */
    FilterVerdict filter(Url url, Metadata metadata);
}
