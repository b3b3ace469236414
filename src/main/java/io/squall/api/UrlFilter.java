package io.squall.api;

import io.squall.api.Metadata;

/**
 * Decides whether a URL enters the frontier, and in which normalized form. Outlinks, redirect targets,
 * sitemap entries and seeds all pass through the configured chain ({@link UrlFilters#fromConfig}).
 */
public interface UrlFilter {

    /**
     * @param url an absolute URL
     * @param metadata the metadata the URL would be stored with (its depth, parent, redirect hops...)
     * @return the URL to crawl, normalized, or the reason it is rejected
     */
    FilterVerdict filter(String url, Metadata metadata);
}
