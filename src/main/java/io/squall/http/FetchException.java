package io.squall.http;

import io.squall.core.ErrorCauses;
import java.io.IOException;

/**
 * A fetch that got no HTTP answer: the server could not be reached, did not answer in time, broke the
 * connection, or was refused by Squall itself (address guard). {@link #cause} is the short, stable name
 * stored as {@code error.cause}.
 */
public final class FetchException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The short cause names, stored in {@code error.cause}. */
    public enum Cause {
        /** Connect or read timeout ({@code http.timeout}). */
        TIMEOUT("timeout"),
        /** The whole fetch took longer than {@code http.deadline}. */
        DEADLINE("deadline"),
        DNS("dns"),
        CONNECTION_REFUSED("connection.refused"),
        /** The connection was reset or closed before the answer was complete. */
        CONNECTION_RESET("connection.reset"),
        TLS("tls"),
        /** The response's header section passed a bound ({@code http.headers.max.*}). */
        HEADERS_TOO_LARGE("headers.too.large"),
        /** The server's answer was not valid HTTP. */
        PROTOCOL("protocol"),
        /** The content came with a Content-Encoding Squall cannot decode. */
        CONTENT_ENCODING("content.encoding"),
        /** The host resolved to a loopback, private or otherwise special address ({@code http.address.guard}). */
        ADDRESS_GUARD(ErrorCauses.ADDRESS_GUARD),
        /** The form login of the host ({@code http.credentials.file}) did not succeed. */
        LOGIN("login.failed"),
        /** A page rendered in a browser did not load, or kept requesting, until {@code fetcher.render.timeout}. */
        RENDER_TIMEOUT(ErrorCauses.RENDER_TIMEOUT),
        /** The browser rendering a page failed (it crashed, or no browser could be started). */
        RENDER_CRASHED(ErrorCauses.RENDER_CRASHED),
        IO("io");

        public final String value;

        Cause(String value) {
            this.value = value;
        }
    }

    private final Cause cause;

    public FetchException(Cause cause, String message, Throwable source) {
        super(message, source);
        this.cause = cause;
    }

    public Cause cause() {
        return cause;
    }
}
