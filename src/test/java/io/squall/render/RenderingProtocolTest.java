package io.squall.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.testsupport.FetchTestConfig;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.http.HttpProtocol;
import io.squall.metrics.CounterTally;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rendering protocol's choices with a stand-in browser (real HTTP on loopback): what is rendered, what is
 * passed through, and what becomes of a browser that hangs or fails. {@link RenderingProtocolChromiumTest}
 * renders in Chromium itself.
 */
class RenderingProtocolTest {
    private static TestWeb web;
    private static Site site;

    /** A browser that answers with a script, and remembers whether it was killed or closed. */
    private static final class StandIn implements RenderingProtocol.Browser {
        interface Script {
            String render(ChromiumBrowser.Render render) throws FetchException, InterruptedException;
        }

        final Script script;
        final List<String> rendered = new ArrayList<>();
        volatile boolean killed;
        volatile boolean closed;

        StandIn(Script script) {
            this.script = script;
        }

        @Override
        public String render(ChromiumBrowser.Render render, long deadlineNanos, long quietMillis)
                throws FetchException {
            rendered.add(render.pageUrl);
            try {
                return script.render(render);
            } catch (InterruptedException e) {
                throw new FetchException(FetchException.Cause.IO, "interrupted", e);
            }
        }

        @Override
        public void blank() {
        }

        @Override
        public void kill() {
            killed = true;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @BeforeAll
    static void start() {
        web = TestWeb.start(1);
        site = web.site(0);
        site.on("/app", Response.html("<html><body><div id=app></div></body></html>"));
        site.on("/hang", Response.html("<html><body>hangs</body></html>"));
        site.on("/crash", Response.html("<html><body>crashes</body></html>"));
        site.redirect("/moved", 301, "/app");
        site.on("/data.json", Response.status(200).contentType("application/json").body("{}"));
        site.page("/plain");
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    private static CrawlerConfig config(Object... more) {
        List<Object> kv = new ArrayList<>(List.of("fetcher.render.urls", List.of("/app", "/hang", "/crash",
                "/moved", "/data.json"), "fetcher.render.timeout", 30.0));
        kv.addAll(List.of(more));
        return FetchTestConfig.with(kv.toArray());
    }

    private static RenderingProtocol protocol(CrawlerConfig config, CounterTally counters,
            Supplier<RenderingProtocol.Browser> browsers) {
        return new RenderingProtocol(new HttpProtocol(config), RenderRule.fromConfig(config), config, counters,
                browsers);
    }

    @Test
    void aSelectedHtmlPageIsRenderedAndItsDomBecomesTheContentInUtf8() throws Exception {
        StandIn browser = new StandIn(r -> "<html><body><div id=app>Café built by a script</div></body></html>");
        CounterTally counters = new CounterTally();
        try (RenderingProtocol p = protocol(config(), counters, () -> browser)) {
            FetchResponse r = p.fetch(site.url("/app"), null);
            assertEquals(200, r.statusCode());
            assertEquals("<html><body><div id=app>Café built by a script</div></body></html>",
                    new String(r.content(), StandardCharsets.UTF_8));
            assertEquals("text/html; charset=UTF-8", r.header("Content-Type"));
            assertEquals(List.of(site.url("/app")), browser.rendered);
            assertEquals(1, counters.get("fetcher.render.pages"));

            for (String path : List.of("/plain", "/moved", "/data.json")) {
                FetchResponse passed = p.fetch(site.url(path), null);
                assertTrue(passed.wire() != null, path + " is the answer as fetched");
            }
            assertEquals(301, p.fetch(site.url("/moved"), null).statusCode(), "a redirect ends as it always does");
            assertEquals(List.of(site.url("/app")), browser.rendered,
                    "not selected, a redirect, not HTML: none rendered");
        }
    }

    @Test
    void aRenderedPageAboveTheContentLimitIsTrimmedAndSaysSo() throws Exception {
        StandIn browser = new StandIn(r -> "<html><body>" + "x".repeat(5000) + "</body></html>");
        try (RenderingProtocol p = protocol(config("http.content.limit", 1000), new CounterTally(),
                () -> browser)) {
            FetchResponse r = p.fetch(site.url("/app"), null);
            assertEquals(1000, r.content().length);
            assertTrue(r.trimmed());
        }
    }

    @Test
    void aHungBrowserIsKilledItsPageEndsWithRenderTimeoutAndAFreshBrowserRendersTheNext() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        List<StandIn> started = new ArrayList<>();
        Supplier<RenderingProtocol.Browser> browsers = () -> {
            StandIn b = new StandIn(r -> {
                if (r.pageUrl.endsWith("/hang")) {
                    never.await();
                }
                return "<html>rendered</html>";
            });
            started.add(b);
            return b;
        };
        CounterTally counters = new CounterTally();
        // Short, as it is what the hang lasts; the page's own fetch (within it) is made first so that it is quick.
        try (RenderingProtocol p = protocol(config("fetcher.render.timeout", 3.0), counters, browsers)) {
            p.fetch(site.url("/plain"), null);
            FetchException e = assertThrows(FetchException.class, () -> p.fetch(site.url("/hang"), null));
            assertEquals(FetchException.Cause.RENDER_TIMEOUT, e.cause());
            assertTrue(started.get(0).killed && started.get(0).closed, "the hung browser is killed");
            assertEquals("<html>rendered</html>",
                    new String(p.fetch(site.url("/app"), null).content(), StandardCharsets.UTF_8));
            assertEquals(2, started.size(), "a fresh browser took its place");
            assertEquals(1, counters.get("fetcher.render.failures"));
        }
    }

    @Test
    void aFailingBrowserEndsItsPageWithRenderCrashedAndIsReplaced() throws Exception {
        List<StandIn> started = new ArrayList<>();
        Supplier<RenderingProtocol.Browser> browsers = () -> {
            StandIn b = new StandIn(r -> {
                if (r.pageUrl.endsWith("/crash")) {
                    throw new FetchException(FetchException.Cause.RENDER_CRASHED, "tab crashed", null);
                }
                return "<html>rendered</html>";
            });
            started.add(b);
            return b;
        };
        try (RenderingProtocol p = protocol(config(), new CounterTally(), browsers)) {
            FetchException e = assertThrows(FetchException.class, () -> p.fetch(site.url("/crash"), null));
            assertEquals(FetchException.Cause.RENDER_CRASHED, e.cause());
            assertTrue(started.get(0).killed);
            p.fetch(site.url("/app"), null);
            assertEquals(2, started.size());
            assertFalse(started.get(1).killed);
        }
    }

    @Test
    void withoutABrowserTheProtocolDoesNotStartAndSaysWhyInOneLine() {
        CrawlerConfig config = config("fetcher.render.chromium", "/nonexistent/chromium");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new RenderingProtocol(new HttpProtocol(config), RenderRule.fromConfig(config), config,
                        new CounterTally()));
        assertTrue(e.getMessage().startsWith("fetcher.render.hosts or fetcher.render.urls is set, but no browser"
                + " starts: /nonexistent/chromium is not an executable file"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
