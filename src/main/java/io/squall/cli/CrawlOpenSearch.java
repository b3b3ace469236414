package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * The OpenSearch a command works with: one given with {@code --opensearch}, the node of a crawl already
 * running on the data directory, or an embedded node started here on the data directory. It is reachable
 * and has Squall's indices once {@link #open} returns.
 */
final class CrawlOpenSearch implements AutoCloseable {
    /** How long a node on this machine may take to answer: it is up or it is not. */
    private static final Duration LOCAL_WAIT = Duration.ofSeconds(3);

    private final EmbeddedOpenSearch embedded;
    private final CrawlerConfig config;
    private final OpenSearchClient client;
    private final String description;
    private AutoCloseable closeAfter;

    private CrawlOpenSearch(EmbeddedOpenSearch embedded, CrawlerConfig config, String description) {
        this.embedded = embedded;
        this.config = config;
        this.description = description;
        this.client = OpenSearchClients.create(config);
    }

    /**
     * @param external the {@code --opensearch} address, or null
     * @param port the embedded node's HTTP port, 0 for a free one
     * @param dataDir a data directory this process has locked, or null when another crawl holds it
     * @param runningAddress the address of the crawl holding the data directory, when dataDir is null
     */
    static CrawlOpenSearch open(CrawlerConfig config, String external, int port, CrawlDataDir dataDir,
            String runningAddress, Path esConfDir) throws Exception {
        CrawlOpenSearch os;
        String where;
        String remedy;
        Duration wait = Duration.ofSeconds(config.getLong("opensearch.startup.wait"));
        if (external != null) {
            os = new CrawlOpenSearch(null, config, "at " + OpenSearchClients.addresses(config));
            where = external + " (--opensearch)";
            remedy = "give the address it listens on with --opensearch";
            if (isLoopback(external)) {
                wait = LOCAL_WAIT; // a node on this machine is up or not: no network to wait for
            }
        } else if (dataDir == null) {
            os = new CrawlOpenSearch(null, withAddress(config, runningAddress),
                    "of the running crawl, at " + runningAddress);
            where = runningAddress + " (the node of the crawl running on this data directory)";
            remedy = "wait for that crawl to end";
            wait = LOCAL_WAIT;
        } else {
            requireFreePort(port);
            EmbeddedOpenSearch node = EmbeddedOpenSearch.start(dataDir.openSearchData(), port);
            os = new CrawlOpenSearch(node, withAddress(config, node.address()),
                    "embedded, at " + node.address() + ", data in " + dataDir.openSearchData());
            where = node.address() + " (the embedded node)";
            remedy = "see its log under " + dataDir.dir();
        }
        try {
            IndexSetup.awaitReachable(os.client, os.config, wait, where, remedy);
            IndexSetup.ensureIndices(os.client, os.config, Files.isDirectory(esConfDir) ? esConfDir : null);
            if (os.embedded != null) {
                // A node stopped hard while 'squall serve' ran keeps the crawl's indices read-only.
                ReadOnlyIndices.lift(os.client, os.config);
            }
            return os;
        } catch (RuntimeException e) {
            os.close();
            throw e;
        }
    }

    /** Whether the address names this machine (no name lookup: that could be the slow part). */
    private static boolean isLoopback(String address) {
        try {
            String host = URI.create(address).getHost();
            return host != null && (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]"));
        } catch (IllegalArgumentException e) {
            return false; // the client will say what is wrong with the address
        }
    }

    private static CrawlerConfig withAddress(CrawlerConfig config, String address) {
        return config.with(Map.of("opensearch.addresses", List.of(address)), "local mode");
    }

    private static void requireFreePort(int port) {
        if (port <= 0) {
            return;
        }
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
        } catch (IOException e) {
            throw new UsageException("port " + port + " on 127.0.0.1 is in use: choose another with --port");
        }
    }

    /** Closes the given resource (a data directory's lock) after this OpenSearch. */
    CrawlOpenSearch closingAlso(AutoCloseable resource) {
        this.closeAfter = resource;
        return this;
    }

    /** The configuration with this OpenSearch's address. */
    CrawlerConfig config() {
        return config;
    }

    OpenSearchClient client() {
        return client;
    }

    boolean isEmbedded() {
        return embedded != null;
    }

    String address() {
        return config.getStringList("opensearch.addresses").get(0);
    }

    String description() {
        return description;
    }

    @Override
    public void close() throws Exception {
        OpenSearchClients.close(client);
        try {
            if (embedded != null) {
                embedded.close();
            }
        } finally {
            if (closeAfter != null) {
                closeAfter.close();
            }
        }
    }
}
