package io.squall.api;

/**
 * The outcome of a {@link UrlFilter}: the normalized URL when accepted, or the filter that rejected it
 * and why, so that "why was this URL not crawled?" has an answer.
 */
public record FilterVerdict(String url, String rejectedBy, String reason) {

    public static FilterVerdict accept(String normalizedUrl) {
        return new FilterVerdict(normalizedUrl, null, null);
    }

    public static FilterVerdict reject(String filterName, String reason) {
        return new FilterVerdict(null, filterName, reason);
    }

    public boolean accepted() {
        return rejectedBy == null;
    }

    @Override
    public String toString() {
        return accepted() ? url : "REJECTED " + rejectedBy + ": " + reason;
    }
}
