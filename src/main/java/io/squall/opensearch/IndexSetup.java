package io.squall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;
import org.opensearch.client.opensearch.indices.IndexSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Start-up work on OpenSearch: wait until it answers, then create the indices (and the metrics indices'
 * template) that are missing from their definitions in {@code es-conf/} (a directory given by the user,
 * else the copies in the jar).
 * Safe when several workers do it at once: an index created by another worker meanwhile is fine.
 */
public final class IndexSetup {
    private static final Logger LOG = LoggerFactory.getLogger(IndexSetup.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private IndexSetup() {
    }

    /**
     * Waits, with growing pauses, until OpenSearch answers or {@code opensearch.startup.wait} seconds pass.
     *
     * @throws OpenSearchUnavailableException naming the addresses and the last error
     */
    public static void awaitReachable(OpenSearchClient client, CrawlerConfig config) {
        awaitReachable(client, config, config.getDuration("opensearch.startup.wait"),
                OpenSearchClients.addresses(config) + " (opensearch.addresses)", "fix opensearch.addresses");
    }

    /**
     * Waits, with growing pauses, until OpenSearch answers or {@code wait} passes; the retries are logged at
     * debug level only, the outcome is one line.
     *
     * @param where the address and where the user gave it, as the error names it
     * @param remedy what to change when it is wrong
     * @throws OpenSearchUnavailableException naming {@code where}, the last error and the remedy
     */
    public static void awaitReachable(OpenSearchClient client, CrawlerConfig config, Duration wait, String where,
            String remedy) {
        long start = System.nanoTime();
        long deadline = start + wait.toNanos();
        long pauseMillis = 250;
        while (true) {
            try {
                client.info();
                return;
            } catch (IOException | RuntimeException e) {
                if (System.nanoTime() + pauseMillis * 1_000_000 > deadline) {
                    long waited = Duration.ofNanos(System.nanoTime() - start).toSeconds();
                    throw new OpenSearchUnavailableException("OpenSearch is not reachable at " + where + " ("
                            + OpenSearchErrors.describe(e) + ")" + (waited > 0 ? " after " + waited + " s" : "")
                            + ": start it, or " + remedy, e);
                }
                LOG.debug("OpenSearch not reachable at {} ({}); retrying in {} ms", where, OpenSearchErrors.describe(e),
                        pauseMillis);
                sleep(pauseMillis);
                pauseMillis = Math.min(pauseMillis * 2, 5_000);
            }
        }
    }

    /**
     * Creates every Squall index (for the metrics, their template) that does not exist yet, side by side:
     * each creation mostly waits for its shard to start.
     */
    public static void ensureIndices(OpenSearchClient client, CrawlerConfig config, Path esConfDir) {
        Arrays.stream(SquallIndex.values()).parallel().forEach(index -> ensureIndex(client, config, index, esConfDir));
    }

    /**
     * Creates one index if it does not exist yet; for the metrics, which live in daily indices
     * ({@link MetricsIndices}), the index template they are made from. An index that exists gets the fields its
     * definition has and it lacks: a new build's fields reach a crawl's old indices, whose mappings are strict.
     */
    public static void ensureIndex(OpenSearchClient client, CrawlerConfig config, SquallIndex index, Path esConfDir) {
        String name = index.name(config);
        boolean template = index == SquallIndex.METRICS;
        String what = (template ? "index template '" : "index '") + name + "'";
        String endpoint = (template ? "/_index_template/" : "/") + name;
        try {
            if (exists(client, endpoint)) {
                if (!template) {
                    addMissingFields(client, index, name, definition(index, config, esConfDir));
                }
                return;
            }
            String body = template ? metricsTemplate(config, esConfDir) : definition(index, config, esConfDir);
            try (Response response = client.generic().execute(Requests.builder()
                    .method("PUT").endpoint(endpoint).json(body).build())) {
                int status = response.getStatus();
                String answer = response.getBody().map(b -> b.bodyAsString()).orElse("");
                if (status >= 300 && answer.contains("resource_already_exists_exception")) {
                    return; // another worker created it meanwhile
                }
                if (status >= 300) {
                    throw new ConfigException("cannot create " + what + " from " + index.definitionFile()
                            + ": OpenSearch answered " + ErrorAnswer.of(status, answer));
                }
            }
            LOG.info("Created {} from {}", what, index.definitionFile());
        } catch (IOException e) {
            throw new OpenSearchUnavailableException("cannot create " + what + " at "
                    + OpenSearchClients.addresses(config) + ": " + OpenSearchErrors.describe(e), e);
        }
    }

    /**
     * Puts the definition's mappings on an existing index. OpenSearch adds the fields the index lacks and keeps
     * the ones it has; a field whose type the definition changed is refused, and so is the crawl, with the file
     * to compare: writes to that field would fail one by one otherwise.
     */
    private static void addMissingFields(OpenSearchClient client, SquallIndex index, String name, String definition)
            throws IOException {
        JsonNode mappings = JSON.readTree(definition).path("mappings");
        if (mappings.isMissingNode()) {
            return;
        }
        try (Response response = client.generic().execute(Requests.builder().method("PUT")
                .endpoint("/" + name + "/_mapping").json(JSON.writeValueAsString(mappings)).build())) {
            if (response.getStatus() >= 300) {
                throw new ConfigException("index '" + name + "' has mappings that " + index.definitionFile()
                        + " contradicts (compare them, or use another index name): OpenSearch answered "
                        + ErrorAnswer.of(response.getStatus(), response.getBody().map(b -> b.bodyAsString())
                        .orElse("")));
            }
        }
    }

    private static boolean exists(OpenSearchClient client, String endpoint) throws IOException {
        try (Response response = client.generic().execute(Requests.builder().method("HEAD").endpoint(endpoint)
                .build())) {
            return response.getStatus() == 200;
        }
    }

    /**
     * The metrics indices' template: es-conf/metrics.json's settings and mappings for every index named
     * like a day's metrics. Its priority only needs to differ from that of any other template of the user's
     * that matches the same names (OpenSearch refuses two of equal priority).
     */
    private static String metricsTemplate(CrawlerConfig config, Path esConfDir) throws IOException {
        ObjectNode template = JSON.createObjectNode();
        template.putArray("index_patterns").add(MetricsIndices.pattern(SquallIndex.METRICS.name(config)));
        template.put("priority", 100);
        template.set("template", JSON.readTree(readDefinition(SquallIndex.METRICS, esConfDir)));
        return JSON.writeValueAsString(template);
    }

    /**
     * The number of primary shards the status index gets when Squall creates it ({@code
     * opensearch.status.shards}, else its definition's in that directory or the jar), known before
     * OpenSearch answers.
     */
    public static int definedShards(CrawlerConfig config, Path esConfDir) {
        try {
            JsonNode settings = JSON.readTree(definition(SquallIndex.STATUS, config, esConfDir))
                    .path("settings");
            JsonNode shards = settings.path("index").path("number_of_shards");
            if (shards.isMissingNode()) {
                shards = settings.path("number_of_shards");
            }
            return shards.isMissingNode() ? 1 : shards.asInt(1);
        } catch (IOException e) {
            throw new ConfigException("cannot read the status index's definition " + SquallIndex.STATUS.definitionFile()
                    + ": " + e.getMessage());
        }
    }

    /** The index-level settings of an existing index (shards, refresh interval...). */
    public static IndexSettings settings(OpenSearchClient client, CrawlerConfig config, SquallIndex index) {
        String name = index.name(config);
        try {
            IndexSettings settings = client.indices().getSettings(s -> s.index(name)).get(name).settings();
            return settings.index() != null ? settings.index() : settings;
        } catch (IOException e) {
            throw new OpenSearchUnavailableException("cannot read the settings of index '" + name + "' at "
                    + OpenSearchClients.addresses(config) + ": " + OpenSearchErrors.describe(e), e);
        }
    }

    /** The number of primary shards in an index's settings. */
    public static int numberOfShards(IndexSettings settings) {
        return settings.numberOfShards() == null ? 1 : settings.numberOfShards();
    }

    static String definition(SquallIndex index, CrawlerConfig config, Path esConfDir) throws IOException {
        ObjectNode json = (ObjectNode) JSON.readTree(readDefinition(index, esConfDir));
        if (index == SquallIndex.STATUS && config.getInt("opensearch.status.shards") > 0) {
            json.with("settings").with("index").put("number_of_shards", config.getInt("opensearch.status.shards"));
        }
        return JSON.writeValueAsString(json);
    }

    private static byte[] readDefinition(SquallIndex index, Path esConfDir) throws IOException {
        if (esConfDir != null) {
            Path file = esConfDir.resolve(index.definitionFile());
            if (Files.isRegularFile(file)) {
                return Files.readAllBytes(file);
            }
        }
        String resource = "es-conf/" + index.definitionFile();
        try (InputStream in = IndexSetup.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the Squall jar");
            }
            return in.readAllBytes();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OpenSearchUnavailableException("interrupted while waiting for OpenSearch", e);
        }
    }
}
