package io.squall.api;

/**
 * A normalized http(s) URL and its parts, as Squall's own URL parser (the WHATWG URL standard) reads them: a
 * URL filter asks for parts here rather than parsing the string again, since a stricter parser refuses
 * URLs that Squall and browsers accept ({@code java.net.URI} refuses {@code |}, {@code {}} and {@code ^},
 * which the standard leaves unescaped). The parts are percent-encoded as in the URL. Squall makes them;
 * a test makes one with {@code io.squall.api.testing.TestUrls}.
 */
public interface Url {

    /** The whole URL, as it is stored. */
    @Override
    String toString();

    /** {@code http} or {@code https}. */
    String scheme();

    /** A domain (lower case, punycode), a dotted-decimal IPv4 address, or a bracketed IPv6 address. */
    String host();

    /** The port written in the URL, or -1 for the scheme's default. */
    int port();

    /** The path, from its first '/' (at least "/"), without the query. */
    String path();

    /** The query without its '?', or null when the URL has none. */
    String query();
}
