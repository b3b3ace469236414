package io.squall.testweb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TestWebTest {

    private static int get(String url, StringBuilder body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
        c.setInstanceFollowRedirects(false);
        c.setReadTimeout(5_000);
        int status = c.getResponseCode();
        try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
            if (in != null && body != null) {
                body.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return status;
    }

    @Test
    void servesDeclaredResponsesPerHostAndLogsThem() throws Exception {
        try (TestWeb web = TestWeb.start(2)) {
            Site a = web.site(0).page("/", "/a", "/b").redirect("/old", 301, "/new").status("/gone", 410);
            Site b = web.site(1).on("/flaky", Response.failThenRecover(2, Response.status(503), Response.html("ok")));
            assertNotEquals(a.host(), b.host());
            StringBuilder body = new StringBuilder();
            assertEquals(200, get(a.url("/"), body));
            assertTrue(body.toString().contains("href=\"/a\""), body.toString());
            assertEquals(301, get(a.url("/old"), null));
            assertEquals(410, get(a.url("/gone"), null));
            assertEquals(404, get(a.url("/nothing"), null));
            assertEquals(404, get(b.url("/"), null), "sites do not share routes");
            assertEquals(List.of(503, 503, 200, 200),
                    List.of(get(b.url("/flaky"), null), get(b.url("/flaky"), null), get(b.url("/flaky"), null),
                            get(b.url("/flaky"), null)));
            assertEquals(4, web.log().forHost(a.host()).size());
            assertEquals(4, web.log().count(b.host(), "/flaky"));
            assertEquals(1, web.log().maxConcurrency(a.host()), "sequential requests never overlap");
            assertTrue(web.log().minGapNanos(a.host()) >= 0);
        }
    }

    @Test
    void anAnswersLoggedEndIsNeverAfterTheClientHasReadIt() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site a = web.site(0).page("/", "/a").on("/slow", Response.html("<p>slow</p>").drip(4, 5));
            for (int i = 0; i < 20; i++) {
                String path = i % 2 == 0 ? "/" : "/slow";
                get(a.url(path), new StringBuilder());
                long read = System.nanoTime();
                List<LoggedRequest> requests = web.log().forHost(a.host());
                LoggedRequest last = requests.get(requests.size() - 1);
                // A gap the server measures is then never shorter than the client's own.
                assertTrue(last.endNanos() <= read, path + " ended " + (last.endNanos() - read) + " ns after it was read");
                assertTrue(last.endNanos() >= last.startNanos(), path);
            }
        }
    }

    @Test
    void measuresConcurrencyAndClosesHangingConnections() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (TestWeb web = TestWeb.start(1)) {
            Site a = web.site(0).on("/slow", Response.html("slow").delay(300)).on("/hang", Response.hang());
            Future<Integer> f1 = pool.submit(() -> get(a.url("/slow"), null));
            Future<Integer> f2 = pool.submit(() -> get(a.url("/slow"), null));
            pool.submit(() -> get(a.url("/hang"), null));
            assertEquals(200, f1.get(5, TimeUnit.SECONDS));
            assertEquals(200, f2.get(5, TimeUnit.SECONDS));
            assertTrue(web.log().maxConcurrency(a.host()) >= 2, "two slow requests at once overlap");
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(5, TimeUnit.SECONDS), "closing the web ends the hanging request");
        }
    }
}
