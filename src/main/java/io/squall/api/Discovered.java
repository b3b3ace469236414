package io.squall.api;

/**
 * A URL found while processing another (an outlink, a redirect target, a sitemap entry), with the metadata
 * it is to be stored with as DISCOVERED. It travels with the outcome of the URL that found it, so that
 * both are written together: a URL's new status is never stored without the URLs it discovered.
 */
public record Discovered(String url, Metadata metadata) {
}
