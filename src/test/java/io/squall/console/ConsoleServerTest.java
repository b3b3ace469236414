package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The console over real HTTP on loopback, in front of a crawl that only records what it was asked. */
class ConsoleServerTest {
    private final HttpClient http = HttpClient.newHttpClient();
    private final RecordingCrawl crawl = new RecordingCrawl();
    private ConsoleServer console;

    @BeforeEach
    void start() throws IOException {
        console = ConsoleServer.start(0, crawl);
    }

    @AfterEach
    void stop() {
        console.close();
    }

    @Test
    void servesThePageAndTheProgressAsJson() throws Exception {
        HttpResponse<String> page = get("/");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(page.body().contains("<title>Squall console</title>"), page.body());
        assertTrue(page.body().contains("<script src=\"console.js\"></script>"), "the script comes from the console");
        HttpResponse<String> script = get("/console.js");
        assertEquals(200, script.statusCode());
        assertTrue(script.headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"));
        assertTrue(script.body().contains("api/progress"), "the script reads the progress");
        assertEquals(200, get("/console.css").statusCode());

        synchronized (crawl) {
            crawl.progress.put("fetched", 1234);
        }
        HttpResponse<String> progress = get("/api/progress");
        assertEquals(200, progress.statusCode());
        assertEquals("application/json", progress.headers().firstValue("Content-Type").orElse(""));
        JsonNode json = new ObjectMapper().readTree(progress.body());
        assertEquals("running", json.get("state").asText());
        assertEquals(1234, json.get("fetched").asLong());
    }

    @Test
    void actionsReachTheCrawlAndARefusedOneIsAConflict() throws Exception {
        HttpResponse<String> pause = post("/api/pause", true);
        assertEquals(200, pause.statusCode());
        assertEquals("paused", new ObjectMapper().readTree(pause.body()).get("state").asText());
        assertEquals(409, post("/api/pause", true).statusCode(), "already paused");
        assertEquals(200, post("/api/resume", true).statusCode());
        assertEquals(200, post("/api/stop", true).statusCode());
        assertEquals(List.of("pause", "pause", "resume", "stop"), crawl.calls);
    }

    @Test
    void actionsNeedPostAndTheConsoleHeaderSoThatOtherSitesCannotTriggerThem() throws Exception {
        HttpResponse<String> withoutHeader = post("/api/stop", false);
        assertEquals(403, withoutHeader.statusCode());
        HttpResponse<String> byGet = get("/api/stop");
        assertEquals(405, byGet.statusCode());
        assertEquals("POST", byGet.headers().firstValue("Allow").orElse(""));
        assertEquals(405, post("/api/progress", true).statusCode());
        assertEquals(404, get("/api/nothing").statusCode());
        assertEquals(List.of(), crawl.calls);
    }

    @Test
    void aRequestNamingAnotherHostIsRefused() throws Exception {
        int port = console.address().getPort();
        // A DNS-rebinding page reaches 127.0.0.1 under a name of its own, which it sends as the Host.
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/progress HTTP/1.1\r\nHost: attacker.example:" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 403"), answer);
        }
        assertEquals(200, http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/progress"))
                .build(), HttpResponse.BodyHandlers.ofString()).statusCode(), "localhost is the console too");
    }

    @Test
    void everyAnswerForbidsFramingAndAnyScriptOrStyleFromElsewhere() throws Exception {
        for (String path : List.of("/", "/console.js", "/api/progress", "/api/nothing")) {
            HttpResponse<String> answer = get(path);
            assertEquals("DENY", answer.headers().firstValue("X-Frame-Options").orElse(""), path);
            String csp = answer.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(csp.contains("frame-ancestors 'none'"), path + ": " + csp);
            assertTrue(csp.contains("script-src 'self'"), path + ": " + csp);
            assertEquals("nosniff", answer.headers().firstValue("X-Content-Type-Options").orElse(""), path);
        }
        HttpResponse<String> refused = post("/api/stop", false);
        assertEquals("DENY", refused.headers().firstValue("X-Frame-Options").orElse(""), "a refusal too");
    }

    @Test
    void seedsArePostedWithTheConsoleHeaderAndTheirReportComesBack() throws Exception {
        HttpResponse<String> withoutHeader = post("/api/seeds", false, "http://a.example/\n");
        assertEquals(403, withoutHeader.statusCode());
        assertEquals(405, get("/api/seeds").statusCode());
        assertEquals(400, post("/api/seeds", true, "  \n").statusCode(), "no seed");
        assertEquals(List.of(), crawl.seeds);

        HttpResponse<String> added = post("/api/seeds", true, "http://a.example/\n\nhttp://b.example/x\n");
        assertEquals(200, added.statusCode());
        assertEquals(List.of("http://a.example/", "http://b.example/x"), crawl.seeds);
        assertEquals(2, new ObjectMapper().readTree(added.body()).get("added").asInt());

        HttpResponse<String> tooBig = post("/api/seeds", true, "x".repeat(ConsoleServer.MAX_BODY + 1));
        assertEquals(413, tooBig.statusCode());
    }

    @Test
    void aLookupTakesTheUrlAsAQueryParameter() throws Exception {
        HttpResponse<String> answer = get("/api/url?url=" + java.net.URLEncoder.encode("http://a.example/?q=1&r=2",
                StandardCharsets.UTF_8));
        assertEquals(200, answer.statusCode());
        assertEquals("http://a.example/?q=1&r=2", new ObjectMapper().readTree(answer.body()).get("input").asText());
        assertEquals(400, get("/api/url").statusCode(), "no URL given");
        assertEquals(400, get("/api/url?url=" + RecordingCrawl.NOT_READY).statusCode(), "the crawl says it cannot yet");
    }

    @Test
    void aConsoleThatCannotSteerItsCrawlRefusesTheActions() throws Exception {
        crawl.steerable = false;
        HttpResponse<String> pause = post("/api/pause", true);
        assertEquals(409, pause.statusCode());
        assertTrue(new ObjectMapper().readTree(pause.body()).get("error").asText().contains("runs elsewhere"));
        assertEquals(List.of(), crawl.calls);
    }

    @Test
    void queryParametersAreDecoded() {
        assertEquals("http://x/?a=1&b", ConsoleServer.queryParameter("z=1&url=http%3A%2F%2Fx%2F%3Fa%3D1%26b", "url"));
        assertEquals("", ConsoleServer.queryParameter("url", "url"));
        assertEquals(null, ConsoleServer.queryParameter("other=1", "url"));
        assertEquals(null, ConsoleServer.queryParameter(null, "url"));
    }

    @Test
    void aPortInUseIsABindError() {
        int port = console.address().getPort();
        assertThrows(BindException.class, () -> ConsoleServer.start(port, crawl));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(console.address().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, boolean consoleHeader) throws Exception {
        return post(path, consoleHeader, "");
    }

    private HttpResponse<String> post(String path, boolean consoleHeader, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(console.address().resolve(path))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (consoleHeader) {
            request.header(ConsoleServer.ACTION_HEADER, "1");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A crawl that records the calls and pauses only when running. */
    private static final class RecordingCrawl implements CrawlControl {
        static final String NOT_READY = "not-ready";
        final List<String> calls = new ArrayList<>();
        final List<String> seeds = new ArrayList<>();
        volatile boolean steerable = true;
        final Map<String, Object> progress = new LinkedHashMap<>(Map.of("state", "running"));

        @Override
        public synchronized Map<String, Object> progress() {
            return progress;
        }

        @Override
        public synchronized boolean pause() {
            calls.add("pause");
            return progress.replace("state", "running", "paused");
        }

        @Override
        public synchronized boolean resume() {
            calls.add("resume");
            return progress.replace("state", "paused", "running");
        }

        @Override
        public synchronized void stop() {
            calls.add("stop");
        }

        @Override
        public boolean steerable() {
            return steerable;
        }

        @Override
        public synchronized Map<String, Object> addSeeds(List<String> lines) {
            seeds.addAll(lines);
            return Map.of("added", lines.size());
        }

        @Override
        public Map<String, Object> lookUp(String url) {
            if (url.equals(NOT_READY)) {
                throw new IllegalArgumentException("not ready");
            }
            return Map.of("input", url);
        }
    }
}
