package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.ErrorCauses;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.Browsers;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * A crawl (the squall command, local mode) of a site whose pages are rendered in Chromium
 * ({@code fetcher.render.hosts}): the text and the link a same-host script builds are indexed and followed,
 * the script of another host the page asks for is never requested from it, a page whose script loops forever
 * ends FETCH_ERROR with render.timeout while the crawl goes on, and the host never has two requests at once.
 * The WARC files hold what the browser was given (the page and its script as fetched).
 * Skipped without Chromium, except in CI.
 */
@ExtendWith(OpenSearchExtension.class)
class RenderedPagesIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(4);

    @TempDir
    Path dir;

    @Test
    void scriptBuiltPagesAreIndexedOtherHostsAreNotAskedAndAHangingPageEndsWithItsCause(TestOpenSearch os)
            throws Exception {
        Browsers.require("the rendered pages' end-to-end test");
        try (TestWeb web = TestWeb.start(2)) {
            Site a = web.site(0);
            Site other = web.site(1);
            a.page("/", "/app", "/hang", "/static");
            a.on("/app", Response.html("""
                    <!DOCTYPE html><html><head><title>App</title><script src="/app.js"></script>
                    <script src="%s"></script></head><body><div id="app"></div></body></html>
                    """.formatted(other.url("/tracker.js"))));
            a.on("/app.js", Response.status(200).contentType("text/javascript").body("""
                    document.addEventListener('DOMContentLoaded', function () {
                      var app = document.getElementById('app');
                      app.innerHTML = '<p>Text a script wrote</p><a href="/built-link">built</a>';
                    });
                    """));
            a.page("/built-link");
            a.page("/static");
            a.on("/hang", Response.html("<html><body><p>Never rendered</p><script>for (;;) {}</script></body></html>"));
            other.on("/tracker.js", Response.status(200).contentType("text/javascript").body("var tracked = 1;"));

            Path conf = ScopedCrawlConf.write(dir, os, List.of(a.host()),
                    "fetcher.render.hosts: [\"" + a.host() + "\"]", "fetcher.render.timeout: 6.0",
                    "fetcher.render.chromium: \"" + Browsers.CHROMIUM + "\"",
                    "fetcher.render.chromedriver: \"" + Browsers.CHROMEDRIVER + "\"");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf", conf.toString(), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0");
            assertEquals(0, run.exitCode(), run.stderr());

            Map<String, String> statuses = os.statusByUrl();
            Map<String, String> expected = new TreeMap<>(Map.of(a.url("/"), "FETCHED", a.url("/app"), "FETCHED",
                    a.url("/static"), "FETCHED", a.url("/built-link"), "FETCHED", a.url("/hang"), "FETCH_ERROR"));
            assertEquals(expected, statuses, "the link the script built was followed; the crawl went on");

            Metadata hang = TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(a.url("/hang"))));
            assertEquals(ErrorCauses.RENDER_TIMEOUT, hang.getFirst(MetadataKeys.ERROR_CAUSE), hang.toString());

            Map<String, Object> app = os.documents(SquallIndex.CONTENT).stream()
                    .filter(d -> a.url("/app").equals(d.get("url"))).findFirst().orElseThrow();
            assertTrue(String.valueOf(app.get("text")).contains("Text a script wrote"), app.toString());

            assertEquals(0, other.served("/tracker.js"), "another host's script is refused, never requested");
            assertEquals(0, web.log().forHost(other.host()).size());
            assertEquals(1, a.served("/app.js"));
            assertEquals(1, web.log().maxConcurrency(a.host()), "one request at a time on the host, renders included");

            List<String> archived = archivedResponses(dir.resolve("data").resolve("warc"));
            assertTrue(archived.containsAll(List.of(a.url("/app"), a.url("/app.js"))),
                    "the page and the script the browser was given, as fetched: " + archived);
            assertTrue(archived.stream().noneMatch(u -> u.startsWith(other.url("/"))), archived.toString());
        }
    }

    /** The target URIs of the response records in the WARC files. */
    private static List<String> archivedResponses(Path warcDir) throws IOException {
        List<String> uris = new ArrayList<>();
        try (Stream<Path> files = Files.list(warcDir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".warc.gz")).toList()) {
                try (WarcReader reader = new WarcReader(file)) {
                    for (WarcRecord r : reader) {
                        if (r instanceof WarcResponse response) {
                            uris.add(response.target());
                        }
                    }
                }
            }
        }
        return uris;
    }
}
