package io.squall.bench.recrawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class WebServerTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesPagesRobotsAndNotModifiedOnTheConditionalHosts() throws Exception {
        GeneratedWeb web = new GeneratedWeb(2, 6);
        try (WebServer server = WebServer.start(web)) {
            HttpResponse<String> robots = get("http://127.0.1.2:" + server.port() + "/robots.txt", null);
            assertEquals("User-agent: *\nAllow: /\n", robots.body());

            HttpResponse<String> page = get(web.url(0, server.port()), null);
            assertEquals(200, page.statusCode());
            String etag = page.headers().firstValue("ETag").orElseThrow();
            assertTrue(page.headers().firstValue("Last-Modified").isPresent());
            assertTrue(page.body().contains("<main>"));
            assertEquals(304, get(web.url(0, server.port()), etag).statusCode());

            HttpResponse<String> unconditional = get(web.url(1, server.port()), "\"v1\"");
            assertEquals(200, unconditional.statusCode());
            assertTrue(unconditional.headers().firstValue("ETag").isEmpty());

            assertEquals(404, get("http://127.0.1.1:" + server.port() + "/p/3.html", null).statusCode());
            assertEquals(3, server.pages());
            assertEquals(1, server.notModified());
        }
    }

    private HttpResponse<String> get(String url, String ifNoneMatch) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
