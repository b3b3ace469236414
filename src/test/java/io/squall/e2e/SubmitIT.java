package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.frontier.StatusUpdaterBolt;
import io.squall.topology.Submit;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code storm jar ... io.squall.topology.Submit topology.yaml} up to the point where it would reach Nimbus
 * (no cluster here: whatever is refused is refused before): what the user reads on the terminal.
 */
class SubmitIT {
    @TempDir
    Path dir;

    @Test
    void anUnreachableOpenSearchIsWaitedForSayingSoAtOnceThenOneLine() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String address = "http://127.0.0.1:" + closedPort;
        writeSubmitDirectory(address);
        Result result = submit();
        assertEquals(1, result.exitCode(), result.stderr().toString());
        assertEquals(List.of("Squall: waiting for OpenSearch at " + address + " (up to 1s, opensearch.startup.wait)..."),
                result.stdout(), "said at once, and nothing else: no Flux dump, no logging");
        assertEquals(1, result.stderr().size(), result.stderr().toString());
        assertTrue(result.stderr().get(0).startsWith("squall: OpenSearch is not reachable at " + address),
                result.stderr().get(0));
    }

    @Test
    void aTopologyWithoutStatusUpdaterIsRefusedWithOneLineBeforeOpenSearchOrNimbus() throws Exception {
        writeSubmitDirectory("http://127.0.0.1:9");
        Path topology = dir.resolve("topology.yaml");
        Files.writeString(topology, Files.readString(topology).replace(StatusUpdaterBolt.class.getName(),
                ParsedPagesBolt.class.getName()));
        Result result = submit();
        assertEquals(1, result.exitCode(), result.stderr().toString());
        assertEquals(List.of(), result.stdout());
        assertEquals(List.of("squall: topology.yaml: no status updater: add a bolt of class"
                + " io.squall.frontier.StatusUpdaterBolt that subscribes to every component's \"status\" stream"),
                result.stderr(), "one line, without SnakeYAML's warnings about Flux's model");
    }

    @Test
    void aBrokenParseFilterFileIsRefusedWithOneLineNamingItsEntryBeforeOpenSearchOrNimbus() throws Exception {
        writeSubmitDirectory("http://127.0.0.1:9");
        Files.writeString(dir.resolve("crawler-conf.yaml"), "  parsefilters.config.file: \"parsefilters.yaml\"\n",
                java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(dir.resolve("parsefilters.yaml"),
                "filters:\n  - type: xpath\n    name: price\n    params: {price: \"//p[\"}\n");
        Result result = submit();
        assertEquals(1, result.exitCode(), result.stderr().toString());
        assertEquals(List.of(), result.stdout());
        assertEquals(1, result.stderr().size(), result.stderr().toString());
        assertTrue(result.stderr().get(0).startsWith("squall: parsefilters.yaml: filter 1 (\"price\", type xpath)"),
                result.stderr().get(0));
    }

    private void writeSubmitDirectory(String openSearch) throws IOException {
        Files.copy(Path.of("topology.yaml"), dir.resolve("topology.yaml"));
        Files.writeString(dir.resolve("crawler-conf.yaml"), "config:\n  http.agent.name: \"squall-test\"\n"
                + "  opensearch.startup.wait: 1\n");
        Files.createDirectories(dir.resolve("es-conf"));
        Files.writeString(dir.resolve("es-conf/opensearch-conf.yaml"), "config:\n  opensearch.addresses: [\""
                + openSearch + "\"]\n");
    }

    private record Result(int exitCode, List<String> stdout, List<String> stderr) {
    }

    private Result submit() throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Submit.class.getName(), "topology.yaml")
                .directory(dir.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the submission ends");
        return new Result(process.exitValue(), Files.readAllLines(dir.resolve("out.txt")),
                Files.readAllLines(dir.resolve("err.txt")));
    }
}
