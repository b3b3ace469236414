package io.squall.migrate;

import io.squall.api.ConfigException;
import io.squall.config.YamlFiles;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A StormCrawler project as Squall's files: {@code crawler-conf.yaml}, {@code es-conf/opensearch-conf.yaml},
 * {@code urlfilters.yaml}, {@code parsefilters.yaml} and {@code topology.yaml}, with the report of what became
 * what. Nothing is written here: {@link #files()} are the files' texts by their paths.
 */
public final class Migration {
    private static final String URL_FILTERS = "urlfilters.config.file";
    private static final String PARSE_FILTERS = "parsefilters.config.file";
    private static final String JSOUP_FILTERS = "jsoup.filters.config.file";

    private final Map<String, String> files = new LinkedHashMap<>();
    private final MigrationReport report = new MigrationReport();

    private Migration() {
    }

    /**
     * Migrates the project in {@code dir}.
     *
     * @throws ConfigException naming the file, for a directory that holds no StormCrawler project or a file
     *                         that cannot be read as StormCrawler reads it
     */
    public static Migration of(Path dir) {
        Migration migration = new Migration();
        migration.migrate(new StormCrawlerProject(dir));
        return migration;
    }

    /** The files to write, by their paths relative to the output directory, in the order written. */
    public Map<String, String> files() {
        return files;
    }

    /** One line per setting, filter and component: what it became, or why it has no equivalent. */
    public List<String> report() {
        return report.lines();
    }

    private void migrate(StormCrawlerProject project) {
        Optional<Path> fluxFile = project.topology();
        Map<String, Object> flux = fluxFile.map(StormCrawlerProject::readYaml).orElse(Map.of());
        List<Path> settingsFiles = project.settingsFiles(flux);
        if (fluxFile.isEmpty() && settingsFiles.isEmpty()) {
            throw new ConfigException(project.dir() + ": not a StormCrawler project: no crawler.flux and no"
                    + " crawler-conf.yaml");
        }
        for (Path other : project.fluxFiles()) {
            if (!other.equals(fluxFile.orElse(null))) {
                report.mapped(project.name(other), "the whole topology", "`squall inject`, which puts seeds in"
                        + " the status index");
            }
        }

        SettingsMigration settingsMigration = new SettingsMigration(report);
        Map<String, Object> settings = new LinkedHashMap<>();
        Map<String, Object> stormCrawlers = new LinkedHashMap<>();
        if (flux.get("config") instanceof Map<?, ?> fluxConfig) {
            migrateSettings(settingsMigration, settingsOf(fluxConfig), project.name(fluxFile.get()), stormCrawlers,
                    settings);
        }
        for (Path file : settingsFiles) {
            migrateSettings(settingsMigration, settingsOf(StormCrawlerProject.readYaml(file)), project.name(file),
                    stormCrawlers, settings);
        }

        UrlFilterMigration urlFilters = new UrlFilterMigration(project, report);
        String urlFiltersName = String.valueOf(stormCrawlers.getOrDefault(URL_FILTERS, "urlfilters.json"));
        Optional<Path> urlFiltersFile = filterFile(project, URL_FILTERS, urlFiltersName, "urlfilters.yaml");
        urlFiltersFile.ifPresent(urlFilters::migrate);

        ParseFilterMigration parseFilters = new ParseFilterMigration(project, report);
        String parseFiltersName = String.valueOf(stormCrawlers.getOrDefault(PARSE_FILTERS, "parsefilters.json"));
        Optional<Path> parseFiltersFile = filterFile(project, PARSE_FILTERS, parseFiltersName, "parsefilters.yaml");
        parseFiltersFile.ifPresent(parseFilters::migrate);
        // StormCrawler 3's second chain, on jsoup's Document: Squall's parse filters get that Document too.
        Optional<Path> jsoupFile = stormCrawlers.containsKey(JSOUP_FILTERS)
                ? filterFile(project, JSOUP_FILTERS, String.valueOf(stormCrawlers.get(JSOUP_FILTERS)),
                        "parsefilters.yaml")
                : project.find("jsoupfilters.json");
        jsoupFile.ifPresent(parseFilters::migrate);

        TopologyMigration topology = new TopologyMigration(report);
        String topologyText = topology.migrate(flux, fluxFile.map(project::name).orElse("(no Flux file)"));

        settings.putAll(urlFilters.settings());
        settings.putAll(parseFilters.settings());
        settings.putAll(topology.settings());
        String from = String.join(", ", settingsFiles.stream().map(project::name).toList());
        if (urlFiltersFile.isPresent()) {
            settings.put(URL_FILTERS, "urlfilters.yaml");
            files.put("urlfilters.yaml", yaml("Squall's URL filters (docs/extending.md#url-filters), from "
                    + project.name(urlFiltersFile.get()), Map.of("filters", urlFilters.filters())));
        }
        if (parseFiltersFile.isPresent() || jsoupFile.isPresent()) {
            settings.put(PARSE_FILTERS, "parsefilters.yaml");
            files.put("parsefilters.yaml", yaml("Squall's parse filters (docs/extending.md#parse-filters), from "
                    + String.join(", ", List.of(parseFiltersFile, jsoupFile).stream().flatMap(Optional::stream)
                            .map(project::name).toList()), Map.of("filters", parseFilters.filters())));
        }
        Map<String, Object> crawl = new LinkedHashMap<>();
        Map<String, Object> openSearch = new LinkedHashMap<>();
        settings.forEach((key, value) -> (key.startsWith("opensearch.") ? openSearch : crawl).put(key, value));
        files.put("crawler-conf.yaml", yaml("Squall's settings (crawler-default.yaml in Squall's jar lists them"
                + " all, with what they mean), from " + from, Map.of("config", crawl)));
        files.put("es-conf/opensearch-conf.yaml", yaml("Where Squall's OpenSearch is and what its indices are"
                + " called, from " + from, Map.of("config", openSearch)));
        files.put("topology.yaml", "# Migrated by `squall migrate` from StormCrawler's "
                + fluxFile.map(project::name).orElse("project") + ".\n" + topologyText);
    }

    /** One file's settings migrated into {@code settings}; the filter files' names kept aside in {@code stormCrawlers}. */
    private static void migrateSettings(SettingsMigration migration, Map<String, Object> fileSettings, String file,
            Map<String, Object> stormCrawlers, Map<String, Object> settings) {
        Map<String, Object> rest = new LinkedHashMap<>(fileSettings);
        for (String key : List.of(URL_FILTERS, PARSE_FILTERS, JSOUP_FILTERS)) {
            if (rest.containsKey(key)) {
                stormCrawlers.put(key, rest.remove(key));
            }
        }
        settings.putAll(migration.migrate(rest, file));
    }

    /** A filter file that a setting names, or the report's line that it is not there. */
    private Optional<Path> filterFile(StormCrawlerProject project, String key, String name, String target) {
        Optional<Path> file = project.find(name);
        if (file.isPresent()) {
            report.mapped(key, name, target);
        } else {
            report.none(key, name, "not found in " + project.dir() + " nor in its src/main/resources; Squall's"
                    + " default applies");
        }
        return file;
    }

    /** A settings file's map: under {@code config:}, as StormCrawler's and Squall's files nest them. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> settingsOf(Map<?, ?> file) {
        Object nested = file.get("config");
        return (Map<String, Object>) (nested instanceof Map<?, ?> m ? m : file);
    }

    private static String yaml(String header, Object document) {
        StringWriter out = new StringWriter();
        out.write("# Migrated by `squall migrate`. " + header + ".\n");
        YamlFiles.write(document, out);
        return out.toString();
    }
}
