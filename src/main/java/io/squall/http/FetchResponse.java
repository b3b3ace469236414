package io.squall.http;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a server answered to one fetch: the status code, the response headers (names in lower case), the
 * content after decoding (at most {@code http.content.limit} bytes), and how the fetch went.
 *
 * @param ip the address the content came from, or null when unknown
 * @param loadingTimeMillis from sending the request to the end of the content
 * @param trimmedReason why the content is incomplete (its limit, a broken encoding), or null when complete
 * @param wire the exchange as it went over the wire (for a WARC archive), or null when unknown
 */
public record FetchResponse(String url, int statusCode, Map<String, List<String>> headers, byte[] content, String ip,
        long loadingTimeMillis, String trimmedReason, HttpExchange wire) {

    /** The first value of a header (any case), or null. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public boolean trimmed() {
        return trimmedReason != null;
    }
}
