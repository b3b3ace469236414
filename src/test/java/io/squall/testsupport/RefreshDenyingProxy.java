package io.squall.testsupport;

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
 * An HTTP proxy on loopback in front of an OpenSearch node that answers every refresh with 403, as
 * OpenSearch's security plugin does for a user without the refresh privilege, and passes everything else
 * through: what a crawl sees when it may read and write the status index but not refresh it.
 */
public final class RefreshDenyingProxy implements AutoCloseable {
    private static final byte[] DENIED = ("{\"error\":{\"type\":\"security_exception\",\"reason\":\"no permissions for"
            + " [indices:admin/refresh]\"},\"status\":403}").getBytes(StandardCharsets.UTF_8);

    private final String target;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final AtomicInteger refreshesDenied = new AtomicInteger();

    /** Starts a proxy to the node at {@code target} ("http://host:port"). */
    public RefreshDenyingProxy(String target) throws IOException {
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

    /** Refresh requests answered with 403 so far. */
    public int refreshesDenied() {
        return refreshesDenied.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            URI uri = exchange.getRequestURI();
            if (uri.getPath().endsWith("/_refresh")) {
                refreshesDenied.incrementAndGet();
                reply(exchange, 403, "application/json", DENIED);
                return;
            }
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target + uri.getRawPath()
                            + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())))
                    .method(exchange.getRequestMethod(), body.length == 0
                            ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            if (contentType != null) {
                request.header("Content-Type", contentType);
            }
            HttpResponse<byte[]> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            reply(exchange, answer.statusCode(), answer.headers().firstValue("Content-Type").orElse("application/json"),
                    answer.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
