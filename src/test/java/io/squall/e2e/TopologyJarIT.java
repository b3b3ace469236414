package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.storm.TupleKryo;
import io.squall.topology.FluxTopology;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.TopologyDef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** The artifacts a Storm cluster gets: the topology jar, and topology.yaml as Flux reads it there. */
class TopologyJarIT {

    @Test
    void topologyJarHasSquallAndItsLibrariesButNothingTheClusterProvides() throws IOException {
        Path jar = topologyJar();
        try (JarFile file = new JarFile(jar.toFile())) {
            Set<String> entries = file.stream().map(e -> e.getName()).collect(Collectors.toSet());
            List<String> storm = entries.stream().filter(e -> e.startsWith("org/apache/storm/") && !e.endsWith("/")
                    && !e.startsWith("org/apache/storm/flux/")).limit(5).toList();
            assertEquals(List.of(), storm, "Storm's classes are the cluster's");
            assertTrue(entries.contains("org/apache/storm/flux/Flux.class"), "Flux is not on a cluster's classpath");
            assertTrue(entries.stream().noneMatch(e -> e.startsWith("org/slf4j/")), "the workers have the logging API");
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
            // Tika finds its parsers through service files, one per module: merged, they list them all.
            String parsers = new String(file.getInputStream(file.getEntry("META-INF/services/org.apache.tika.parser.Parser"))
                    .readAllBytes(), StandardCharsets.UTF_8);
            for (String parser : List.of("org.apache.tika.parser.pdf.PDFParser",
                    "org.apache.tika.parser.microsoft.ooxml.OOXMLParser", "org.apache.tika.parser.microsoft.OfficeParser",
                    "org.apache.tika.parser.odf.OpenDocumentParser", "org.apache.tika.parser.microsoft.rtf.RTFParser")) {
                assertTrue(parsers.contains(parser), parser + " is in the jar's Tika parsers: " + parsers);
            }
            assertTrue(entries.stream().noneMatch(e -> e.startsWith("com/github/junrar/")), "junrar is left out");
        }
    }

    @Test
    void fluxReadsTopologyYamlWithItsIncludesAndItsComponentsAreSquallsWithTheSettingsTaskCounts() throws Exception {
        // As on a cluster: Flux reads topology.yaml and its includes relative to the working directory.
        TopologyDef def = FluxTopology.parse(Path.of("topology.yaml"), true, Map.of("parallelism.spout", 0,
                "parallelism.partitioner", 1, "parallelism.fetcher", 2, "parallelism.parser", 1,
                "parallelism.indexer", 1, "parallelism.status", 1));
        Config config = FluxBuilder.buildConfig(def);
        assertEquals(3000, ((Number) config.get("topology.max.spout.pending")).intValue(), "from crawler-default.yaml");
        assertEquals(List.of(TupleKryo.class.getName()), config.get("topology.kryo.decorators"), "from crawler-default.yaml");
        assertNotNull(config.get("opensearch.addresses"), "from es-conf/opensearch-conf.yaml");
        assertNotNull(config.get("topology.metrics.consumer.register"), "from topology.yaml itself");
        assertEquals(List.of("io.squall.frontier.FrontierSpout", "io.squall.fetch.URLPartitionerBolt",
                "io.squall.fetch.FetcherBolt", "io.squall.parse.ParserBolt", "io.squall.index.IndexerBolt",
                "io.squall.frontier.StatusUpdaterBolt"), Stream.concat(def.getSpouts().stream(), def.getBolts().stream())
                .map(v -> v.getClassName()).toList());
        assertEquals(0, def.getSpouts().get(0).getParallelism(), "one spout task per shard");
        assertEquals(2, def.getBoltDef("fetcher").getParallelism(), "the placeholder is the setting");
    }

    @Test
    void theJarsTrimmedIcuStillConvertsInternationalHostNames(@TempDir Path dir) throws Exception {
        // ICU's locale data is left out of the jar (pom.xml): IDNA must work with what is left, with only the
        // logging API beside it that a Storm worker provides (the jar leaves it to Storm).
        String slf4j = Path.of(LoggerFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                topologyJar() + File.pathSeparator + slf4j, "io.squall.cli.Main", "urls", "http://fa\u00df.example/",
                "http://\u4f8b\u3048.\u30c6\u30b9\u30c8/").redirectError(dir.resolve("stderr").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = p.waitFor();
        String err = Files.readString(dir.resolve("stderr"));
        assertEquals(0, exit, out + err);
        assertEquals(List.of("http://xn--fa-hia.example/", "http://xn--r8jz45g.xn--zckzah/"), out.lines().toList(), err);
    }

    static Path topologyJar() throws IOException {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of("target"), "squall-*-topology.jar")) {
            for (Path jar : jars) {
                return jar;
            }
        }
        throw new AssertionError("no target/squall-*-topology.jar: the end-to-end tests run after `mvn package`");
    }
}
