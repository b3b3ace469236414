package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.EmbeddedOpenSearch;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OpenSearch a command works with: one given with {@code --opensearch}, the node of a crawl already
 * running on the data directory, or an embedded node started here on the data directory. It is reachable
 * and has Squall's indices once {@link #open} returns, or once {@link #awaitReady} returns after
 * {@link #start}: an embedded node then starts on a thread of its own, its address known at once, so that a
 * crawl can set up its topology meanwhile.
 */
final class CrawlOpenSearch implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CrawlOpenSearch.class);
    /** How long a node on this machine may take to answer: it is up or it is not. */
    private static final Duration LOCAL_WAIT = Duration.ofSeconds(3);

    private final FutureTask<EmbeddedOpenSearch> embedded;
    private final CrawlerConfig config;
    private final OpenSearchClient client;
    private final String description;
    private AutoCloseable closeAfter;

    private CrawlOpenSearch(FutureTask<EmbeddedOpenSearch> embedded, CrawlerConfig config, String description) {
        this.embedded = embedded;
        this.config = config;
        this.description = description;
        this.client = OpenSearchClients.create(config);
    }

    /**
     * The OpenSearch, reachable and with Squall's indices.
     *
     * @param external the {@code --opensearch} address, or null
     * @param port the embedded node's HTTP port, 0 for a free one
     * @param dataDir a data directory this process has locked, or null when another crawl holds it
     * @param runningAddress the address of the crawl holding the data directory, when dataDir is null
     */
    static CrawlOpenSearch open(CrawlerConfig config, String external, int port, CrawlDataDir dataDir,
            String runningAddress, Path esConfDir) throws Exception {
        return start(config, external, port, dataDir, runningAddress, esConfDir).awaitReady();
    }

    /**
     * Like {@link #open}, except that an embedded node is only being started when this returns: its address
     * is in {@link #config()}, and {@link #awaitReady} waits for it. An OpenSearch of the user's is reachable
     * already, so that an unreachable one is reported before anything else starts.
     */
    static CrawlOpenSearch start(CrawlerConfig config, String external, int port, CrawlDataDir dataDir,
            String runningAddress, Path esConfDir) throws Exception {
        Path definitions = esConfDir != null && Files.isDirectory(esConfDir) ? esConfDir : null;
        Duration startupWait = config.getDuration("opensearch.startup.wait");
        if (dataDir != null && external == null) {
            return startEmbedded(config, port, dataDir, definitions, startupWait);
        }
        CrawlOpenSearch os;
        String where;
        String remedy;
        Duration wait = startupWait;
        if (external != null) {
            os = new CrawlOpenSearch(null, config, "at " + OpenSearchClients.addresses(config));
            where = external + " (--opensearch)";
            remedy = "give the address it listens on with --opensearch";
            if (CrawlSettings.openSearchAddresses(external).stream().allMatch(CrawlOpenSearch::isLoopback)) {
                wait = LOCAL_WAIT; // a node on this machine is up or not: no network to wait for
            }
        } else {
            os = new CrawlOpenSearch(null, withAddress(config, runningAddress),
                    "of the running crawl, at " + runningAddress);
            where = runningAddress + " (the node of the crawl running on this data directory)";
            remedy = "wait for that crawl to end";
            wait = LOCAL_WAIT;
        }
        try {
            prepare(os.client, os.config, wait, where, remedy, definitions);
            return os;
        } catch (RuntimeException e) {
            os.close();
            throw e;
        }
    }

    /**
     * Starts the embedded node on a thread of its own, on a port chosen now; once up, it is reachable and has
     * the indices, and a crawl's indices left read-only by a killed 'squall serve' are writable again.
     */
    private static CrawlOpenSearch startEmbedded(CrawlerConfig config, int port, CrawlDataDir dataDir,
            Path definitions, Duration startupWait) throws IOException {
        requireFreePort(port);
        int httpPort = port > 0 ? port : EmbeddedOpenSearch.freePort();
        String address = EmbeddedOpenSearch.address(httpPort);
        CrawlerConfig withAddress = withAddress(config, address);
        Path nodeData = dataDir.openSearchData();
        FutureTask<EmbeddedOpenSearch> starting = new FutureTask<>(() -> {
            EmbeddedOpenSearch node;
            try {
                node = EmbeddedOpenSearch.start(nodeData, httpPort);
            } catch (Exception | LinkageError e) {
                LOG.error("The embedded OpenSearch node did not start with its data in {}", nodeData, e);
                throw new OpenSearchUnavailableException("the embedded OpenSearch node did not start with its data"
                        + " in " + nodeData + " (" + e + "): see the log under " + dataDir.dir(), e);
            }
            OpenSearchClient client = OpenSearchClients.create(withAddress);
            try {
                prepare(client, withAddress, startupWait, address + " (the embedded node)",
                        "see its log under " + dataDir.dir(), definitions);
                ReadOnlyIndices.lift(client, withAddress);
            } catch (RuntimeException e) {
                node.close();
                throw e;
            } finally {
                OpenSearchClients.close(client);
            }
            return node;
        });
        Thread thread = new Thread(starting, "squall-opensearch-start");
        thread.setDaemon(true);
        thread.start();
        return new CrawlOpenSearch(starting, withAddress, "embedded, at " + address + ", data in " + nodeData);
    }

    /** Waits until it answers, then creates the indices it lacks. */
    private static void prepare(OpenSearchClient client, CrawlerConfig config, Duration wait, String where,
            String remedy, Path definitions) {
        IndexSetup.awaitReachable(client, config, wait, where, remedy);
        IndexSetup.ensureIndices(client, config, definitions);
    }

    /** Waits for an embedded node to be started, reachable and to have the indices; its failure is thrown. */
    CrawlOpenSearch awaitReady() throws Exception {
        if (embedded != null) {
            try {
                embedded.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
        return this;
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
                stopEmbedded();
            }
        } finally {
            if (closeAfter != null) {
                closeAfter.close();
            }
        }
    }

    /** Stops the node once its start ended, the data directory then free; a failed start left nothing running. */
    private void stopEmbedded() throws IOException, InterruptedException {
        EmbeddedOpenSearch node;
        try {
            node = embedded.get();
        } catch (ExecutionException e) {
            return; // reported by awaitReady
        }
        node.close();
    }
}
