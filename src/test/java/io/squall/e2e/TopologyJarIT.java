package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.ExecutionContext;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;

/** The artifacts a Storm cluster gets: the topology jar, and topology.yaml as Flux reads it there. */
class TopologyJarIT {

    @Test
    void topologyJarHasSquallAndItsLibrariesButNothingTheClusterProvides() throws IOException {
        Path jar = topologyJar();
        try (JarFile file = new JarFile(jar.toFile())) {
            Set<String> entries = file.stream().map(e -> e.getName()).collect(Collectors.toSet());
            List<String> storm = entries.stream().filter(e -> e.startsWith("org/apache/storm/")).limit(5).toList();
            assertEquals(List.of(), storm, "Storm's classes (flux included) are the cluster's");
            List<String> server = entries.stream().filter(e -> e.startsWith("org/codelibs/opensearch/runner/")
                    || e.equals("org/opensearch/node/Node.class") || e.startsWith("org/apache/lucene/")).limit(5).toList();
            assertEquals(List.of(), server, "the embedded OpenSearch is local mode's only");
            for (String needed : List.of("io/squall/frontier/FrontierSpout.class", "io/squall/fetch/FetcherBolt.class",
                    "io/squall/parse/ParserBolt.class", "io/squall/index/IndexerBolt.class",
                    "io/squall/frontier/StatusUpdaterBolt.class", "crawler-default.yaml", "es-conf/status.json",
                    "org/opensearch/client/opensearch/OpenSearchClient.class", "org/jsoup/Jsoup.class",
                    "crawlercommons/robots/SimpleRobotRulesParser.class")) {
                assertTrue(entries.contains(needed), needed + " is in " + jar);
            }
        }
    }

    @Test
    void fluxBuildsTheTopologyFromTopologyYamlWithItsIncludes() throws Exception {
        // As on a cluster: Flux reads topology.yaml and its includes relative to the working directory.
        TopologyDef def = FluxParser.parseFile("topology.yaml", false, true, null, false); // (file, dump, includes, ...)
        Config config = FluxBuilder.buildConfig(def);
        assertEquals(1000, ((Number) config.get("topology.max.spout.pending")).intValue(), "from crawler-default.yaml");
        assertNotNull(config.get("opensearch.addresses"), "from es-conf/opensearch-conf.yaml");
        assertNotNull(config.get("topology.kryo.register"), "from topology.yaml itself");
        StormTopology topology = FluxBuilder.buildTopology(new ExecutionContext(def, config));

        assertEquals(Set.of("spout"), topology.get_spouts().keySet());
        Map<String, Bolt> bolts = topology.get_bolts();
        assertEquals(Set.of("partitioner", "fetcher", "parser", "indexer", "status"), bolts.keySet());
        assertEquals(List.of("key"), fields(bolts.get("fetcher"), "partitioner", "default"));
        for (String source : List.of("partitioner", "fetcher", "parser", "indexer")) {
            assertEquals(List.of("url"), fields(bolts.get("status"), source, "status"), source + " status stream");
        }
        assertTrue(bolts.get("parser").get_common().get_inputs().containsKey(new GlobalStreamId("fetcher", "default")));
        assertTrue(bolts.get("indexer").get_common().get_inputs().containsKey(new GlobalStreamId("parser", "default")));
    }

    private static List<String> fields(Bolt bolt, String component, String stream) {
        Grouping grouping = bolt.get_common().get_inputs().get(new GlobalStreamId(component, stream));
        assertNotNull(grouping, component + "/" + stream + " is an input");
        assertTrue(grouping.is_set_fields(), component + "/" + stream + " is grouped by fields");
        return grouping.get_fields();
    }

    static Path topologyJar() throws IOException {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of("target"), "squall-*.jar")) {
            for (Path jar : jars) {
                return jar;
            }
        }
        throw new AssertionError("no target/squall-*.jar: the end-to-end tests run after `mvn package`");
    }
}
