package io.squall.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Squall's web console: a page that shows a crawl (state, figures, progress toward its limits, charts of pages,
 * kilobytes and errors per second, the busiest and most blocked hosts, the latest errors, the crawl log's tail,
 * counts by status, the final report once it stopped), with buttons to pause, resume and stop it, a form to
 * add seeds and one to look a URL up. The page and its script and style come from the jar; nothing is loaded
 * from elsewhere.
 *
 * <ul>
 *   <li>{@code GET /}, {@code /console.js}, {@code /console.css}: the page; it reads {@code GET /api/progress}
 *       (JSON) every two seconds.</li>
 *   <li>{@code POST /api/pause}, {@code /api/resume}, {@code /api/stop}: answer the progress after the
 *       action, or 409 when the crawl is not in a state to take it (or this console cannot steer it).</li>
 *   <li>{@code POST /api/seeds}: seed lines in the body (text); answers what came of them.</li>
 *   <li>{@code GET /api/url?url=URL}: what is known of that URL.</li>
 * </ul>
 *
 * <p>It listens on 127.0.0.1 only. Guards keep other web pages open in the user's browser out: a request must
 * name the console itself in its Host header (a DNS-rebinding page names its own host); an action must carry
 * the header {@value #ACTION_HEADER}, which a cross-site form cannot send and a cross-site script can send only
 * after a CORS preflight the console never grants; and no page may frame the console
 * ({@code X-Frame-Options: DENY}, CSP {@code frame-ancestors 'none'}), so that no click on it can be stolen.
 */
public final class ConsoleServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    /** The header an action request must carry (any value). */
    public static final String ACTION_HEADER = "X-Squall-Console";
    /** The page may load its own script, style and data, and nothing else; nobody may frame it. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    /** The largest body of a request to add seeds. */
    static final int MAX_BODY = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Map<String, String> ASSETS = Map.of("/", "index.html", "/console.js", "console.js",
            "/console.css", "console.css");

    private final HttpServer server;
    private final ExecutorService executor;
    private final CrawlControl control;
    private final Map<String, byte[]> assets;
    private final Set<String> hosts;

    private ConsoleServer(HttpServer server, ExecutorService executor, CrawlControl control,
                          Map<String, byte[]> assets) {
        this.server = server;
        this.executor = executor;
        this.control = control;
        this.assets = assets;
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
        Map<String, byte[]> assets = new HashMap<>();
        ASSETS.forEach((path, resource) -> assets.put(path, asset(resource)));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "squall-console");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        ConsoleServer console = new ConsoleServer(server, executor, control, assets);
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
            Headers headers = exchange.getResponseHeaders();
            headers.set("X-Frame-Options", "DENY");
            headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            headers.set("X-Content-Type-Options", "nosniff");
            headers.set("Referrer-Policy", "no-referrer");
            String host = exchange.getRequestHeaders().getFirst("Host");
            if (host == null || !hosts.contains(host)) {
                send(exchange, 403, "text/plain", "Squall's console answers only at " + address());
                return;
            }
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            if (assets.containsKey(path)) {
                if (allowed(exchange, method, "GET")) {
                    send(exchange, 200, contentType(ASSETS.get(path)), assets.get(path));
                }
                return;
            }
            switch (path) {
                case "/api/progress" -> {
                    if (allowed(exchange, method, "GET")) {
                        sendProgress(exchange, 200);
                    }
                }
                case "/api/url" -> {
                    if (allowed(exchange, method, "GET")) {
                        lookUp(exchange);
                    }
                }
                case "/api/pause", "/api/resume", "/api/stop" -> {
                    if (allowed(exchange, method, "POST") && hasActionHeader(exchange)) {
                        act(exchange, path.substring("/api/".length()));
                    }
                }
                case "/api/seeds" -> {
                    if (allowed(exchange, method, "POST") && hasActionHeader(exchange)) {
                        addSeeds(exchange);
                    }
                }
                default -> send(exchange, 404, "text/plain", "no such page: " + path);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Console request {} failed: {}", exchange.getRequestURI(), e.toString());
            if (exchange.getResponseCode() == -1) { // nothing sent yet: the page gets to say what failed
                try {
                    sendJson(exchange, 500, Map.of("error", String.valueOf(e.getMessage())));
                } catch (IOException | RuntimeException ignored) {
                    // the connection is gone: nobody to tell
                }
            }
        }
    }

    private static boolean hasActionHeader(HttpExchange exchange) throws IOException {
        if (exchange.getRequestHeaders().getFirst(ACTION_HEADER) != null) {
            return true;
        }
        send(exchange, 403, "text/plain", "an action needs the header " + ACTION_HEADER);
        return false;
    }

    private void act(HttpExchange exchange, String action) throws IOException {
        if (!control.steerable()) {
            sendJson(exchange, 409, Map.of("error", "this console watches a crawl that runs elsewhere: it cannot "
                    + action + " it"));
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

    private void addSeeds(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readNBytes(MAX_BODY + 1);
        if (body.length > MAX_BODY) {
            sendJson(exchange, 413, Map.of("error", "at most " + MAX_BODY + " bytes of seeds at once"));
            return;
        }
        List<String> lines = new String(body, StandardCharsets.UTF_8).lines()
                .filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) {
            sendJson(exchange, 400, Map.of("error", "no seed URL given"));
            return;
        }
        try {
            Map<String, Object> result = control.addSeeds(lines);
            LOG.info("Console: seeds added: {}", result.get("summary"));
            sendJson(exchange, 200, result);
        } catch (IllegalArgumentException e) {
            sendJson(exchange, 400, Map.of("error", e.getMessage()));
        } catch (OpenSearchUnavailableException e) {
            sendJson(exchange, 503, Map.of("error", e.getMessage()));
        }
    }

    private void lookUp(HttpExchange exchange) throws IOException {
        String url = queryParameter(exchange.getRequestURI().getRawQuery(), "url");
        if (url == null || url.isBlank()) {
            sendJson(exchange, 400, Map.of("error", "give the URL to look up as ?url=..."));
            return;
        }
        try {
            sendJson(exchange, 200, control.lookUp(url));
        } catch (IllegalArgumentException e) {
            sendJson(exchange, 400, Map.of("error", e.getMessage()));
        } catch (OpenSearchUnavailableException e) {
            sendJson(exchange, 503, Map.of("error", e.getMessage()));
        }
    }

    /** The first value of a parameter in a raw query string, decoded; null when absent. */
    static String queryParameter(String rawQuery, String name) {
        if (rawQuery == null) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
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
        sendJson(exchange, status, control.progress());
    }

    private static void sendJson(HttpExchange exchange, int status, Map<String, ?> body) throws IOException {
        send(exchange, status, "application/json", JSON.writeValueAsBytes(body));
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

    private static String contentType(String resource) {
        return resource.endsWith(".js") ? "text/javascript; charset=utf-8"
                : resource.endsWith(".css") ? "text/css; charset=utf-8" : "text/html; charset=utf-8";
    }

    /** A file of the page, from the jar. */
    static byte[] asset(String resource) {
        try (InputStream in = ConsoleServer.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + resource + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the console's " + resource, e);
        }
    }
}
