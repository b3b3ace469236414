package io.squall.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testweb.TestWeb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A {@code squall console} process seen from a test: its address (from the line it prints), its progress
 * ({@code api/progress}) and its controls ({@code api/pause}, {@code api/resume}), and the test web going
 * quiet after a pause.
 */
final class ConsoleApi {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ADDRESS = Pattern.compile("Console: (http://127\\.0\\.0\\.1:\\d+/)");
    private final HttpClient http = HttpClient.newHttpClient();
    private final URI address;
    private final Duration wait;

    private ConsoleApi(URI address, Duration wait) {
        this.address = address;
        this.wait = wait;
    }

    /** Waits for the console started with its output in {@code run} to say where it listens. */
    static ConsoleApi await(Path run, Duration wait) throws Exception {
        return new ConsoleApi(SquallProcess.awaitLine(run.resolve("stderr.txt"), ADDRESS, wait), wait);
    }

    /** POSTs to {@code api/<action>} as the console's page does. */
    HttpResponse<String> post(String action) throws Exception {
        return http.send(HttpRequest.newBuilder(address.resolve("api/" + action)).header("X-Squall-Console", "1")
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Polls {@code api/progress} until the condition holds; returns that progress. */
    JsonNode awaitProgress(String what, Predicate<JsonNode> condition) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(address.resolve("api/progress")).build(),
                    HttpResponse.BodyHandlers.ofString());
            last = JSON.readTree(r.body());
            if (condition.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out waiting: " + what + "; the console said " + last);
    }

    /** Waits until the web saw no request for {@code quiet}; returns the requests seen by then. */
    static int awaitQuiet(TestWeb web, Duration quiet, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        int seen = web.log().size();
        long changed = System.nanoTime();
        while (System.nanoTime() - changed < quiet.toNanos()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("requests never stopped after the pause: " + web.log().size());
            }
            Thread.sleep(50);
            int now = web.log().size();
            if (now != seen) {
                seen = now;
                changed = System.nanoTime();
            }
        }
        return seen;
    }
}
