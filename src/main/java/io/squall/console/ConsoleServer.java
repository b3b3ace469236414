package io.squall.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Squall's web console for a local crawl: a page that shows the crawl's progress (pages and kilobytes
 * per second, discovered against fetched, due, in flight, busy threads, queues, counts by status) and
 * buttons to pause, resume and stop it.
 *
 * <ul>
 *   <li>{@code GET /}: the page; it reads {@code GET /api/progress} (JSON) every two seconds.</li>
 *   <li>{@code POST /api/pause}, {@code /api/resume}, {@code /api/stop}: answer the progress after the
 *       action, or 409 when the crawl is not in a state to take it.</li>
 * </ul>
 *
 * <p>It listens on 127.0.0.1 only. Two guards keep other web pages open in the user's browser out: a
 * request must name the console itself in its Host header (a DNS-rebinding page names its own host), and
 * an action must carry the header {@value #ACTION_HEADER}, which a cross-site form cannot send and a
 * cross-site script can send only after a CORS preflight the console never grants.
 */
public final class ConsoleServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    /** The header an action request must carry (any value). */
    public static final String ACTION_HEADER = "X-Squall-Console";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAGE_RESOURCE = "index.html";

    private final HttpServer server;
    private final ExecutorService executor;
    private final CrawlControl control;
    private final byte[] page;
    private final Set<String> hosts;

    private ConsoleServer(HttpServer server, ExecutorService executor, CrawlControl control, byte[] page) {
        this.server = server;
        this.executor = executor;
        this.control = control;
        this.page = page;
        int port = server.getAddress().getPort();
        this.hosts = Set.of("127.0.0.1:" + port, "localhost:" + port);
    }

    /**
     * Starts the console on 127.0.0.1.
     *
     * @param port the port to listen on; 0 for a free one
     * @throws java.net.BindException when the port is in use
     */
    public static ConsoleServer start(int port, CrawlControl control) throws IOException {
        byte[] page = readPage();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "squall-console");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        ConsoleServer console = new ConsoleServer(server, executor, control, page);
        server.createContext("/", console::handle);
        server.start();
        return console;
    }

    /** The page's address, such as {@code http://127.0.0.1:8089/}. */
    public URI address() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            String host = exchange.getRequestHeaders().getFirst("Host");
            if (host == null || !hosts.contains(host)) {
                send(exchange, 403, "text/plain", "Squall's console answers only at " + address());
                return;
            }
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            switch (path) {
                case "/" -> {
                    if (allowed(exchange, method, "GET")) {
                        send(exchange, 200, "text/html; charset=utf-8", page);
                    }
                }
                case "/api/progress" -> {
                    if (allowed(exchange, method, "GET")) {
                        sendProgress(exchange, 200);
                    }
                }
                case "/api/pause", "/api/resume", "/api/stop" -> {
                    if (allowed(exchange, method, "POST")) {
                        act(exchange, path.substring("/api/".length()));
                    }
                }
                default -> send(exchange, 404, "text/plain", "no such page: " + path);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Console request {} failed: {}", exchange.getRequestURI(), e.toString());
        }
    }

    private void act(HttpExchange exchange, String action) throws IOException {
        if (exchange.getRequestHeaders().getFirst(ACTION_HEADER) == null) {
            send(exchange, 403, "text/plain", "an action needs the header " + ACTION_HEADER);
            return;
        }
        boolean done = switch (action) {
            case "pause" -> control.pause();
            case "resume" -> control.resume();
            default -> {
                control.stop();
                yield true;
            }
        };
        LOG.info("Console: {} {}", action, done ? "done" : "refused in this state");
        sendProgress(exchange, done ? 200 : 409);
    }

    private static boolean allowed(HttpExchange exchange, String method, String expected) throws IOException {
        if (method.equals(expected)) {
            return true;
        }
        exchange.getResponseHeaders().set("Allow", expected);
        send(exchange, 405, "text/plain", method + " is not allowed here; use " + expected);
        return false;
    }

    private void sendProgress(HttpExchange exchange, int status) throws IOException {
        Map<String, Object> progress = control.progress();
        send(exchange, status, "application/json", JSON.writeValueAsBytes(progress));
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        send(exchange, status, type + "; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    private static byte[] readPage() {
        try (InputStream in = ConsoleServer.class.getResourceAsStream(PAGE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the console page " + PAGE_RESOURCE + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the console page", e);
        }
    }
}
