package io.squall.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.testsupport.FetchTestConfig;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.http.HttpProtocol;
import io.squall.metrics.CounterTally;
import io.squall.testsupport.Browsers;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pages rendered in Debian's Chromium against a test web: what a script builds is in the content, the
 * browser's requests reach only what the rule and the address guard let through (the other servers' request
 * logs show it; a WebSocket and a POST are refused too), and a page that hangs the browser ends with
 * render.timeout and one whose browser died with render.crashed, the browser replaced, the next page rendered.
 * Skipped without Chromium, except in CI.
 */
class RenderingProtocolChromiumTest {
    private static TestWeb web;
    private static Site page;
    private static Site allowed;
    private static Site guarded;
    private static Site other;
    private static HttpProtocol http;
    private static RenderingProtocol protocol;
    private static final CounterTally COUNTERS = new CounterTally();

    @BeforeAll
    static void start() {
        Browsers.require("the rendering tests");
        web = TestWeb.start(4);
        page = web.site(0);
        allowed = web.site(1);
        guarded = web.site(2);
        other = web.site(3);
        page.on("/", Response.html("""
                <!DOCTYPE html><html><head><title>App</title>
                <script src="/app.js"></script>
                <script src="%s"></script>
                <script src="%s"></script>
                <script src="%s"></script>
                </head><body><div id="built"></div><div id="fetched"></div><div id="extra"></div>
                <img src="/picture.png"></body></html>
                """.formatted(allowed.url("/extra.js"), guarded.url("/guarded.js"), other.url("/other.js"))));
        page.on("/app.js", Response.status(200).contentType("text/javascript").body("""
                document.addEventListener('DOMContentLoaded', function () {
                  try { new WebSocket('ws://%s/socket'); } catch (e) { }
                  navigator.sendBeacon('%s', 'a POST, never sent');
                  document.getElementById('built').textContent = 'Written by a script';
                  fetch('/data.json').then(function (r) { return r.json(); }).then(function (d) {
                    document.getElementById('fetched').textContent = d.text;
                  });
                });
                """.formatted(other.host() + ":" + other.port(), page.url("/beacon"))));
        page.on("/data.json", Response.status(200).contentType("application/json")
                .body("{\"text\": \"Fetched after the load\"}"));
        page.on("/picture.png", Response.status(200).contentType("image/png").body(new byte[16]));
        page.on("/hang", Response.html("<html><body><p>Never</p><script>for (;;) {}</script></body></html>"));
        page.on("/data.csv", Response.status(200).contentType("text/csv").body("a,b\n"));
        allowed.on("/extra.js", Response.status(200).contentType("text/javascript").body("""
                document.addEventListener('DOMContentLoaded', function () {
                  document.getElementById('extra').textContent = 'From an allowed host';
                });
                """));
        for (Site s : List.of(guarded, other)) {
            s.on(s == guarded ? "/guarded.js" : "/other.js", Response.status(200).contentType("text/javascript")
                    .body("document.title = 'should never run';"));
        }
        // The guard lets through the page's host and the allowed one only; the rule lets through a host the
        // guard refuses, so that both refusals are seen.
        var config = FetchTestConfig.with("http.address.allow", List.of(page.host() + "/32", allowed.host() + "/32"),
                "fetcher.render.hosts", List.of(page.host()),
                "fetcher.render.allow.hosts", List.of(allowed.host(), guarded.host()),
                // Long enough for a browser to start and render on a loaded 2-core machine (6 s was not, at a load
                // average of 16); the hanging page waits it out once.
                "fetcher.render.timeout", 15.0,
                "fetcher.render.chromium", Browsers.CHROMIUM.toString(),
                "fetcher.render.chromedriver", Browsers.CHROMEDRIVER.toString());
        http = new HttpProtocol(config);
        protocol = new RenderingProtocol(http, RenderRule.fromConfig(config), config, COUNTERS);
    }

    @AfterAll
    static void stop() {
        if (protocol != null) {
            protocol.close();
        }
        if (web != null) {
            web.close();
        }
    }

    @Test
    void theContentIsTheDomTheScriptsBuiltFromWhatTheRuleAndTheGuardLetThrough() throws Exception {
        long pageRequests = web.log().count(page.host(), "/");
        long extraRequests = web.log().count(allowed.host(), "/extra.js");
        FetchResponse r = protocol.fetch(page.url("/"), null);
        String html = new String(r.content(), StandardCharsets.UTF_8);
        assertEquals(200, r.statusCode());
        assertEquals("text/html; charset=UTF-8", r.header("Content-Type"));
        assertTrue(html.contains("Written by a script"), html);
        assertTrue(html.contains("Fetched after the load"), "an XHR answered after the load: " + html);
        assertTrue(html.contains("From an allowed host"), html);
        assertTrue(html.contains("<title>App</title>"), "no script of a refused host ran: " + html);
        assertEquals(extraRequests + 1, web.log().count(allowed.host(), "/extra.js"));
        assertEquals(0, web.log().forHost(guarded.host()).size(), "the address guard refused it");
        assertEquals(0, web.log().forHost(other.host()).size(),
                "another host, not allowed by the rule, nor its WebSocket");
        assertEquals(0, web.log().count(page.host(), "/beacon"), "a POST is refused");
        assertEquals(0, web.log().count(page.host(), "/picture.png"), "images are blocked");
        assertEquals(pageRequests + 1, web.log().count(page.host(), "/"), "the page itself is fetched once, by Squall");
    }

    @Test
    void aPageThatHangsTheBrowserEndsWithRenderTimeoutAndTheNextPageRendersInAFreshBrowser() throws Exception {
        int before = protocol.browsersStarted();
        FetchException e = assertThrows(FetchException.class, () -> protocol.fetch(page.url("/hang"), null));
        assertEquals(FetchException.Cause.RENDER_TIMEOUT, e.cause(), e.getMessage());
        FetchResponse next = protocol.fetch(page.url("/"), null);
        assertTrue(new String(next.content(), StandardCharsets.UTF_8).contains("Written by a script"));
        assertEquals(before + 1, protocol.browsersStarted(), "the hung browser was replaced");
    }

    @Test
    void aBrowserThatDiedEndsItsNextPageWithRenderCrashedAndIsReplaced() throws Exception {
        protocol.fetch(page.url("/"), null); // a browser is up
        int before = protocol.browsersStarted();
        List<ProcessHandle> chromium = ProcessHandle.current().descendants()
                .filter(p -> p.info().command().orElse("").contains("chromium")
                        && !p.info().command().orElse("").contains("chromedriver"))
                .toList();
        assertFalse(chromium.isEmpty(), "Chromium runs under this JVM");
        chromium.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : chromium) {
            while (!dead(p.pid())) {
                Thread.onSpinWait();
            }
        }
        FetchException e = assertThrows(FetchException.class, () -> protocol.fetch(page.url("/"), null));
        assertEquals(FetchException.Cause.RENDER_CRASHED, e.cause(), e.getMessage());
        FetchResponse next = protocol.fetch(page.url("/"), null);
        assertTrue(new String(next.content(), StandardCharsets.UTF_8).contains("Written by a script"));
        assertEquals(before + 1, protocol.browsersStarted(), "the dead browser was replaced");
    }

    /** Gone, or a zombie its parent has not reaped yet (which ProcessHandle still counts alive). */
    private static boolean dead(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return true;
        }
    }

    @Test
    void anAnswerThatIsNotHtmlIsNotRendered() throws Exception {
        FetchResponse r = protocol.fetch(page.url("/data.csv"), null);
        assertEquals("a,b\n", new String(r.content(), StandardCharsets.UTF_8));
        assertEquals("text/csv", r.header("Content-Type"));
        assertFalse(r.wire() == null, "the answer as fetched, not a render");
    }
}
