package io.squall.testweb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the test web answers to one request: status, headers, body bytes and how they are delivered
 * (at once, after a delay, dripped, never, or a connection dropped without an answer). Immutable: the
 * builder-style methods return a changed copy, so one response may be declared once and served often.
 */
public final class Response {
    /** How the response reaches the client. */
    enum Delivery { NORMAL, HANG, DROP, ENDLESS_HEADER_LINE, ENDLESS_HEADER_LINES }

    /** The most header bytes an endless-header response sends before the server gives up itself. */
    static final long ENDLESS_HEADER_CAP = 256L * 1024 * 1024;

    final int status;
    final Map<String, String> headers;
    final byte[] body;
    final long delayMillis;
    final int dripChunk;
    final long dripIntervalMillis;
    final Delivery delivery;

    private Response(int status, Map<String, String> headers, byte[] body, long delayMillis, int dripChunk,
            long dripIntervalMillis, Delivery delivery) {
        this.status = status;
        this.headers = Collections.unmodifiableMap(headers);
        this.body = body;
        this.delayMillis = delayMillis;
        this.dripChunk = dripChunk;
        this.dripIntervalMillis = dripIntervalMillis;
        this.delivery = delivery;
    }

    /** An empty response with that status code. */
    public static Response status(int status) {
        return new Response(status, new LinkedHashMap<>(), new byte[0], 0, 0, 0, Delivery.NORMAL);
    }

    /** A 200 text/html page. */
    public static Response html(String html) {
        return status(200).contentType("text/html; charset=utf-8").body(html);
    }

    /** A 200 HTML page titled {@code title} with one {@code <a href>} per link (relative or absolute). */
    public static Response page(String title, String... links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><title>").append(title)
                .append("</title></head><body><h1>").append(title).append("</h1>\n");
        for (String link : links) {
            sb.append("<p><a href=\"").append(link).append("\">").append(link).append("</a></p>\n");
        }
        return html(sb.append("</body></html>\n").toString());
    }

    /** A 200 text/plain response, e.g. a robots.txt. */
    public static Response text(String text) {
        return status(200).contentType("text/plain; charset=utf-8").body(text);
    }

    /** A redirect with a Location header. */
    public static Response redirect(int status, String location) {
        return status(status).header("Location", location);
    }

    /** Bytes served as they are, declared with a Content-Encoding (gzip, br, deflate, zstd...). */
    public static Response encoded(byte[] rawBody, String contentEncoding) {
        return status(200).contentType("text/html").header("Content-Encoding", contentEncoding).body(rawBody);
    }

    /** Reads the request and never answers; the connection stays open until the client or the server closes it. */
    public static Response hang() {
        return new Response(0, new LinkedHashMap<>(), new byte[0], 0, 0, 0, Delivery.HANG);
    }

    /** Closes the connection without answering (the client sees a reset or an early end of stream). */
    public static Response drop() {
        return new Response(0, new LinkedHashMap<>(), new byte[0], 0, 0, 0, Delivery.DROP);
    }

    /**
     * A status line followed by one header line that never ends (up to {@value #ENDLESS_HEADER_CAP} bytes,
     * or until the client closes the connection); {@link LoggedRequest#sentBytes()} tells how far it got.
     */
    public static Response endlessHeaderLine() {
        return new Response(200, new LinkedHashMap<>(), new byte[0], 0, 0, 0, Delivery.ENDLESS_HEADER_LINE);
    }

    /** A status line followed by short header lines that never end (bounded as {@link #endlessHeaderLine}). */
    public static Response endlessHeaderLines() {
        return new Response(200, new LinkedHashMap<>(), new byte[0], 0, 0, 0, Delivery.ENDLESS_HEADER_LINES);
    }

    /** The body this response sends. */
    public byte[] bodyBytes() {
        return body.clone();
    }

    public Response header(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new Response(status, h, body, delayMillis, dripChunk, dripIntervalMillis, delivery);
    }

    public Response contentType(String type) {
        return header("Content-Type", type);
    }

    public Response body(byte[] bytes) {
        return new Response(status, new LinkedHashMap<>(headers), bytes.clone(), delayMillis, dripChunk,
                dripIntervalMillis, delivery);
    }

    public Response body(String text) {
        return body(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Waits this long before sending the status line. */
    public Response delay(long millis) {
        return new Response(status, new LinkedHashMap<>(headers), body, millis, dripChunk, dripIntervalMillis,
                delivery);
    }

    /** Sends the body {@code chunk} bytes at a time, {@code intervalMillis} apart (headers at once). */
    public Response drip(int chunk, long intervalMillis) {
        return new Response(status, new LinkedHashMap<>(headers), body, delayMillis, chunk, intervalMillis,
                delivery);
    }

    /** Responses that answer the 1st, 2nd... request in turn; the last one answers all later requests. */
    public static List<Response> sequence(Response... responses) {
        return List.of(responses);
    }

    /** {@code failures} times {@code failure}, then {@code recovery} for ever. */
    public static List<Response> failThenRecover(int failures, Response failure, Response recovery) {
        List<Response> list = new ArrayList<>(Collections.nCopies(failures, failure));
        list.add(recovery);
        return list;
    }
}
