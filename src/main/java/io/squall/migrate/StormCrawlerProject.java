package io.squall.migrate;

import io.squall.api.ConfigException;
import io.squall.config.YamlFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The files of a StormCrawler project, found where StormCrawler's archetype puts them: the Flux files
 * ({@code crawler.flux}, {@code injection.flux}) and the settings files they include at the top, the filter
 * files and the files those name (regex rules) at the top or among the resources ({@code src/main/resources}),
 * where StormCrawler finds them on its classpath.
 */
final class StormCrawlerProject {
    /** The settings files of a project without a Flux file that names them. */
    private static final List<String> SETTINGS_FILES = List.of("crawler-conf.yaml", "es-conf.yaml",
            "opensearch-conf.yaml", "solr-conf.yaml");

    private final Path dir;

    StormCrawlerProject(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(dir + ": no such directory");
        }
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    /** The crawl's Flux file: {@code crawler.flux}, else the one Flux file of the directory that is no injector. */
    Optional<Path> topology() {
        Path crawler = dir.resolve("crawler.flux");
        if (Files.isRegularFile(crawler)) {
            return Optional.of(crawler);
        }
        return fluxFiles().stream().filter(f -> !f.getFileName().toString().startsWith("injection")).findFirst();
    }

    /** Every Flux file at the top of the project. */
    List<Path> fluxFiles() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".flux")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot list", e);
        }
    }

    /**
     * The settings files in the order they apply: those the Flux file includes from the file system (its
     * {@code resource: true} include is StormCrawler's defaults, which Squall has its own of), else the usual
     * names at the top.
     */
    List<Path> settingsFiles(Map<String, Object> flux) {
        List<Path> files = new ArrayList<>();
        if (flux.get("includes") instanceof List<?> includes) {
            for (Object include : includes) {
                if (include instanceof Map<?, ?> m && !Boolean.TRUE.equals(m.get("resource"))
                        && m.get("file") instanceof String name) {
                    files.add(dir.resolve(name));
                }
            }
        }
        if (files.isEmpty()) {
            SETTINGS_FILES.stream().map(dir::resolve).filter(Files::isRegularFile).forEach(files::add);
        }
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new ConfigException(file + ": included by the Flux file, but not found");
            }
        }
        return files;
    }

    /** A file a setting names, where StormCrawler would find it: at the top, or among the resources. */
    Optional<Path> find(String name) {
        String relative = name.startsWith("/") ? name.substring(1) : name;
        return Stream.of(dir.resolve(relative), dir.resolve("src/main/resources").resolve(relative))
                .filter(Files::isRegularFile).findFirst();
    }

    /** The path of a file as the report shows it: relative to the project. */
    String name(Path file) {
        return dir.relativize(file).toString();
    }

    /** A YAML file (a Flux or settings file) as a map; empty for an empty file. */
    static Map<String, Object> readYaml(Path file) {
        try {
            Object parsed = YamlFiles.parse(Files.readString(file), file.toString());
            if (parsed == null) {
                return Map.of();
            }
            if (!(parsed instanceof Map<?, ?>)) {
                throw new ConfigException(file + ": expected a YAML map at the top level");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) parsed;
            return map;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
    }
}
