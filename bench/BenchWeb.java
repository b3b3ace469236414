import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * The benchmark's local web: HOSTS sites on 127.0.0.2, 127.0.0.3, ... (one port for all), each of PAGES
 * pages of about 10 KB of article-like HTML, linked as a tree from "/" (so every page is within a few
 * links of its site's root) plus links to other pages of the same site and of other sites. Pages are
 * generated on the fly, the same for the same URL. An optional latency is added to every response.
 *
 * Writes the seeds (each site's root) to SEEDS_FILE, then serves until killed; on SIGTERM it writes what
 * it served (requests, bytes, first and last request, busy time, smallest gap between two requests to one
 * host) as JSON to STATS_FILE.
 *
 * Usage: java BenchWeb.java HOSTS PAGES LATENCY_MS SEEDS_FILE STATS_FILE
 */
public class BenchWeb {
    static final String[] WORDS = ("the crawler fetches pages from many hosts while keeping each host polite and its"
            + " frontier in a status index where every url waits until its next fetch date comes a storm topology"
            + " partitions urls by host so that one queue holds all of a host's work and the fetcher threads take"
            + " turns between queues parsing extracts links text and metadata which go back to the index as new"
            + " discoveries or to the content index as documents search engines archives and researchers use such"
            + " crawls to study the web measure change and build collections of pages about a subject").split(" ");

    final int hosts;
    final int pages;
    final int latencyMillis;
    volatile int port;
    final AtomicLong requests = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong busyNanos = new AtomicLong();
    final LongAccumulator firstStart = new LongAccumulator(Math::min, Long.MAX_VALUE);
    final LongAccumulator lastEnd = new LongAccumulator(Math::max, Long.MIN_VALUE);
    final long[] lastStartByHost;
    final long[] minGapByHost;

    BenchWeb(int hosts, int pages, int latencyMillis) {
        this.hosts = hosts;
        this.pages = pages;
        this.latencyMillis = latencyMillis;
        this.lastStartByHost = new long[hosts];
        this.minGapByHost = new long[hosts];
        java.util.Arrays.fill(minGapByHost, Long.MAX_VALUE);
    }

    public static void main(String[] args) throws Exception {
        BenchWeb web = new BenchWeb(Integer.parseInt(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        Path seeds = Path.of(args[3]);
        Path stats = Path.of(args[4]);
        ExecutorService pool = Executors.newFixedThreadPool(128);
        List<String> roots = new ArrayList<>();
        int port = 0;
        for (int h = 0; h < web.hosts; h++) {
            InetAddress address = InetAddress.getByAddress(new byte[] {127, 0, (byte) ((h + 2) / 250), (byte) ((h + 2) % 250)});
            HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 512);
            port = server.getAddress().getPort(); // every host on the same port
            web.port = port;
            int host = h;
            server.createContext("/", exchange -> web.serve(exchange, host));
            server.setExecutor(pool);
            server.start();
            roots.add("http://" + address.getHostAddress() + ":" + port + "/");
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> web.writeStats(stats)));
        Files.write(seeds, roots);
        System.err.println("bench web: " + web.hosts + " hosts x " + web.pages + " pages on port " + port);
        Thread.currentThread().join();
    }

    void serve(HttpExchange exchange, int host) throws IOException {
        long start = System.nanoTime();
        synchronized (this) {
            long last = lastStartByHost[host];
            if (last != 0) {
                minGapByHost[host] = Math.min(minGapByHost[host], start - last);
            }
            lastStartByHost[host] = start;
        }
        firstStart.accumulate(start);
        String path = exchange.getRequestURI().getPath();
        byte[] body;
        int status = 200;
        String type = "text/html; charset=utf-8";
        if (path.equals("/robots.txt")) {
            body = "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8);
            type = "text/plain";
        } else {
            int page = pageOf(path);
            if (page < 0) {
                status = 404;
                body = "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8);
            } else {
                body = page(host, page).getBytes(StandardCharsets.UTF_8);
            }
        }
        if (latencyMillis > 0) {
            try {
                Thread.sleep(latencyMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
        long end = System.nanoTime();
        requests.incrementAndGet();
        bytes.addAndGet(body.length);
        busyNanos.addAndGet(end - start);
        lastEnd.accumulate(end);
    }

    int pageOf(String path) {
        if (path.equals("/")) {
            return 0;
        }
        if (path.startsWith("/p/") && path.endsWith(".html")) {
            try {
                int n = Integer.parseInt(path.substring(3, path.length() - 5));
                return n >= 0 && n < pages ? n : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    String url(int host, int page) {
        return page == 0 ? "/" : "/p/" + page + ".html";
    }

    String page(int host, int page) {
        Random random = new Random(host * 1_000_003L + page);
        StringBuilder s = new StringBuilder(12_000);
        s.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Site ").append(host)
                .append(" - article ").append(page).append("</title>\n<meta name=\"description\" content=\"")
                .append(sentence(random, 20)).append("\">\n</head>\n<body>\n")
                .append("<header><nav><a href=\"/\">Home</a> | <a href=\"/p/1.html\">About</a> | <a href=\"/private/admin\">Admin</a></nav></header>\n")
                .append("<main><article><h1>").append(sentence(random, 6)).append("</h1>\n");
        while (s.length() < 9_000) {
            s.append("<h2>").append(sentence(random, 4)).append("</h2>\n");
            for (int p = 0; p < 3; p++) {
                s.append("<p>").append(sentence(random, 60)).append(" <a href=\"")
                        .append(url(host, random.nextInt(pages))).append("\">").append(sentence(random, 3))
                        .append("</a>.</p>\n");
            }
        }
        s.append("</article>\n<aside><h2>Read next</h2><ul>\n");
        for (int child = page * 10 + 1; child <= page * 10 + 10 && child < pages; child++) {
            s.append("<li><a href=\"").append(url(host, child)).append("\">Article ").append(child).append("</a></li>\n");
        }
        for (int i = 0; i < 2 && hosts > 1; i++) {
            int other = (host + 1 + random.nextInt(hosts - 1)) % hosts;
            s.append("<li><a href=\"http://127.0.").append((other + 2) / 250).append('.').append((other + 2) % 250)
                    .append(':').append(port).append(url(other, random.nextInt(pages))).append("\">Elsewhere</a></li>\n");
        }
        s.append("</ul></aside></main>\n<footer><p>").append(sentence(random, 12)).append("</p></footer>\n</body></html>\n");
        return s.toString();
    }

    static String sentence(Random random, int words) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < words; i++) {
            String w = WORDS[random.nextInt(WORDS.length)];
            s.append(i == 0 ? Character.toUpperCase(w.charAt(0)) + w.substring(1) : " " + w);
        }
        return s.toString();
    }

    void writeStats(Path file) {
        long minGap = Long.MAX_VALUE;
        for (long g : minGapByHost) {
            minGap = Math.min(minGap, g);
        }
        String json = String.format(Locale.ROOT,
                "{\"requests\":%d,\"bytes\":%d,\"firstStartNanos\":%d,\"lastEndNanos\":%d,\"windowSeconds\":%.3f,"
                        + "\"busySeconds\":%.3f,\"minGapMillisSameHost\":%.1f,\"lastEndEpochMillis\":%d}",
                requests.get(), bytes.get(), firstStart.get(), lastEnd.get(),
                (lastEnd.get() - firstStart.get()) / 1e9, busyNanos.get() / 1e9,
                minGap == Long.MAX_VALUE ? -1.0 : minGap / 1e6,
                System.currentTimeMillis() - (System.nanoTime() - lastEnd.get()) / 1_000_000);
        try {
            Files.writeString(file, json + "\n");
        } catch (IOException e) {
            System.err.println("bench web: cannot write " + file + ": " + e);
        }
    }
}
