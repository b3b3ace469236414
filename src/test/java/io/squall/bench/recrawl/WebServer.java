package io.squall.bench.recrawl;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves the {@link GeneratedWeb}: a listening socket on each host's address, all on one port, and a single
 * thread that answers every connection without blocking, so that a thousand hosts cost no thousand threads
 * and a crawl of a few hundred pages a second costs the server little. HTTP/1.1 GETs with keep-alive;
 * {@code /robots.txt} allows everything, {@code /p/N.html} is page N at its current version (304 on the
 * conditional hosts when the crawler's validators match it), anything else is 404.
 */
final class WebServer implements AutoCloseable {
    private static final int MAX_HEADER_BYTES = 16 * 1024;
    private static final int BIND_ATTEMPTS = 10;
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;
    private static final byte[] HEADER_END = {'\r', '\n', '\r', '\n'};

    private final GeneratedWeb web;
    private final Selector selector;
    private final List<ServerSocketChannel> listeners;
    private final int port;
    private final Thread thread;
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong notModified = new AtomicLong();
    private long requests; // the server thread's

    private WebServer(GeneratedWeb web, Selector selector, List<ServerSocketChannel> listeners, int port) {
        this.web = web;
        this.selector = selector;
        this.listeners = listeners;
        this.port = port;
        this.thread = new Thread(this::serve, "recrawl-web");
        thread.setDaemon(true);
    }

    /** Listens on every host's address, on a port free on all of them, and starts answering. */
    static WebServer start(GeneratedWeb web) throws IOException {
        return start(web, 0);
    }

    /**
     * Listens on every host's address on that port (the one a kept index's URLs name), or on one free on all
     * of them for 0, and starts answering.
     */
    static WebServer start(GeneratedWeb web, int wantedPort) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Selector selector = Selector.open();
            List<ServerSocketChannel> listeners = new ArrayList<>(web.hosts());
            int port = wantedPort;
            try {
                for (int host = 0; host < web.hosts(); host++) {
                    ServerSocketChannel listener = ServerSocketChannel.open();
                    listeners.add(listener);
                    listener.bind(new InetSocketAddress(InetAddress.getByName(LoopbackHosts.address(host)), port), 256);
                    port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
                    listener.configureBlocking(false);
                    listener.register(selector, SelectionKey.OP_ACCEPT, host);
                }
            } catch (BindException e) {
                // The port the first address got is taken on another one (another program's): try another port.
                close(selector, listeners);
                if (attempt == BIND_ATTEMPTS || wantedPort != 0) {
                    throw e;
                }
                continue;
            }
            WebServer server = new WebServer(web, selector, listeners, port);
            server.thread.start();
            return server;
        }
    }

    int port() {
        return port;
    }

    /** Page answers so far, 200s and 304s: what the crawl fetched. */
    long pages() {
        return pages.get();
    }

    /** Of those, the 304s. */
    long notModified() {
        return notModified.get();
    }

    @Override
    public void close() throws InterruptedException {
        close(selector, listeners);
        thread.join(5_000);
    }

    private static void close(Selector selector, List<ServerSocketChannel> listeners) {
        for (ServerSocketChannel listener : listeners) {
            try {
                listener.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        try {
            selector.close(); // wakes the server thread, whose next select then ends it
        } catch (IOException e) {
            // closing anyway
        }
    }

    private void serve() {
        try {
            while (true) {
                selector.select();
                Iterator<SelectionKey> ready = selector.selectedKeys().iterator();
                while (ready.hasNext()) {
                    SelectionKey key = ready.next();
                    ready.remove();
                    try {
                        if (key.isAcceptable()) {
                            accept(key);
                        } else {
                            ((Connection) key.attachment()).ready(key);
                        }
                    } catch (IOException e) {
                        key.channel().close(); // the crawler went away mid-exchange
                    }
                }
            }
        } catch (ClosedSelectorException | IOException e) {
            // closed
        }
    }

    private void accept(SelectionKey key) throws IOException {
        SocketChannel channel = ((ServerSocketChannel) key.channel()).accept();
        if (channel != null) {
            channel.configureBlocking(false);
            channel.socket().setTcpNoDelay(true);
            channel.register(selector, SelectionKey.OP_READ, new Connection((Integer) key.attachment(), channel));
        }
    }

    /** One keep-alive connection: requests read into a buffer, each answered in full before the next is read. */
    private final class Connection {
        private final int host;
        private final SocketChannel channel;
        private final ByteBuffer in = ByteBuffer.allocate(MAX_HEADER_BYTES);
        private ByteBuffer out;
        private boolean closeAfter;

        Connection(int host, SocketChannel channel) {
            this.host = host;
            this.channel = channel;
        }

        void ready(SelectionKey key) throws IOException {
            if (key.isReadable() && channel.read(in) < 0) {
                channel.close();
                return;
            }
            while (true) {
                if (out == null) {
                    int end = headerEnd();
                    if (end < 0) {
                        if (!in.hasRemaining()) {
                            channel.close(); // headers longer than any crawler sends
                        } else {
                            key.interestOps(SelectionKey.OP_READ);
                        }
                        return;
                    }
                    out = answer(takeHead(end));
                }
                channel.write(out);
                if (out.hasRemaining()) {
                    key.interestOps(SelectionKey.OP_WRITE);
                    return;
                }
                out = null;
                if (closeAfter) {
                    channel.close();
                    return;
                }
            }
        }

        private int headerEnd() {
            byte[] bytes = in.array();
            for (int i = 0; i + HEADER_END.length <= in.position(); i++) {
                if (Arrays.equals(bytes, i, i + HEADER_END.length, HEADER_END, 0, HEADER_END.length)) {
                    return i + HEADER_END.length;
                }
            }
            return -1;
        }

        /** The request's head, removed from the buffer (GETs have no body). */
        private String takeHead(int end) {
            byte[] bytes = in.array();
            String head = new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            System.arraycopy(bytes, end, bytes, 0, in.position() - end);
            in.position(in.position() - end);
            return head;
        }

        private ByteBuffer answer(String head) {
            String[] lines = head.split("\r\n");
            String[] requestLine = lines[0].split(" ");
            Map<String, String> headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            lines[i].substring(colon + 1).trim());
                }
            }
            closeAfter = "close".equalsIgnoreCase(headers.get("connection"))
                    || (requestLine.length > 2 && requestLine[2].equals("HTTP/1.0"));
            String path = requestLine.length > 1 ? requestLine[1] : "/";
            long page = pageOf(path);
            if (page >= 0 && web.exists(host, page)) {
                return page(page, headers);
            }
            if (path.equals("/robots.txt")) {
                return response("200 OK", "text/plain", "User-agent: *\nAllow: /\n", "");
            }
            return response("404 Not Found", "text/html", "<html><body>not found</body></html>", "");
        }

        /** The page at its version now; If-None-Match wins over If-Modified-Since, as RFC 9110 says. */
        private ByteBuffer page(long page, Map<String, String> headers) {
            Instant now = Instant.now();
            long version = web.version(host, page, now);
            pages.incrementAndGet();
            if (!GeneratedWeb.conditional(host)) {
                return response("200 OK", "text/html; charset=utf-8", web.html(host, page, version, ++requests, now), "");
            }
            String etag = web.etag(version);
            String lastModified = web.lastModified(host, page, version);
            if (notModified(headers, etag, lastModified)) {
                notModified.incrementAndGet();
                return response("304 Not Modified", null, null, "ETag: " + etag + "\r\n");
            }
            return response("200 OK", "text/html; charset=utf-8", web.html(host, page, version, ++requests, now),
                    "ETag: " + etag + "\r\nLast-Modified: " + lastModified + "\r\n");
        }

        private static boolean notModified(Map<String, String> headers, String etag, String lastModified) {
            String ifNoneMatch = headers.get("if-none-match");
            if (ifNoneMatch != null) {
                return Arrays.stream(ifNoneMatch.split(",")).map(String::trim).anyMatch(t -> t.equals(etag));
            }
            String ifModifiedSince = headers.get("if-modified-since");
            if (ifModifiedSince == null) {
                return false;
            }
            try {
                return !ZonedDateTime.parse(lastModified, HTTP_DATE)
                        .isAfter(ZonedDateTime.parse(ifModifiedSince, HTTP_DATE));
            } catch (DateTimeParseException e) {
                return false;
            }
        }

        private static long pageOf(String path) {
            if (!path.startsWith("/p/") || !path.endsWith(".html")) {
                return -1;
            }
            try {
                return Long.parseLong(path.substring(3, path.length() - 5));
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        private static ByteBuffer response(String status, String type, String body, String extraHeaders) {
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            String head = "HTTP/1.1 " + status + "\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                    + extraHeaders + (body == null ? "" : "Content-Length: " + bytes.length + "\r\n") + "\r\n";
            byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
            return ByteBuffer.allocate(headBytes.length + bytes.length).put(headBytes).put(bytes).flip();
        }
    }
}
