package io.squall.urls;

/**
 * A URL (or link) that cannot become a crawlable http(s) URL. Thrown for every unusable link on a page, so
 * it carries no stack trace: the message says what is wrong, and {@link #isSchemeProblem()} tells a link
 * that is valid but not crawlable (mailto:, javascript:) from one that is broken.
 */
public final class InvalidUrlException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean schemeProblem;

    InvalidUrlException(String message, boolean schemeProblem) {
        super(message, null, false, false);
        this.schemeProblem = schemeProblem;
    }

    static InvalidUrlException invalid(String message) {
        return new InvalidUrlException(message, false);
    }

    static InvalidUrlException scheme(String scheme) {
        return new InvalidUrlException("scheme '" + scheme + "' is not crawled (http and https only)", true);
    }

    public boolean isSchemeProblem() {
        return schemeProblem;
    }
}
