package io.squall.testweb;

/**
 * One request as the test web saw it. Times are {@link System#nanoTime()} values: {@code startNanos} when the
 * request's headers had been read, {@code endNanos} just before the last bytes of the answer were written
 * (the client cannot have read them sooner), or when the connection closed without an answer; {@link Long#MAX_VALUE} while the answer is still pending. {@code sentBytes}
 * counts the bytes of the answer the server managed to write (status line and headers included).
 */
public record LoggedRequest(String host, String method, String path, String userAgent, String headers,
        long connectionId, long startNanos, long endNanos, int status, long sentBytes) {

    /** The value of a request header (case-insensitive name), or null. */
    public String header(String name) {
        return header(headers, name);
    }

    static String header(String headers, String name) {
        for (String line : headers.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }
}
