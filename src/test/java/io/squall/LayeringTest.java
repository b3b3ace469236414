package io.squall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The floor plan of docs/architecture.md, kept: each package of Squall may use only the packages below it, and
 * only the Storm adapters, the assembly, the local runtime, the commands and the stages' own bolts and spout
 * may use Storm's API. Read from the sources (imports and fully qualified names in code), so that a new upward
 * dependency fails here with the file that brought it.
 */
class LayeringTest {
    private static final Path SOURCES = Path.of("src/main/java/io/squall");

    private static final Set<String> FLOORS = Set.of("api", "api.storm", "core", "config", "http", "render",
            "opensearch", "metrics", "urls", "freshness");
    private static final Set<String> STAGES = Set.of("frontier", "fetch", "parse", "index", "warc");

    /** Each package and the packages it may use; a package not listed here fails the test until it is placed. */
    private static final Map<String, Set<String>> MAY_USE = Map.ofEntries(
            // The API is the lowest floor: what users build on names nothing of Squall's inside.
            Map.entry("api", Set.of()),
            Map.entry("core", Set.of("api")),
            Map.entry("config", Set.of("api")),
            Map.entry("api.storm", Set.of("api", "core", "config")),
            // The HTTP client: cookies, credentials, proxies, the address guard; below the fetcher's politeness.
            Map.entry("http", Set.of("api", "core", "config", "urls")),
            Map.entry("opensearch", Set.of("api", "core", "config")),
            Map.entry("metrics", Set.of("api", "core", "config", "opensearch")),
            Map.entry("urls", Set.of("api", "core", "config", "metrics")),
            Map.entry("freshness", Set.of("api", "core", "config")),
            // Rendering in Chromium, a protocol over the HTTP client's.
            Map.entry("render", Set.of("api", "core", "config", "http", "metrics", "urls")),
            Map.entry("storm", union(FLOORS)),
            Map.entry("warc", Set.of("api", "core", "config", "http", "metrics")),
            Map.entry("frontier", union(FLOORS, Set.of("storm"))),
            Map.entry("parse", union(FLOORS, Set.of("storm"))),
            Map.entry("index", union(FLOORS, Set.of("storm"))),
            Map.entry("fetch", union(FLOORS, Set.of("storm", "warc"))),
            Map.entry("topology", union(FLOORS, STAGES, Set.of("storm"))),
            // The test kit runs a user's filters through Squall's own parser and URL filters.
            Map.entry("api.testing", union(FLOORS, Set.of("parse", "index"))),
            Map.entry("local", union(FLOORS, STAGES, Set.of("storm", "topology"))),
            // A crawl's figures, shown by the commands and the console: why a local crawl stopped, how near its limits.
            Map.entry("report", union(FLOORS, STAGES, Set.of("local"))),
            // The console steers a local crawl's topology and shows a local or a cluster crawl's figures.
            Map.entry("console", union(FLOORS, STAGES, Set.of("local", "report"))),
            Map.entry("migrate", Set.of("api", "config")),
            Map.entry("cli", union(FLOORS, STAGES,
                    Set.of("storm", "topology", "local", "report", "console", "migrate"))));

    private static final Set<String> MAY_USE_STORM = Set.of("api.storm", "storm", "topology", "local", "cli");
    /** A type's package below io.squall, such as "parse" or "api.storm". */
    private static final Pattern SQUALL_REFERENCE = Pattern.compile("\\bio\\.squall\\.((?:[a-z]+\\.)*?[a-z]+)\\.[A-Z]");
    private static final Pattern STORM_REFERENCE = Pattern.compile("\\borg\\.apache\\.storm\\.");
    private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|//[^\\n]*");

    @Test
    void everyPackageUsesOnlyThePackagesBelowIt() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path file : javaFiles()) {
            String pkg = packageOf(file);
            Set<String> allowed = MAY_USE.get(pkg);
            if (allowed == null) {
                violations.add(file + ": package '" + pkg + "' has no place in LayeringTest.MAY_USE");
                continue;
            }
            Matcher m = SQUALL_REFERENCE.matcher(code(file));
            Set<String> used = new TreeSet<>();
            while (m.find()) {
                used.add(m.group(1));
            }
            used.remove(pkg);
            used.removeAll(allowed);
            for (String wrong : used) {
                violations.add(file + " uses io.squall." + wrong + ", above or beside '" + pkg + "'");
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void onlyAdaptersBoltsAndSpoutsUseStorm() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path file : javaFiles()) {
            String pkg = packageOf(file);
            String name = file.getFileName().toString();
            boolean adapter = name.endsWith("Bolt.java") || name.endsWith("Spout.java");
            if (!MAY_USE_STORM.contains(pkg) && !adapter && STORM_REFERENCE.matcher(code(file)).find()) {
                violations.add(file + " uses Storm's API: move that part to io.squall.storm or to the bolt");
            }
        }
        assertEquals(List.of(), violations);
    }

    /**
     * One YAML library, SnakeYAML, through config.YamlFiles: Jackson's YAML module comes to the compile
     * classpath through other libraries, but is not in the topology jar.
     */
    @Test
    void yamlIsReadWithOneLibrary() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path file : javaFiles()) {
            if (code(file).contains("com.fasterxml.jackson.dataformat.yaml")) {
                violations.add(file + " uses Jackson's YAML: read YAML with io.squall.config.YamlFiles");
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void thePackageGraphHasNoCycle() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Path file : javaFiles()) {
            String pkg = packageOf(file);
            Matcher m = SQUALL_REFERENCE.matcher(code(file));
            Set<String> edges = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
            while (m.find()) {
                if (!m.group(1).equals(pkg)) {
                    edges.add(m.group(1));
                }
            }
        }
        assertTrue(graph.size() > 10, "the sources were not found from " + Path.of("").toAbsolutePath());
        for (String start : graph.keySet()) {
            assertEquals(List.of(), cycleFrom(start, start, graph, new TreeSet<>(), new ArrayList<>()),
                    "a cycle through " + start);
        }
    }

    private static List<String> cycleFrom(String start, String at, Map<String, Set<String>> graph,
                                          Set<String> seen, List<String> path) {
        path.add(at);
        for (String next : graph.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(start);
                return cycle;
            }
            if (seen.add(next)) {
                List<String> found = cycleFrom(start, next, graph, seen, path);
                if (!found.isEmpty()) {
                    return found;
                }
            }
        }
        path.remove(path.size() - 1);
        return List.of();
    }

    /** The file's package below io.squall, such as "parse" or "api.storm". */
    private static String packageOf(Path file) {
        return SOURCES.relativize(file.getParent()).toString().replace(file.getFileSystem().getSeparator(), ".");
    }

    private static String code(Path file) throws IOException {
        return COMMENTS.matcher(Files.readString(file)).replaceAll(" ");
    }

    private static List<Path> javaFiles() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(f -> f.toString().endsWith(".java")).filter(f -> f.getParent() != SOURCES)
                    .filter(f -> SOURCES.relativize(f).getNameCount() > 1).sorted().toList();
        }
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new TreeSet<>();
        for (Set<String> set : sets) {
            all.addAll(set);
        }
        return Set.copyOf(all);
    }
}
