package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.util.List;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http2.config.H2Config;

/**
 * Bounds on a response's header section ({@code http.headers.max.line}, {@code .count}, {@code .bytes}), so
 * that no server can make the client read or hold headers without end. HTTP/1.1 parsing stops at the line
 * and count bounds (the client's parser enforces them while reading); the total is checked once the header
 * section is complete, and for HTTP/2 is also announced to the server as the header list size.
 */
record HeaderLimits(int maxLine, int maxCount, int maxBytes) {
    /** What an HTTP/2 header field costs besides its name and value (RFC 9113 section 6.5.2). */
    private static final int FIELD_OVERHEAD = 32;

    static HeaderLimits fromConfig(CrawlerConfig config) {
        return new HeaderLimits(positive(config, "http.headers.max.line"), positive(config, "http.headers.max.count"),
                positive(config, "http.headers.max.bytes"));
    }

    private static int positive(CrawlerConfig config, String key) {
        int value = config.getInt(key);
        if (value < 1) {
            throw new ConfigException(key + " must be at least 1, got " + value);
        }
        return value;
    }

    Http1Config http1Config() {
        return Http1Config.custom().setMaxLineLength(maxLine).setMaxHeaderCount(maxCount).build();
    }

    H2Config h2Config() {
        return H2Config.custom().setMaxHeaderListSize(maxBytes).build();
    }

    /**
     * What passes a bound in a complete header section, counting name, ": ", value and CRLF per line; null
     * when it is within bounds.
     */
    String excess(List<? extends Header> headers) {
        if (headers.size() > maxCount) {
            return headers.size() + " header lines, more than http.headers.max.count (" + maxCount + ")";
        }
        long bytes = 0;
        for (Header h : headers) {
            bytes += h.getName().length() + 4L + (h.getValue() == null ? 0 : h.getValue().length());
        }
        return bytes > maxBytes
                ? "headers of " + bytes + " bytes, more than http.headers.max.bytes (" + maxBytes + ")" : null;
    }

    /** Turns the HTTP client's constraint message into one that names the setting to change. */
    static String explain(String clientMessage) {
        String lower = clientMessage.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("count")) {
            return "too many header lines (http.headers.max.count): " + clientMessage;
        }
        if (lower.contains("line")) {
            return "a header line longer than http.headers.max.line: " + clientMessage;
        }
        return "headers larger than http.headers.max.bytes: " + clientMessage;
    }
}
