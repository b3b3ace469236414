package io.squall.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.HealthStatus;
import org.opensearch.client.opensearch.cat.shards.ShardsRecord;

/**
 * An OpenSearch cluster whose nodes run in processes of their own ({@link OpenSearchClusterProcess#startNode}),
 * so that a test can kill one node with {@code kill -9}, as a crash would, while the others go on.
 */
final class OpenSearchNodes implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final int basePort;
    private final List<OpenSearchClusterProcess> nodes;
    private final List<String> addresses;

    private OpenSearchNodes(Path dir, int basePort, List<OpenSearchClusterProcess> nodes, List<String> addresses) {
        this.dir = dir;
        this.basePort = basePort;
        this.nodes = nodes;
        this.addresses = addresses;
    }

    /** Starts the nodes side by side and waits until they are one green cluster. */
    static OpenSearchNodes start(Path dir, int count, Duration timeout) throws IOException, InterruptedException {
        int basePort = OpenSearchClusterProcess.randomBasePort();
        List<OpenSearchClusterProcess> nodes = new ArrayList<>();
        try {
            for (int i = 1; i <= count; i++) {
                nodes.add(startNode(dir, i, count, basePort));
            }
            List<String> addresses = new ArrayList<>();
            for (OpenSearchClusterProcess node : nodes) {
                addresses.addAll(node.addresses(timeout));
            }
            return new OpenSearchNodes(dir, basePort, nodes, List.copyOf(addresses));
        } catch (IOException | InterruptedException | RuntimeException | AssertionError e) {
            for (OpenSearchClusterProcess node : nodes) {
                node.close();
            }
            throw e;
        }
    }

    /** The nodes' HTTP addresses, node 1's first. */
    List<String> addresses() {
        return addresses;
    }

    /** The address of the node of that name ({@code node-i}). */
    String address(String nodeName) {
        return addresses.get(number(nodeName) - 1);
    }

    /** The name of the node that holds the primary of the index's (first) shard, as the cluster says now. */
    static String primaryHolder(OpenSearchClient client, String index) {
        try {
            return client.cat().shards(s -> s.index(index)).valueBody().stream()
                    .filter(r -> "p".equals(r.prirep()) && "0".equals(r.shard())).map(ShardsRecord::node).findFirst()
                    .orElseThrow(() -> new AssertionError("no primary of " + index + " is started"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The name of the node elected cluster manager, as the cluster says now. */
    static String clusterManager(OpenSearchClient client) {
        try {
            return client.cat().clusterManager().valueBody().get(0).node();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The index definitions of es-conf/ as a user edits them for a cluster that may lose a node, written into
     * {@code esConf}: one replica of every index. The status index also keeps its copies off {@code contact}, the
     * node the crawl talks to, so that a node stop that kills the status primary's holder kills another node (a
     * test's need only).
     */
    static Path replicatedDefinitions(Path esConf, String contact) throws IOException {
        Files.createDirectories(esConf);
        for (SquallIndex index : SquallIndex.values()) {
            ObjectNode definition;
            try (InputStream in = OpenSearchNodes.class.getClassLoader()
                    .getResourceAsStream("es-conf/" + index.definitionFile())) {
                definition = (ObjectNode) JSON.readTree(in);
            }
            ObjectNode settings = definition.with("settings").with("index");
            settings.put("number_of_replicas", 1);
            if (index == SquallIndex.STATUS) {
                settings.put("routing.allocation.exclude._name", contact);
            }
            Files.writeString(esConf.resolve(index.definitionFile()), JSON.writeValueAsString(definition));
        }
        return esConf;
    }

    /**
     * Waits until the cluster is green (every copy of every index started), asking in turns shorter than the
     * client's socket timeout; fails when it is not by the deadline.
     */
    static void awaitGreen(OpenSearchClient client, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (client.cluster().health(h -> h.waitForStatus(HealthStatus.Green).timeout(t -> t.time("20s"))).timedOut()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the OpenSearch cluster is not green after " + timeout);
            }
        }
    }

    /** {@code kill -9} of the node of that name; its data stays on disk. */
    void kill(String nodeName) throws InterruptedException {
        nodes.get(number(nodeName) - 1).close();
    }

    /**
     * Starts the node of that name again on its data, as an operator brings a crashed node back, and waits until
     * it answers ({@link #awaitGreen} waits for its copies to recover).
     */
    void restart(String nodeName, Duration timeout) throws IOException, InterruptedException {
        int number = number(nodeName);
        OpenSearchClusterProcess node = startNode(dir, number, nodes.size(), basePort);
        nodes.set(number - 1, node);
        node.addresses(timeout);
    }

    private static OpenSearchClusterProcess startNode(Path dir, int number, int count, int basePort) throws IOException {
        return OpenSearchClusterProcess.startNode(dir.resolve(OpenSearchClusterMain.nodeName(number)), number, count,
                basePort);
    }

    private int number(String nodeName) {
        for (int i = 1; i <= nodes.size(); i++) {
            if (OpenSearchClusterMain.nodeName(i).equals(nodeName)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no node named " + nodeName + " in a cluster of " + nodes.size());
    }

    @Override
    public void close() throws InterruptedException {
        for (OpenSearchClusterProcess node : nodes) {
            node.close();
        }
    }
}
