package io.squall.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP proxy on loopback in front of a real OpenSearch node that can answer some requests itself the
 * way OpenSearch does when it cannot or will not serve them, and passes everything else through:
 * <ul>
 *   <li>{@link #denyRefreshes()}: every refresh is answered 403, as the security plugin does for a user
 *       without the refresh privilege;</li>
 *   <li>{@link #rejectBulks(int)}: the next bulk requests are answered 429 {@code es_rejected_execution},
 *       a node whose write queue is full;</li>
 *   <li>{@link #rejectFirstItemOfBulks(int)}: the next bulk requests reach the node, and the first item's
 *       answer is turned into a 429 rejection, as a node rejects one shard's part of a bulk;</li>
 *   <li>{@link #answerLate(long)}: every request is answered that much later, a node that is overloaded.</li>
 * </ul>
 */
public final class OpenSearchProxy implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] REFRESH_DENIED = ("{\"error\":{\"type\":\"security_exception\",\"reason\":\"no"
            + " permissions for [indices:admin/refresh]\"},\"status\":403}").getBytes(StandardCharsets.UTF_8);
    private static final String REJECTED_TYPE = "es_rejected_execution_exception";
    private static final String REJECTED_REASON = "rejected execution of coordinating operation [write queue full]";

    private final String target;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private volatile boolean denyRefreshes;
    private volatile long lateMillis;
    private final AtomicInteger bulksToReject = new AtomicInteger();
    private final AtomicInteger bulksWithFirstItemToReject = new AtomicInteger();
    private final AtomicInteger refreshesDenied = new AtomicInteger();
    private final AtomicInteger bulksRejected = new AtomicInteger();
    private final AtomicInteger itemsRejected = new AtomicInteger();
    private final AtomicInteger bulksPassed = new AtomicInteger();

    /** Starts a proxy to the node at {@code target} ("http://host:port") that passes everything through. */
    public OpenSearchProxy(String target) throws IOException {
        this.target = target;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /** The proxy's address, to use as {@code opensearch.addresses}. */
    public String address() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public OpenSearchProxy denyRefreshes() {
        denyRefreshes = true;
        return this;
    }

    public OpenSearchProxy rejectBulks(int count) {
        bulksToReject.set(count);
        return this;
    }

    public OpenSearchProxy rejectFirstItemOfBulks(int count) {
        bulksWithFirstItemToReject.set(count);
        return this;
    }

    /** Answers every request (a rejection too) {@code millis} late from now on; 0 answers at once again. */
    public OpenSearchProxy answerLate(long millis) {
        lateMillis = millis;
        return this;
    }

    public int refreshesDenied() {
        return refreshesDenied.get();
    }

    /** Bulk requests answered 429 as a whole. */
    public int bulksRejected() {
        return bulksRejected.get();
    }

    /** Bulk items whose answer was turned into a 429. */
    public int itemsRejected() {
        return itemsRejected.get();
    }

    /** Bulk requests that reached the node. */
    public int bulksPassed() {
        return bulksPassed.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            URI uri = exchange.getRequestURI();
            long late = lateMillis;
            if (late > 0) {
                Thread.sleep(late);
            }
            boolean bulk = uri.getPath().endsWith("/_bulk");
            if (denyRefreshes && uri.getPath().endsWith("/_refresh")) {
                refreshesDenied.incrementAndGet();
                reply(exchange, 403, "application/json", REFRESH_DENIED);
                return;
            }
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            if (bulk && takeOne(bulksToReject)) {
                bulksRejected.incrementAndGet();
                reply(exchange, 429, "application/json", ("{\"error\":{\"type\":\"" + REJECTED_TYPE + "\",\"reason\":\""
                        + REJECTED_REASON + "\"},\"status\":429}").getBytes(StandardCharsets.UTF_8));
                return;
            }
            HttpResponse<byte[]> answer = forward(exchange, uri, body);
            byte[] answerBody = answer.body();
            if (bulk) {
                bulksPassed.incrementAndGet();
                if (answer.statusCode() == 200 && takeOne(bulksWithFirstItemToReject)) {
                    answerBody = withFirstItemRejected(answerBody);
                    itemsRejected.incrementAndGet();
                }
            }
            reply(exchange, answer.statusCode(), answer.headers().firstValue("Content-Type").orElse("application/json"),
                    answerBody);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpResponse<byte[]> forward(HttpExchange exchange, URI uri, byte[] body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target + uri.getRawPath()
                        + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())))
                .method(exchange.getRequestMethod(), body.length == 0
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The node's bulk answer with its first item replaced by a rejection (the write did happen: harmless). */
    private static byte[] withFirstItemRejected(byte[] bulkAnswer) throws IOException {
        ObjectNode answer = (ObjectNode) JSON.readTree(bulkAnswer);
        JsonNode first = answer.get("items").get(0);
        ObjectNode result = (ObjectNode) first.elements().next();
        result.put("status", 429);
        result.remove("result");
        result.putObject("error").put("type", REJECTED_TYPE).put("reason", REJECTED_REASON);
        answer.put("errors", true);
        return JSON.writeValueAsBytes(answer);
    }

    private static boolean takeOne(AtomicInteger counter) {
        return counter.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }

    private static void reply(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
