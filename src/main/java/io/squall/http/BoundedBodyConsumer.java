package io.squall.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncResponseConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * Receives one response on the HTTP client's I/O thread and keeps at most {@code limit} bytes of its raw
 * body. Past the limit it aborts the exchange (no point downloading what is thrown away); the caller then
 * takes what was kept with {@link #reachedLimit()} and {@link #body()}. A header section past its
 * {@link HeaderLimits} fails the exchange, and so does any byte that arrives once the caller has
 * {@link #abandon() abandoned} it; failing from here makes the client close the connection.
 */
final class BoundedBodyConsumer implements AsyncResponseConsumer<BoundedBodyConsumer> {
    private final int limit;
    private final HeaderLimits headerLimits;
    private volatile boolean abandoned;
    private volatile HttpResponse response;
    private byte[] buffer = new byte[8192];
    private int size;
    private volatile boolean reachedLimit;

    /** Thrown inside the client to stop reading a body that has reached its limit. */
    static final class LimitReached extends IOException {
        private static final long serialVersionUID = 1L;

        LimitReached() {
            super("content limit reached", null);
        }
    }

    /** Thrown inside the client when bytes arrive for an exchange the caller gave up. */
    static final class Abandoned extends IOException {
        private static final long serialVersionUID = 1L;

        Abandoned() {
            super("exchange abandoned by the fetcher", null);
        }
    }

    BoundedBodyConsumer(int limit, HeaderLimits headerLimits) {
        this.limit = limit;
        this.headerLimits = headerLimits;
    }

    private FutureCallback<BoundedBodyConsumer> resultCallback;

    @Override
    public void consumeResponse(HttpResponse httpResponse, EntityDetails entityDetails, HttpContext context,
            FutureCallback<BoundedBodyConsumer> callback) throws IOException {
        String excess = headerLimits.excess(java.util.Arrays.asList(httpResponse.getHeaders()));
        if (excess != null) {
            throw new FetchException(FetchException.Cause.HEADERS_TOO_LARGE, excess, null);
        }
        if (context instanceof HttpClientContext client) {
            client.setUserToken(HttpProtocol.POOLED);
        }
        this.response = httpResponse;
        this.resultCallback = callback;
        if (entityDetails == null) {
            callback.completed(this);
        }
    }

    @Override
    public void informationResponse(HttpResponse httpResponse, HttpContext context) {
        // 1xx answers carry nothing Squall keeps
    }

    @Override
    public void updateCapacity(CapacityChannel capacityChannel) throws IOException {
        capacityChannel.update(Integer.MAX_VALUE);
    }

    @Override
    public void consume(ByteBuffer src) throws IOException {
        if (abandoned) {
            throw new Abandoned();
        }
        synchronized (this) {
            int n = src.remaining();
            int room = limit - size;
            int keep = Math.min(n, room);
            if (size + keep > buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(limit, Math.max((long) buffer.length * 2, size + keep)));
            }
            src.get(buffer, size, keep);
            size += keep;
            if (keep < n) {
                reachedLimit = true;
                throw new LimitReached();
            }
        }
    }

    @Override
    public void streamEnd(List<? extends Header> trailers) {
        if (resultCallback != null) {
            resultCallback.completed(this);
        }
    }

    @Override
    public void failed(Exception cause) {
        if (resultCallback != null) {
            resultCallback.failed(cause);
        }
    }

    @Override
    public void releaseResources() {
        // the buffer is the result: kept until the caller is done with it
    }

    /** The caller has given up waiting (deadline): the exchange ends at the next byte that arrives. */
    void abandon() {
        abandoned = true;
    }

    HttpResponse response() {
        return response;
    }

    boolean reachedLimit() {
        return reachedLimit;
    }

    synchronized byte[] body() {
        return size == buffer.length ? buffer : Arrays.copyOf(buffer, size);
    }
}
