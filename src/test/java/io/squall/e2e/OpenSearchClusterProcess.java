package io.squall.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * An OpenSearch cluster of several nodes in a process of its own ({@link OpenSearchClusterMain}), so that
 * the test's JVM keeps its memory and the cluster can be stopped whatever happens to the test.
 */
final class OpenSearchClusterProcess implements AutoCloseable {
    private final Process process;
    private final Path addressFile;
    private final Path log;

    private OpenSearchClusterProcess(Process process, Path addressFile, Path log) {
        this.process = process;
        this.addressFile = addressFile;
        this.log = log;
    }

    /** Starts the nodes; {@link #addresses} waits until the cluster is green. */
    static OpenSearchClusterProcess start(Path dir, int nodes) throws IOException {
        // Node i listens on base + i: a base in a range few services use, random so that runs do not collide.
        return start(dir, nodes, randomBasePort());
    }

    /**
     * Starts the nodes with node i on {@code baseHttpPort + i}; started again on the same directory and
     * port after {@link #close}, they are the same cluster with the same data, as after a restart.
     */
    static OpenSearchClusterProcess start(Path dir, int nodes, int baseHttpPort) throws IOException {
        return start(dir, "-Xmx1g", nodes, baseHttpPort, List.of());
    }

    /**
     * Starts node {@code node} of a cluster of {@code nodes} alone, so that it can be killed alone; the others are
     * started the same way, each in its own directory, on the same base port. {@link #addresses} waits until all
     * have formed a green cluster, and gives this node's address only.
     */
    static OpenSearchClusterProcess startNode(Path dir, int node, int nodes, int baseHttpPort) throws IOException {
        return start(dir, "-Xmx512m", nodes, baseHttpPort, List.of(String.valueOf(node)));
    }

    /** A random base HTTP port (node i listens on base + i), in a range few services use. */
    static int randomBasePort() {
        return 20_000 + 10 * new Random().nextInt(2_000);
    }

    private static OpenSearchClusterProcess start(Path dir, String heap, int nodes, int baseHttpPort,
            List<String> moreArguments) throws IOException {
        Files.createDirectories(dir);
        Path addressFile = dir.resolve("addresses.txt");
        Files.deleteIfExists(addressFile);
        Path log = dir.resolve("opensearch.out");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "-XX:TieredStopAtLevel=1", "-Dio.netty.allocator.numDirectArenas=0",
                "-cp", System.getProperty("java.class.path"), OpenSearchClusterMain.class.getName(),
                dir.resolve("data").toString(), String.valueOf(nodes), String.valueOf(baseHttpPort), addressFile.toString()));
        command.addAll(moreArguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        return new OpenSearchClusterProcess(process, addressFile, log);
    }

    List<String> addresses(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.isRegularFile(addressFile)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                // The log goes with the test's directory: its end is kept in the failure.
                List<String> lines = Files.isRegularFile(log) ? Files.readAllLines(log, StandardCharsets.ISO_8859_1) : List.of();
                String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
                throw new AssertionError("the OpenSearch cluster " + (process.isAlive() ? "did not start within "
                        + timeout : "process ended with exit code " + process.exitValue()) + "; the end of its log ("
                        + log + "):\n" + tail);
            }
            Thread.sleep(200);
        }
        return Files.readAllLines(addressFile);
    }

    long residentMegabytes() {
        return StormDaemons.residentMegabytes(process.toHandle());
    }

    /** Kills the nodes at once (their data stays on disk), as a crash or a power cut would. */
    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }
}
