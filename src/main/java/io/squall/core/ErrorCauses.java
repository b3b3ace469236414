package io.squall.core;

import java.util.Map;

/**
 * What an {@code error.cause} value means, in words a user reads in the summary and the crawl log. A cause
 * that wraps another (robots.txt unreachable, a host paused after errors) names it after a dot, so that the
 * reason underneath stays visible: {@code robots.unavailable.connection.refused} reads "robots.txt
 * unreachable: connection refused".
 */
public final class ErrorCauses {
    /** robots.txt could not be fetched: the host's URLs wait; the fetch's own cause follows. */
    public static final String ROBOTS_UNAVAILABLE = "robots.unavailable";
    /** The host's queue had too many exceptions in a row: its URLs are given back; the last cause follows. */
    public static final String QUEUE_ERROR_BUDGET = "queue.error.budget";
    /**
     * The address guard refused the host: a verdict of the user's configuration ({@code http.address.allow},
     * {@code --allow}), which may let it through at the next run, not of the server. Such a URL stays
     * FETCH_ERROR, retried, and its refusals are not counted toward {@code max.fetch.errors}.
     */
    public static final String ADDRESS_GUARD = "address.guard";
    /** A document's parse took longer than {@code parser.tika.timeout}: its parser was stopped. */
    public static final String PARSE_TIMEOUT = "parse.timeout";
    /** A document was larger than the parser takes ({@code parser.tika.max.bytes}, or cut at the fetch). */
    public static final String PARSE_TOO_LARGE = "parse.too.large";
    /** A document's parse needed more than the parser's memory ({@code parser.tika.memory.mb}). */
    public static final String PARSE_MEMORY = "parse.memory";
    /** The parser's JVM for documents died while parsing it (other than from a lack of memory). */
    public static final String PARSE_CRASH = "parse.crash";
    /** A page rendered in a browser ({@code fetcher.render.*}) did not render in time; the browser is replaced. */
    public static final String RENDER_TIMEOUT = "render.timeout";
    /** The browser rendering a page failed; it is replaced. */
    public static final String RENDER_CRASHED = "render.crashed";

    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("dns", "unknown host (DNS)"),
            Map.entry("connection.refused", "connection refused"),
            Map.entry("connection.reset", "connection reset"),
            Map.entry("timeout", "timed out (http.timeout)"),
            Map.entry("deadline", "took longer than http.deadline"),
            Map.entry("tls", "TLS handshake failed"),
            Map.entry("headers.too.large", "response headers too large"),
            Map.entry("protocol", "not a valid HTTP answer"),
            Map.entry("content.encoding", "unknown Content-Encoding"),
            Map.entry(ADDRESS_GUARD, "address refused by the address guard"),
            Map.entry("io", "I/O error"),
            Map.entry(RENDER_TIMEOUT, "the page did not render within fetcher.render.timeout"),
            Map.entry(RENDER_CRASHED, "the browser rendering the page failed"),
            Map.entry("robots", "disallowed by robots.txt"),
            Map.entry("robots.crawl.delay", "robots.txt Crawl-delay above fetcher.max.crawl.delay"),
            Map.entry("redirect.no.location", "redirect without Location"),
            Map.entry("redirect.bad.location", "redirect to an invalid URL"),
            Map.entry("redirect.too.many", "too many redirects (http.max.redirects)"),
            Map.entry("redirect.loop", "redirects to itself"),
            Map.entry("url.invalid", "invalid URL"),
            Map.entry("parse", "the page could not be parsed"),
            Map.entry(PARSE_TIMEOUT, "parsing took longer than parser.tika.timeout"),
            Map.entry(PARSE_TOO_LARGE, "too large to parse (parser.tika.max.bytes, http.content.limit)"),
            Map.entry(PARSE_MEMORY, "parsing needed more than parser.tika.memory.mb"),
            Map.entry(PARSE_CRASH, "the document parser's JVM died"),
            Map.entry("parse.filter", "a parse filter threw (error.message names it)"),
            Map.entry("status.refused", "OpenSearch refused its status document"));

    private ErrorCauses() {
    }

    /** {@code wrapper.cause}: a cause with the one underneath it. */
    public static String wrapping(String wrapper, String underlying) {
        return underlying == null || underlying.isEmpty() ? wrapper : wrapper + "." + underlying;
    }

    /** The cause in words; an unknown cause as it is. */
    public static String describe(String cause) {
        if (cause == null || cause.isEmpty()) {
            return "unknown";
        }
        String words = WORDS.get(cause);
        if (words != null) {
            return words;
        }
        if (cause.startsWith("http.")) {
            return "HTTP " + cause.substring("http.".length());
        }
        if (cause.startsWith(ROBOTS_UNAVAILABLE)) {
            return "robots.txt unreachable" + underneath(cause, ROBOTS_UNAVAILABLE);
        }
        if (cause.startsWith(QUEUE_ERROR_BUDGET)) {
            return "host paused after too many errors in a row" + underneath(cause, QUEUE_ERROR_BUDGET);
        }
        return cause;
    }

    private static String underneath(String cause, String wrapper) {
        return cause.length() > wrapper.length() + 1 ? ": " + describe(cause.substring(wrapper.length() + 1)) : "";
    }
}
