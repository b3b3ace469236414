package io.squall.render;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.http.Protocol;
import io.squall.metrics.Counters;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A protocol that renders in headless Chromium the pages a {@link RenderRule} selects, and fetches every
 * other URL with the protocol underneath. A selected page is fetched first as any page (conditional, its
 * redirects and errors ending as they always do); an HTML answer is then loaded into a browser of the pool,
 * and its DOM once rendered becomes the page's content, with the answer's status code and headers. The
 * browser's own requests are fetched with the protocol underneath, so the address guard, the limits and the
 * WARC archive see each of them. A render runs within the fetch thread's turn on the host, so the host's
 * politeness covers it as a whole; it has {@code fetcher.render.timeout}, after which its browser is
 * killed and replaced.
 */
public final class RenderingProtocol implements Protocol {
    private static final Logger LOG = LoggerFactory.getLogger(RenderingProtocol.class);
    private static final List<String> HTML_TYPES = List.of("text/html", "application/xhtml+xml");

    /** A browser as the protocol uses it: {@link ChromiumBrowser}, or a stand-in in tests. */
    interface Browser {
        String render(ChromiumBrowser.Render render, long deadlineNanos, long quietMillis) throws FetchException;

        /** Leaves the page rendered, so the browser is ready for the next one. */
        void blank();

        /** Stops the browser at once, whatever it is doing. */
        void kill();

        void close();
    }

    private final Protocol http;
    private final RenderRule rule;
    private final Counters counters;
    private final BrowserPool<Browser> pool;
    private final ExecutorService renders;
    private final long timeoutMillis;
    private final long quietMillis;
    private final int maxRequests;
    private final int contentLimit;

    /**
     * Starts one browser at once, so that a worker that cannot start one fails when it starts.
     *
     * @throws IllegalStateException when no browser starts, in one line that says why
     */
    public RenderingProtocol(Protocol http, RenderRule rule, CrawlerConfig config, Counters counters) {
        this(http, rule, config, counters, chromium(config));
    }

    RenderingProtocol(Protocol http, RenderRule rule, CrawlerConfig config, Counters counters,
            Supplier<Browser> browsers) {
        checkSettings(config);
        this.http = http;
        this.rule = rule;
        this.counters = counters;
        this.timeoutMillis = config.getDuration("fetcher.render.timeout").toMillis();
        this.quietMillis = config.getDuration("fetcher.render.quiet").toMillis();
        this.maxRequests = config.getInt("fetcher.render.max.requests");
        long limit = config.getLong("http.content.limit");
        this.contentLimit = limit < 0 || limit > Integer.MAX_VALUE - 16 ? Integer.MAX_VALUE - 16 : (int) limit;
        int size = config.getInt("fetcher.render.browsers");
        this.pool = new BrowserPool<>(size, browsers, b -> b.close());
        this.renders = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "squall-render");
            t.setDaemon(true);
            return t;
        });
        try {
            Browser first = pool.acquire(0);
            pool.release(first);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting a browser", e);
        } catch (RuntimeException e) {
            close();
            throw new IllegalStateException("fetcher.render.hosts or fetcher.render.urls is set, but no browser"
                    + " starts: " + e.getMessage(), e);
        }
        LOG.info("rendering pages in up to {} browser(s), {} s each at most", size, timeoutMillis / 1000.0);
    }

    /**
     * Checks the rule and the rendering settings, where the crawl starts as well as in each worker.
     *
     * @throws ConfigException naming the key
     */
    public static void checkSettings(CrawlerConfig config) {
        RenderRule.fromConfig(config);
        if (config.getInt("fetcher.render.browsers") < 1) {
            throw new ConfigException("fetcher.render.browsers must be at least 1, got "
                    + config.getInt("fetcher.render.browsers"));
        }
        Duration timeout = config.getDuration("fetcher.render.timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new ConfigException("fetcher.render.timeout must be above 0, got "
                    + config.getString("fetcher.render.timeout"));
        }
        if (config.getDuration("fetcher.render.quiet").isNegative()) {
            throw new ConfigException("fetcher.render.quiet must be 0 or more, got "
                    + config.getString("fetcher.render.quiet"));
        }
        if (config.getInt("fetcher.render.max.requests") < 0) {
            throw new ConfigException("fetcher.render.max.requests must be 0 or more, got "
                    + config.getInt("fetcher.render.max.requests"));
        }
    }

    private static Supplier<Browser> chromium(CrawlerConfig config) {
        Path chromium = Path.of(config.getString("fetcher.render.chromium"));
        Path driver = Path.of(config.getString("fetcher.render.chromedriver"));
        return () -> ChromiumBrowser.start(chromium, driver);
    }

    @Override
    public FetchResponse fetch(String url, Metadata metadata) throws FetchException {
        if (!rule.renders(url)) {
            return http.fetch(url, metadata);
        }
        long start = System.nanoTime();
        FetchResponse page = http.fetch(url, metadata);
        if (page.statusCode() != 200 || !isHtml(page)) {
            return page;
        }
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        String html = render(url, page, deadline);
        byte[] content = html.getBytes(StandardCharsets.UTF_8);
        String trimmed = null;
        if (content.length > contentLimit) {
            content = Arrays.copyOf(content, contentLimit);
            trimmed = "the rendered page is above http.content.limit";
        }
        counters.increment("fetcher.render.pages");
        return new FetchResponse(url, page.statusCode(), renderedHeaders(page), content, page.ip(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), trimmed, null);
    }

    private String render(String url, FetchResponse page, long deadline) throws FetchException {
        Browser browser;
        try {
            browser = pool.acquire(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchException(FetchException.Cause.IO, "interrupted while waiting for a browser", e);
        } catch (RuntimeException e) {
            counters.increment("fetcher.render.failures");
            throw new FetchException(FetchException.Cause.RENDER_CRASHED, "no browser starts: " + e.getMessage(), e);
        }
        if (browser == null) {
            throw new FetchException(FetchException.Cause.RENDER_TIMEOUT,
                    "no browser came free within fetcher.render.timeout", null);
        }
        ChromiumBrowser.Render render = new ChromiumBrowser.Render(url, page, rule, u -> http.fetch(u, null),
                maxRequests);
        Future<String> done = renders.submit(() -> {
            String html = browser.render(render, deadline, quietMillis);
            browser.blank();
            return html;
        });
        try {
            String html = done.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            pool.release(browser);
            return html;
        } catch (TimeoutException e) {
            replace(browser, done);
            throw new FetchException(FetchException.Cause.RENDER_TIMEOUT,
                    "the page did not render within fetcher.render.timeout", e);
        } catch (ExecutionException e) {
            replace(browser, done);
            if (e.getCause() instanceof FetchException f) {
                throw f;
            }
            throw new FetchException(FetchException.Cause.RENDER_CRASHED, "the browser failed: " + e.getCause(),
                    e.getCause());
        } catch (InterruptedException e) {
            replace(browser, done);
            Thread.currentThread().interrupt();
            throw new FetchException(FetchException.Cause.IO, "interrupted while rendering", e);
        } finally {
            counters.add("fetcher.render.requests", render.requests.get());
            counters.add("fetcher.render.refused", render.refused.get());
        }
    }

    /** Kills a browser that hung or failed, and frees its place for a fresh one. */
    private void replace(Browser browser, Future<String> render) {
        counters.increment("fetcher.render.failures");
        browser.kill();
        render.cancel(true);
        pool.discard(browser);
    }

    private static boolean isHtml(FetchResponse page) {
        String type = page.header("Content-Type");
        if (type == null) {
            return true;
        }
        String mime = type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return HTML_TYPES.contains(mime);
    }

    /** The answer's headers, with the rendered content's type (its DOM, serialized in UTF-8). */
    private static Map<String, List<String>> renderedHeaders(FetchResponse page) {
        Map<String, List<String>> headers = new LinkedHashMap<>(page.headers());
        headers.remove("content-length");
        headers.put("content-type", List.of("text/html; charset=UTF-8"));
        return headers;
    }

    /** Browsers started so far, for tests: a browser replaced after a failure counts again. */
    int browsersStarted() {
        return pool.started();
    }

    @Override
    public void close() {
        pool.close();
        renders.shutdownNow();
        http.close();
    }
}
