package io.squall.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FluxTopologyTest {
    private static final CrawlerConfig CONFIG = CrawlerConfig.defaults().with(Map.of("http.agent.name", "t"), "test");
    private static final Path TOPOLOGY_YAML = Path.of("topology.yaml");
    private static final String SPOUT = """
            name: "t"
            spouts:
              - id: "spout"
                className: "io.squall.frontier.FrontierSpout"
                parallelism: 1
            """;
    private static final String STATUS_STREAM = """
                grouping:
                  type: FIELDS
                  args: ["url"]
                  streamId: "status"
            """;

    @TempDir
    Path dir;

    private static FluxTopology build(Path file, CrawlerConfig config) {
        return FluxTopology.build(file, FluxTopology.parse(file, false, config.asMap()), config);
    }

    @Test
    void theTaskCountsAreTheParallelismSettingsAndASpoutOfZeroRunsOneTaskPerShard() {
        CrawlerConfig config = CONFIG.with(Map.of("parallelism.partitioner", 2, "parallelism.fetcher", 4,
                "parallelism.parser", 5, "parallelism.status", 2), "test");
        FluxTopology flux = build(TOPOLOGY_YAML, config);
        StormTopology topology = flux.withStatusShards(3);
        assertEquals("spout 3, partitioner 2, fetcher 4, parser 5, indexer 1, status 2", flux.tasks(topology));
        assertEquals("spout 1, partitioner 2, fetcher 4, parser 5, indexer 1, status 2", flux.tasks(flux.withStatusShards(1)),
                "each call starts from the file's topology");
    }

    @Test
    void theBoltsRunOneTaskPerWorkerByDefault() {
        FluxTopology threeWorkers = build(TOPOLOGY_YAML, CONFIG.with(Map.of("topology.workers", 3), "test"));
        assertEquals("spout 2, partitioner 3, fetcher 3, parser 3, indexer 3, status 3",
                threeWorkers.tasks(threeWorkers.withStatusShards(2)));
        FluxTopology oneWorker = build(TOPOLOGY_YAML, CONFIG);
        assertEquals("spout 2, partitioner 1, fetcher 1, parser 1, indexer 1, status 1",
                oneWorker.tasks(oneWorker.withStatusShards(2)));
    }

    @Test
    void aHostsUrlsMeetOneFetcherTaskAndAPagesStatusIsWrittenInTheWorkerThatFetchedIt() {
        Map<String, Bolt> bolts = build(TOPOLOGY_YAML, CONFIG).topology().get_bolts();
        assertEquals(List.of("key"), fields(bolts.get("fetcher"), "partitioner", "default"));
        for (String source : List.of("partitioner", "fetcher", "parser", "indexer")) {
            Grouping grouping = bolts.get("status").get_common().get_inputs().get(new GlobalStreamId(source, "status"));
            assertTrue(grouping.is_set_local_or_shuffle(), source + " status stream: " + grouping);
        }
        for (String[] local : new String[][] {{"spout", "partitioner"}, {"fetcher", "parser"}, {"parser", "indexer"}}) {
            Grouping grouping = bolts.get(local[1]).get_common().get_inputs().get(new GlobalStreamId(local[0], "default"));
            assertTrue(grouping.is_set_local_or_shuffle(), local[0] + " to " + local[1] + ": " + grouping);
        }
    }

    @Test
    void theBoltsThatHoldTuplesGetTicksEveryThirdOfTheMessageTimeout() {
        Map<String, Bolt> bolts = build(TOPOLOGY_YAML, CONFIG).topology().get_bolts();
        for (String holder : Set.of("fetcher", "indexer", "status")) {
            ComponentCommon common = bolts.get(holder).get_common();
            assertNotNull(common.get_json_conf(), holder);
            assertTrue(common.get_json_conf().contains("\"topology.tick.tuple.freq.secs\":4"), common.get_json_conf());
        }
        assertEquals(null, bolts.get("parser").get_common().get_json_conf(), "the parser holds nothing");
    }

    @Test
    void aTopologyWithoutStatusUpdaterIsRefused() throws IOException {
        Path file = write(SPOUT + """
                bolts:
                  - id: "partitioner"
                    className: "io.squall.fetch.URLPartitionerBolt"
                streams:
                  - from: "spout"
                    to: "partitioner"
                    grouping:
                      type: SHUFFLE
                """);
        assertEquals(file + ": no status updater: add a bolt of class io.squall.frontier.StatusUpdaterBolt that"
                + " subscribes to every component's \"status\" stream", refusal(file));
    }

    @Test
    void aStatusStreamNoBoltSubscribesToIsRefused() throws IOException {
        Path file = write(SPOUT + """
                bolts:
                  - id: "partitioner"
                    className: "io.squall.fetch.URLPartitionerBolt"
                  - id: "fetcher"
                    className: "io.squall.fetch.FetcherBolt"
                  - id: "status"
                    className: "io.squall.frontier.StatusUpdaterBolt"
                streams:
                  - from: "spout"
                    to: "partitioner"
                    grouping:
                      type: SHUFFLE
                  - from: "partitioner"
                    to: "fetcher"
                    grouping:
                      type: FIELDS
                      args: ["key"]
                  - from: "partitioner"
                    to: "status"
                """ + STATUS_STREAM);
        assertEquals(file + ": \"fetcher\" emits on the \"status\" stream, to which no bolt subscribes: the URLs it"
                + " decides would never reach the status index; add a stream from \"fetcher\" to \"status\" with"
                + " grouping streamId \"status\", type LOCAL_OR_SHUFFLE", refusal(file));
    }

    @Test
    void anUnknownBoltClassIsRefusedWithItsId() throws IOException {
        Path file = write(SPOUT + """
                bolts:
                  - id: "solr"
                    className: "com.example.SolrIndexerBolt"
                streams:
                  - from: "spout"
                    to: "solr"
                    grouping:
                      type: SHUFFLE
                """);
        assertEquals(file + ": \"solr\": class com.example.SolrIndexerBolt not found (is it in the topology jar?)",
                refusal(file));
    }

    @Test
    void aGroupingOnAFieldTheSourceDoesNotDeclareIsRefused() throws IOException {
        Path file = write(SPOUT + """
                bolts:
                  - id: "fetcher"
                    className: "io.squall.fetch.FetcherBolt"
                  - id: "status"
                    className: "io.squall.frontier.StatusUpdaterBolt"
                streams:
                  - from: "spout"
                    to: "fetcher"
                    grouping:
                      type: FIELDS
                      args: ["key"]
                  - from: "fetcher"
                    to: "status"
                """ + STATUS_STREAM);
        assertEquals(file + ": \"fetcher\" groups the stream \"default\" of \"spout\" on [key], not among its fields"
                + " [url, metadata]", refusal(file));
    }

    @Test
    void aSubscriptionToAStreamTheSourceDoesNotDeclareIsRefused() throws IOException {
        Path file = write(SPOUT + """
                bolts:
                  - id: "status"
                    className: "io.squall.frontier.StatusUpdaterBolt"
                streams:
                  - from: "spout"
                    to: "status"
                """ + STATUS_STREAM);
        assertEquals(file + ": \"status\" subscribes to the stream \"status\" of \"spout\", which declares only the"
                + " streams [default]", refusal(file));
    }

    @Test
    void aBoltNoStreamReachesAndAStreamToAnUnknownBoltAreRefused() throws IOException {
        Path file = write(SPOUT + """
                bolts:
                  - id: "status"
                    className: "io.squall.frontier.StatusUpdaterBolt"
                streams:
                  - from: "spout"
                    to: "statsu"
                    grouping:
                      type: SHUFFLE
                """);
        assertEquals(file + ": a stream from \"spout\" to \"statsu\": \"statsu\" is not a spout or bolt of the file",
                refusal(file));
        Files.writeString(file, SPOUT + """
                bolts:
                  - id: "status"
                    className: "io.squall.frontier.StatusUpdaterBolt"
                  - id: "lonely"
                    className: "io.squall.parse.ParserBolt"
                streams:
                  - from: "spout"
                    to: "status"
                    grouping:
                      type: SHUFFLE
                """);
        assertEquals(file + ": no stream reaches the bolt \"lonely\": add one under streams:, or remove the bolt",
                refusal(file));
    }

    @Test
    void aFileThatIsNotAFluxTopologyIsRefusedWithItsName() throws IOException {
        Path file = write("name: \"t\"\nspouts: [oops\n");
        assertTrue(assertThrows(ConfigException.class, () -> FluxTopology.parse(file, false, CONFIG.asMap()))
                .getMessage().startsWith(file + ": not a valid Flux topology definition"));
        assertEquals(dir.resolve("none.yaml") + ": topology file not found", assertThrows(ConfigException.class,
                () -> FluxTopology.parse(dir.resolve("none.yaml"), false, CONFIG.asMap())).getMessage());
    }

    private Path write(String flux) throws IOException {
        return Files.writeString(dir.resolve("topology.yaml"), flux);
    }

    private static String refusal(Path file) {
        return assertThrows(ConfigException.class, () -> build(file, CONFIG)).getMessage();
    }

    private static List<String> fields(Bolt bolt, String component, String stream) {
        Grouping grouping = bolt.get_common().get_inputs().get(new GlobalStreamId(component, stream));
        assertNotNull(grouping, component + "/" + stream + " is an input");
        assertTrue(grouping.is_set_fields(), component + "/" + stream + " is grouped by fields");
        return grouping.get_fields();
    }
}
