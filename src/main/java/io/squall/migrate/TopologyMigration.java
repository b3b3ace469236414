package io.squall.migrate;

import io.squall.config.YamlFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * A StormCrawler Flux file ({@code crawler.flux}) as Squall's {@code topology.yaml}: Squall's own topology (its
 * spout, partitioner, fetcher, parser, indexer and status updater, wired as Squall wires them), named as the
 * Flux file names its topology, with the task counts of StormCrawler's components as Squall's
 * {@code parallelism.*} settings, and the user's own bolts added with their streams, the ends of those streams
 * that were StormCrawler's components now Squall's.
 */
final class TopologyMigration {
    /** Squall's topology, which the migrated one starts from. */
    static final String SQUALLS_TOPOLOGY = "io/squall/topology.yaml";

    /**
     * StormCrawler's bolts by the last part of their class name, as the Squall component doing their job. Its
     * spouts but those of {@link #DONE_ELSEWHERE} read a status index (OpenSearch's, Solr's, SQL's), as Squall's
     * spout does.
     */
    private static final Map<String, String> ROLES = Map.ofEntries(
            Map.entry("URLPartitionerBolt", "partitioner"),
            Map.entry("FetcherBolt", "fetcher"), Map.entry("SimpleFetcherBolt", "fetcher"),
            Map.entry("JSoupParserBolt", "parser"), Map.entry("SiteMapParserBolt", "parser"),
            Map.entry("FeedParserBolt", "parser"), Map.entry("ParserBolt", "parser"),
            Map.entry("RedirectionBolt", "parser"),
            Map.entry("IndexerBolt", "indexer"), Map.entry("DummyIndexer", "indexer"),
            Map.entry("StatusUpdaterBolt", "status"));
    /** StormCrawler's components whose job Squall does elsewhere: what does it. */
    private static final Map<String, String> DONE_ELSEWHERE = Map.of(
            "DeletionBolt", "the status updater, which deletes a page that becomes an ERROR from the content index",
            "StatusMetricsBolt", "the console and `squall status`, which count URLs by status",
            "URLFilterBolt", "the fetcher and the parser, which filter every URL (urlfilters.yaml)",
            "MemorySpout", "`squall inject`, which puts seeds in the status index",
            "FileSpout", "`squall inject`, which puts seeds in the status index",
            "WARCHdfsBolt", "the fetcher, which writes WARC files itself (warc.enabled, warc.dir)",
            "WARCFileNameFormat", "the fetcher, which writes WARC files itself (warc.enabled, warc.dir)");

    private final MigrationReport report;
    private final Map<String, Object> settings = new LinkedHashMap<>();

    TopologyMigration(MigrationReport report) {
        this.report = report;
    }

    /** The settings the components became: their task counts ({@code parallelism.*}), an indexer turned off. */
    Map<String, Object> settings() {
        return settings;
    }

    /** Squall's topology for the Flux file's. */
    String migrate(Map<String, Object> flux, String file) {
        Map<String, String> idToSquall = new LinkedHashMap<>();
        List<Map<String, Object>> ownBolts = new ArrayList<>();
        for (String section : List.of("spouts", "bolts")) {
            for (Map<String, Object> component : list(flux.get(section))) {
                String id = String.valueOf(component.get("id"));
                String className = String.valueOf(component.get("className"));
                String simpleName = className.substring(className.lastIndexOf('.') + 1);
                String label = "\"" + id + "\" (" + simpleName + ")";
                boolean stormCrawlers = FilterChainFile.isStormCrawlers(className);
                String role = ROLES.get(simpleName);
                if (role == null && section.equals("spouts") && !DONE_ELSEWHERE.containsKey(simpleName)) {
                    role = "spout";
                }
                if (stormCrawlers && role != null) {
                    idToSquall.put(id, role);
                    String also = "";
                    if (simpleName.equals("DummyIndexer")) {
                        // StormCrawler's indexer that indexes nothing: Squall's, turned off.
                        settings.put("indexer.enabled", false);
                        also = ", indexer.enabled: false";
                    }
                    report.mapped(file, label, "\"" + role + "\" (" + squallClass(role) + ")" + parallelism(role,
                            component.get("parallelism"), file, label) + also);
                } else if (stormCrawlers && DONE_ELSEWHERE.containsKey(simpleName)) {
                    report.mapped(file, label, DONE_ELSEWHERE.get(simpleName));
                } else if (stormCrawlers) {
                    report.none(file, label, "not a part of Squall's topology");
                } else if (section.equals("spouts")) {
                    report.none(file, label, "a spout of your own: Squall's spout reads the status index");
                } else {
                    ownBolts.add(component);
                    idToSquall.put(id, id);
                    report.kept(file, label + ": a bolt of your own: port it to Squall's tuples"
                            + " (docs/extending.md#streams-and-their-fields) before the crawl starts");
                }
            }
        }
        if (!idToSquall.isEmpty() && !idToSquall.containsValue("indexer")) {
            report.none(file, "no indexer", "Squall's indexer stays in topology.yaml: if a bolt of yours indexes the"
                    + " pages, put it in the indexer's place (docs/extending.md#replacing-the-indexer-a-bolt-in-java)");
        }
        List<Map<String, Object>> ownStreams = new ArrayList<>();
        for (Map<String, Object> stream : list(flux.get("streams"))) {
            String from = idToSquall.get(String.valueOf(stream.get("from")));
            String to = idToSquall.get(String.valueOf(stream.get("to")));
            boolean ownEnd = ownBolts.stream().anyMatch(b -> b.get("id").equals(from) || b.get("id").equals(to));
            if (ownEnd && from != null && to != null) {
                Map<String, Object> migrated = new LinkedHashMap<>(stream);
                migrated.put("from", from);
                migrated.put("to", to);
                ownStreams.add(migrated);
            }
        }
        String name = flux.get("name") instanceof String n ? n : "squall";
        return withOwnParts(name, ownBolts, ownStreams);
    }

    /** The task count of a StormCrawler component as Squall's setting, and the report's words for it. */
    private String parallelism(String role, Object count, String file, String label) {
        if (role.equals("spout")) {
            return ", one task per shard of the status index (parallelism.spout: 0)";
        }
        if (count instanceof Number n) {
            settings.merge("parallelism." + role, n.intValue(), (a, b) -> Math.max((Integer) a, (Integer) b));
            return ", parallelism." + role + ": " + n;
        }
        if (count != null) {
            report.none(file, label + " parallelism " + count, "not a number: Squall's default (one task per"
                    + " worker) applies");
        }
        return "";
    }

    private static String squallClass(String role) {
        return switch (role) {
            case "spout" -> "FrontierSpout";
            case "partitioner" -> "URLPartitionerBolt";
            case "fetcher" -> "FetcherBolt";
            case "parser" -> "ParserBolt, with sitemaps, feeds and documents";
            case "indexer" -> "IndexerBolt";
            default -> "StatusUpdaterBolt";
        };
    }

    /** Squall's topology, named, with the user's bolts before its streams and their streams after. */
    private static String withOwnParts(String name, List<Map<String, Object>> bolts, List<Map<String, Object>> streams) {
        String squalls = squallsTopology();
        String text = squalls.replaceFirst("(?m)^name: .*$", Matcher.quoteReplacement("name: \"" + name + "\""));
        if (!bolts.isEmpty()) {
            int at = text.indexOf("\nstreams:\n");
            if (at < 0) {
                throw new IllegalStateException(SQUALLS_TOPOLOGY + " has no 'streams:' section");
            }
            text = text.substring(0, at + 1) + "  # Your own bolts, from StormCrawler's Flux file.\n"
                    + indented(bolts) + "\n" + text.substring(at + 1);
            text = text.stripTrailing() + "\n  # Your own bolts' streams, from StormCrawler's Flux file.\n"
                    + indented(streams);
        }
        return text;
    }

    /** A list of maps as YAML list items under a section, indented as Squall's file indents them. */
    private static String indented(List<Map<String, Object>> items) {
        StringWriter out = new StringWriter();
        YamlFiles.write(items, out);
        return out.toString().lines().map(line -> "  " + line).reduce("", (a, b) -> a + b + "\n");
    }

    private static String squallsTopology() {
        try (InputStream in = TopologyMigration.class.getClassLoader().getResourceAsStream(SQUALLS_TOPOLOGY)) {
            if (in == null) {
                throw new IllegalStateException(SQUALLS_TOPOLOGY + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object section) {
        if (!(section instanceof List<?> items)) {
            return List.of();
        }
        return items.stream().filter(Map.class::isInstance).map(i -> (Map<String, Object>) i).toList();
    }
}
