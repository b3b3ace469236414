package io.squall.testweb;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One host of the test web: a loopback address of its own (127.0.0.2, 127.0.0.3, ...) and a port, with
 * the responses it serves per path. Paths are matched with their query first, then without it; anything
 * undeclared gets a 404. Declarations may change while a test runs.
 */
public final class Site {
    private final InetAddress address;
    private final int port;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    // Pages made on request, by path prefix: answered where no route of the exact path is declared.
    private final Map<String, Function<String, Response>> generated = new ConcurrentHashMap<>();
    private volatile long answerDelayMillis;
    private volatile Function<Request, Response> handler = request -> null;

    /** The responses of one path and how many requests it has answered. */
    private static final class Route {
        final List<Response> responses;
        final AtomicInteger served = new AtomicInteger();

        Route(List<Response> responses) {
            if (responses.isEmpty()) {
                throw new IllegalArgumentException("a route needs at least one response");
            }
            this.responses = List.copyOf(responses);
        }

        Response next() {
            int n = served.getAndIncrement();
            return responses.get(Math.min(n, responses.size() - 1));
        }
    }

    Site(InetAddress address, int port) {
        this.address = address;
        this.port = port;
    }

    /** The host part of this site's URLs, e.g. "127.0.0.2". */
    public String host() {
        return address.getHostAddress();
    }

    public int port() {
        return port;
    }

    /** The absolute URL of a path on this site ("/a/b?c"). */
    public String url(String path) {
        return "http://" + host() + ":" + port + (path.startsWith("/") ? path : "/" + path);
    }

    /** Serves the response at that path (exact, with its query if it has one). */
    public Site on(String path, Response response) {
        routes.put(path, new Route(List.of(response)));
        return this;
    }

    /** Serves the responses in turn; the last one answers every later request. */
    public Site on(String path, List<Response> responses) {
        routes.put(path, new Route(responses));
        return this;
    }

    /**
     * Makes every answer of this site (robots.txt and 404s included) wait at least this long before its status
     * line, as a slow server's would.
     */
    public Site answerAfter(long millis) {
        this.answerDelayMillis = millis;
        return this;
    }

    /** An HTML page with links (relative to this site or absolute). */
    public Site page(String path, String... links) {
        return on(path, Response.page(path, links));
    }

    public Site robots(String robotsTxt) {
        return on("/robots.txt", Response.text(robotsTxt));
    }

    public Site redirect(String path, int status, String location) {
        return on(path, Response.redirect(status, location));
    }

    public Site status(String path, int status) {
        return on(path, Response.status(status));
    }

    /** A sitemap (XML urlset) listing the given absolute URLs. */
    public Site sitemap(String path, String... urls) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (String u : urls) {
            sb.append("  <url><loc>").append(u).append("</loc></url>\n");
        }
        sb.append("</urlset>\n");
        return on(path, Response.status(200).contentType("application/xml").body(sb.toString()));
    }

    /**
     * {@code count} pages shaped as a binary tree: "/" is page 0 and page i links to pages 2i+1 and 2i+2,
     * at {@code /page/<i>}; every page is reachable from "/" in at most log2(count) hops.
     */
    public Site tree(int count) {
        for (int i = 0; i < count; i++) {
            String path = i == 0 ? "/" : "/page/" + i;
            int left = 2 * i + 1;
            int right = 2 * i + 2;
            if (right < count) {
                page(path, "/page/" + left, "/page/" + right);
            } else if (left < count) {
                page(path, "/page/" + left);
            } else {
                page(path);
            }
        }
        return this;
    }

    /**
     * Pages made on request under {@code prefix}: the page {@code <prefix><name>} links to between
     * {@code minLinks} and {@code maxLinks} pages {@code <prefix><name>-<i>} (how many depends on the name),
     * each of them new, so that a crawl of the site discovers URLs far faster than it fetches them.
     */
    public Site linkFarm(String prefix, int minLinks, int maxLinks) {
        generated.put(prefix, path -> {
            String name = path.substring(prefix.length());
            int links = minLinks + Math.floorMod(name.hashCode(), maxLinks - minLinks + 1);
            String[] hrefs = new String[links];
            for (int i = 0; i < links; i++) {
                hrefs[i] = prefix + name + "-" + i;
            }
            return Response.page(path, hrefs);
        });
        return this;
    }

    /**
     * Answers every request the handler answers (non-null), before the declared paths: for sites that look at
     * the request itself (its cookies, its credentials, a form's body).
     */
    public Site handle(Function<Request, Response> requestHandler) {
        this.handler = requestHandler;
        return this;
    }

    /** How many requests this path has answered (as declared: with its query if it has one). */
    public int served(String path) {
        Route r = routes.get(path);
        return r == null ? 0 : r.served.get();
    }

    Response respond(Request request) {
        Response handled = handler.apply(request);
        Response response = handled != null ? handled : declared(request.path());
        long delay = answerDelayMillis;
        return delay > response.delayMillis ? response.delay(delay) : response;
    }

    private Response declared(String pathWithQuery) {
        Route route = routes.get(pathWithQuery);
        if (route == null) {
            int q = pathWithQuery.indexOf('?');
            if (q >= 0) {
                route = routes.get(pathWithQuery.substring(0, q));
            }
        }
        if (route == null) {
            for (Map.Entry<String, Function<String, Response>> g : generated.entrySet()) {
                if (pathWithQuery.startsWith(g.getKey())) {
                    return g.getValue().apply(pathWithQuery);
                }
            }
        }
        return route == null ? Response.status(404).contentType("text/html").body("<h1>Not found</h1>")
                : route.next();
    }
}
