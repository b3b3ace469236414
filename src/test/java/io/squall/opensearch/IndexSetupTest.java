package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.OpenSearchClient;

@ExtendWith(OpenSearchExtension.class)
class IndexSetupTest {

    @Test
    void workersRacingToCreateTheIndicesAllSucceedAndTheStatusIndexGetsTheConfiguredShards(TestOpenSearch os)
            throws Exception {
        CrawlerConfig config = os.config(Map.of("opensearch.status.shards", 4));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                results.add(pool.submit(() -> IndexSetup.ensureIndices(os.client(), config, null)));
            }
            for (Future<?> f : results) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        String status = os.indexName(SquallIndex.STATUS);
        var settings = os.client().indices().getSettings(s -> s.index(status)).get(status).settings();
        assertEquals(4, settings.index().numberOfShards());
        var mapping = os.client().indices().getMapping(m -> m.index(status)).get(status).mappings();
        assertTrue(mapping.properties().get("nextFetchDate").isDate());
        assertTrue(mapping.properties().get("key").isKeyword());
        assertTrue(os.client().indices().exists(e -> e.index(os.indexName(SquallIndex.CONTENT))).value());
        // The metrics have daily indices, made from a template when first written to.
        assertTrue(os.client().indices().existsIndexTemplate(e -> e.name(os.indexName(SquallIndex.METRICS))).value());
    }

    @Test
    void theDefinedShardCountIsKnownBeforeTheIndexExistsAndIsTheOneItGets(TestOpenSearch os, @TempDir Path dir)
            throws Exception {
        // A user's status definition with 3 shards.
        Files.writeString(dir.resolve("status.json"), """
                {"settings": {"index": {"number_of_shards": 3, "number_of_replicas": 0}},
                 "mappings": {"properties": {"url": {"type": "keyword"}, "nextFetchDate": {"type": "date"}}}}""");
        CrawlerConfig config = os.config();

        assertEquals(3, IndexSetup.definedShards(config, dir));
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.STATUS, dir);

        String status = os.indexName(SquallIndex.STATUS);
        var settings = os.client().indices().getSettings(s -> s.index(status)).get(status).settings();
        assertEquals(3, settings.index().numberOfShards());
        assertEquals(1, IndexSetup.definedShards(config, null), "es-conf/status.json of the jar");
        assertEquals(6, IndexSetup.definedShards(config.with(Map.of("opensearch.status.shards", 6), "test"), dir),
                "the configured count wins");
    }

    @Test
    void anIndexMadeByAnEarlierBuildGetsTheNewFieldsAndAContradictingDefinitionIsRefusedNamingTheFile(
            TestOpenSearch os, @TempDir Path dir) throws Exception {
        CrawlerConfig config = os.config();
        Files.writeString(dir.resolve("hosts.json"), """
                {"mappings": {"dynamic": "strict", "properties": {"kind": {"type": "keyword"}}}}""");
        IndexSetup.ensureIndex(os.client(), config, SquallIndex.HOSTS, dir);
        String hosts = os.indexName(SquallIndex.HOSTS);
        assertThrows(Exception.class, () -> os.client().index(i -> i.index(hosts).id("x")
                .document(Map.of("kind", "host", "fetched", 3))), "the earlier mapping is strict");

        IndexSetup.ensureIndex(os.client(), config, SquallIndex.HOSTS, null); // this build's es-conf/hosts.json
        var mapping = os.client().indices().getMapping(m -> m.index(hosts)).get(hosts).mappings();
        assertTrue(mapping.properties().get("fetched").isLong(), "a field of this build's definition was added");
        os.client().index(i -> i.index(hosts).id("x").document(Map.of("kind", "host", "fetched", 3)));

        Files.writeString(dir.resolve("hosts.json"), """
                {"mappings": {"properties": {"fetched": {"type": "keyword"}}}}""");
        ConfigException refused = assertThrows(ConfigException.class,
                () -> IndexSetup.ensureIndex(os.client(), config, SquallIndex.HOSTS, dir));
        assertTrue(refused.getMessage().contains("hosts.json"), refused.getMessage());
        assertTrue(refused.getMessage().contains("'" + hosts + "'"), refused.getMessage());
    }

    @Test
    void anUnreachableOpenSearchIsOneLineNamingTheAddress() throws Exception {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        CrawlerConfig config = CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", List.of("http://127.0.0.1:" + deadPort),
                "opensearch.startup.wait", 1), "test");
        OpenSearchClient client = OpenSearchClients.create(config);
        try {
            OpenSearchUnavailableException e = assertThrows(OpenSearchUnavailableException.class,
                    () -> IndexSetup.awaitReachable(client, config));
            assertTrue(e.getMessage().startsWith("OpenSearch is not reachable at http://127.0.0.1:" + deadPort
                    + " (opensearch.addresses) ("), e.getMessage());
            assertTrue(e.getMessage().endsWith("start it, or fix opensearch.addresses"), e.getMessage());
            assertTrue(e.getMessage().contains("Connect"), e.getMessage());
        } finally {
            OpenSearchClients.close(client);
        }
    }

    @Test
    void credentialsAreRefusedOverPlainHttpUnlessAllowed() {
        CrawlerConfig config = CrawlerConfig.defaults().with(Map.of(
                "opensearch.addresses", List.of("http://127.0.0.1:9200"),
                "opensearch.user", "squall", "opensearch.password", "secret"), "test");
        ConfigException e = assertThrows(ConfigException.class, () -> OpenSearchClients.create(config));
        assertTrue(e.getMessage().startsWith("opensearch.user is set but opensearch.addresses use plain http"));
        OpenSearchClients.close(OpenSearchClients.create(
                config.with(Map.of("opensearch.allow.insecure.auth", true), "test")));
    }
}
