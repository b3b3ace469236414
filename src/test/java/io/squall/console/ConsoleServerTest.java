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
        assertTrue(page.body().contains("api/progress"), "the page reads the progress");

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
    void aPortInUseIsABindError() {
        int port = console.address().getPort();
        assertThrows(BindException.class, () -> ConsoleServer.start(port, crawl));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(console.address().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, boolean consoleHeader) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(console.address().resolve(path))
                .POST(HttpRequest.BodyPublishers.noBody());
        if (consoleHeader) {
            request.header(ConsoleServer.ACTION_HEADER, "1");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A crawl that records the calls and pauses only when running. */
    private static final class RecordingCrawl implements CrawlControl {
        final List<String> calls = new ArrayList<>();
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
    }
}
