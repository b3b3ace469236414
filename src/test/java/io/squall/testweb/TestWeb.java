package io.squall.testweb;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A local web for tests: an HTTP/1.1 server with keep-alive on raw loopback sockets, serving one
 * {@link Site} per loopback address (127.0.0.2, 127.0.0.3, ...; each its own port), and logging every
 * request with its connection and timing ({@link #log()}). Raw sockets let it drip bytes, hang and drop
 * connections. Bounded: at most {@value #MAX_CONNECTIONS} connections are served at once (more are
 * closed), headers are read up to 16 KiB, the log keeps up to a million requests.
 *
 * <pre>{@code
 * try (TestWeb web = TestWeb.start(3)) {
 *     Site a = web.site(0).robots("User-agent: *\nDisallow: /private").tree(50);
 *     ... crawl a.url("/") ...
 *     assertEquals(1, web.log().maxConcurrency(a.host()));
 * }
 * }</pre>
 */
public final class TestWeb implements AutoCloseable {
    /**
     * What tests that crawl loopback let through Squall's address guard (http.address.allow): the sites'
     * addresses (127.0.0.2 and up) and the tests' own servers on 127.0.0.1.
     */
    public static final String LOOPBACK_RANGE = "127.0.0.0/24";
    static final int MAX_CONNECTIONS = 512;
    private static final int MAX_HEADER_BYTES = 16 * 1024;
    private static final int MAX_BODY_KEPT = 64 * 1024;
    private static final int KEEP_ALIVE_MILLIS = 15_000;
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

    private final List<Site> sites = new ArrayList<>();
    private final List<ServerSocket> listeners = new ArrayList<>();
    private final List<Thread> acceptors = new ArrayList<>();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final RequestLog log = new RequestLog(1_000_000);
    private final AtomicLong connectionIds = new AtomicLong();
    private final ThreadPoolExecutor workers;
    private volatile boolean closed;

    private TestWeb() {
        workers = new ThreadPoolExecutor(0, MAX_CONNECTIONS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "testweb-conn");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts a web of {@code hosts} sites on 127.0.0.2, 127.0.0.3, ... */
    public static TestWeb start(int hosts) {
        if (hosts < 1 || hosts > 250) {
            throw new IllegalArgumentException("hosts must be 1..250, got " + hosts);
        }
        TestWeb web = new TestWeb();
        try {
            for (int i = 0; i < hosts; i++) {
                web.listen(InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (i + 2)}));
            }
        } catch (IOException e) {
            web.close();
            throw new IllegalStateException("test web could not listen on loopback: " + e, e);
        }
        return web;
    }

    /** The i-th site (0-based), on 127.0.0.(i+2). */
    public Site site(int i) {
        return sites.get(i);
    }

    public List<Site> sites() {
        return List.copyOf(sites);
    }

    public RequestLog log() {
        return log;
    }

    private void listen(InetAddress address) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(address, 0), 256);
        listeners.add(server);
        Site site = new Site(address, server.getLocalPort());
        sites.add(site);
        Thread acceptor = new Thread(() -> acceptLoop(server, site), "testweb-accept-" + site.host());
        acceptor.setDaemon(true);
        acceptors.add(acceptor);
        acceptor.start();
    }

    private void acceptLoop(ServerSocket server, Site site) {
        while (!closed) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            long connectionId = connectionIds.incrementAndGet();
            open.add(socket);
            try {
                workers.execute(() -> serve(socket, site, connectionId));
            } catch (RejectedExecutionException e) {
                closeQuietly(socket);
            }
        }
    }

    private void serve(Socket socket, Site site, long connectionId) {
        try (socket) {
            socket.setSoTimeout(KEEP_ALIVE_MILLIS);
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (!closed) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                if (!answer(head, in, out, socket, site, connectionId)) {
                    return;
                }
            }
        } catch (IOException e) {
            // client went away, keep-alive expired or the web is closing: nothing to report
        } finally {
            open.remove(socket);
            log.connectionClosed(connectionId);
        }
    }

    /** Answers one request; returns whether the connection stays open for another. */
    private boolean answer(String head, InputStream in, OutputStream out, Socket socket, Site site,
            long connectionId) throws IOException {
        String[] lines = head.split("\r\n", 2);
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3) {
            out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            return false;
        }
        String method = requestLine[0];
        String path = requestLine[1];
        String headers = lines.length > 1 ? lines[1] : "";
        String body = readBody(in, LoggedRequest.header(headers, "Content-Length"));
        RequestLog.Entry entry = log.start(site.host(), method, path, LoggedRequest.header(headers, "User-Agent"),
                headers, connectionId);
        Response response = site.respond(new Request(method, path, headers, body));
        try {
            switch (response.delivery) {
                case HANG -> {
                    hangUntilClosed(socket, in);
                    return false;
                }
                case DROP -> {
                    socket.setSoLinger(true, 0); // a reset, not a polite close
                    return false;
                }
                case ENDLESS_HEADER_LINE, ENDLESS_HEADER_LINES -> {
                    writeEndlessHeaders(response.delivery == Response.Delivery.ENDLESS_HEADER_LINES, out, entry);
                    return false;
                }
                default -> {
                    sleep(response.delayMillis);
                    boolean keepAlive = !"close".equalsIgnoreCase(LoggedRequest.header(headers, "Connection"));
                    entry.answering(response.status);
                    write(response, method, out, keepAlive, entry);
                    entry.finish(response.status);
                    return keepAlive;
                }
            }
        } finally {
            if (entry.endNanos == Long.MAX_VALUE) {
                entry.finish(response.status);
            }
        }
    }

    /**
     * Writes the answer; the entry's end is taken just before its last bytes go to the socket: the client
     * cannot have the whole answer sooner, however late this thread runs again after the write.
     */
    private void write(Response response, String method, OutputStream out, boolean keepAlive, RequestLog.Entry entry)
            throws IOException {
        StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(response.status).append(' ')
                .append(reason(response.status)).append("\r\n");
        sb.append("Date: ").append(HTTP_DATE.format(ZonedDateTime.now())).append("\r\n");
        response.headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
        sb.append("Content-Length: ").append(response.body.length).append("\r\n");
        sb.append("Connection: ").append(keepAlive ? "keep-alive" : "close").append("\r\n\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (method.equals("HEAD") || response.dripChunk <= 0) {
            entry.lastBytesLeaving();
            out.write(head);
            if (!method.equals("HEAD")) {
                out.write(response.body);
            }
            out.flush();
            return;
        }
        out.write(head);
        out.flush();
        for (int off = 0; off < response.body.length && !closed; off += response.dripChunk) {
            sleep(response.dripIntervalMillis);
            int length = Math.min(response.dripChunk, response.body.length - off);
            if (off + length == response.body.length) {
                entry.lastBytesLeaving();
            }
            out.write(response.body, off, length);
            out.flush();
        }
    }

    /** Writes header bytes until the client closes the connection or the cap is reached; counts them. */
    private void writeEndlessHeaders(boolean manyLines, OutputStream out, RequestLog.Entry entry)
            throws IOException {
        byte[] chunk = (manyLines ? "X-Filler: " + "f".repeat(20) + "\r\n" : "a".repeat(64))
                .repeat(manyLines ? 256 : 128).getBytes(StandardCharsets.ISO_8859_1);
        byte[] start = ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + (manyLines ? "" : "X-Endless: "))
                .getBytes(StandardCharsets.ISO_8859_1);
        out.write(start);
        entry.sentBytes = start.length;
        while (!closed && entry.sentBytes < Response.ENDLESS_HEADER_CAP) {
            out.write(chunk);
            entry.sentBytes += chunk.length;
        }
        out.flush();
    }

    private void hangUntilClosed(Socket socket, InputStream in) throws IOException {
        while (!closed && !socket.isClosed()) {
            try {
                if (in.read() < 0) {
                    return;
                }
            } catch (SocketTimeoutException e) {
                // still open: keep hanging
            }
        }
    }

    /** The request line and headers up to the blank line, or null at the end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(512);
        while (true) {
            int b;
            try {
                b = in.read();
            } catch (SocketTimeoutException | SocketException e) {
                return null;
            }
            if (b < 0) {
                return null;
            }
            buf.write(b);
            if (buf.size() > MAX_HEADER_BYTES) {
                throw new IOException("request head larger than " + MAX_HEADER_BYTES + " bytes");
            }
            if (b == '\n' && endsWithBlankLine(buf)) {
                String head = buf.toString(StandardCharsets.ISO_8859_1);
                return head.substring(0, head.length() - 4);
            }
        }
    }

    private static boolean endsWithBlankLine(ByteArrayOutputStream buf) {
        byte[] bytes = buf.toByteArray();
        int n = bytes.length;
        return n >= 4 && bytes[n - 4] == '\r' && bytes[n - 3] == '\n' && bytes[n - 2] == '\r';
    }

    /** The request's body, its first {@value #MAX_BODY_KEPT} bytes kept (as ISO-8859-1), the rest skipped. */
    private static String readBody(InputStream in, String contentLength) throws IOException {
        if (contentLength == null) {
            return "";
        }
        long n = Long.parseLong(contentLength.trim());
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        while (n > 0) {
            if (kept.size() < MAX_BODY_KEPT) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                kept.write(b);
                n--;
                continue;
            }
            long skipped = in.skip(n);
            if (skipped <= 0) {
                break;
            }
            n -= skipped;
        }
        return kept.toString(StandardCharsets.ISO_8859_1);
    }

    private void sleep(long millis) {
        if (millis <= 0) {
            return;
        }
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!closed) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 301 -> "Moved Permanently";
            case 302 -> "Found";
            case 303 -> "See Other";
            case 304 -> "Not Modified";
            case 307 -> "Temporary Redirect";
            case 308 -> "Permanent Redirect";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 410 -> "Gone";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status " + status;
        };
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** Stops listening, closes every open connection (hanging ones too) and waits for the threads to end. */
    @Override
    public void close() {
        closed = true;
        for (ServerSocket s : listeners) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        open.forEach(TestWeb::closeQuietly);
        workers.shutdownNow();
        try {
            for (Thread t : acceptors) {
                t.join(5_000);
            }
            if (!workers.awaitTermination(5, TimeUnit.SECONDS)) {
                throw new IllegalStateException("test web connections still running after close");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "TestWeb" + sites.stream().map(s -> s.host() + ":" + s.port()).toList()
                .toString().toLowerCase(Locale.ROOT);
    }
}
