package io.squall.migrate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A StormCrawler filter file (a JSON chain) as entries of one of Squall's filter files, and the settings some
 * of its filters become: each subclass maps one entry, and says what it became in the report.
 */
abstract class FilterChainMigration {
    protected final StormCrawlerProject project;
    protected final MigrationReport report;
    protected final List<Map<String, Object>> filters = new ArrayList<>();
    protected final Map<String, Object> settings = new LinkedHashMap<>();

    FilterChainMigration(StormCrawlerProject project, MigrationReport report) {
        this.project = project;
        this.report = report;
    }

    /** Squall's entries, in the chain's order. */
    final List<Map<String, Object>> filters() {
        return filters;
    }

    /** The settings some of the filters became. */
    final Map<String, Object> settings() {
        return settings;
    }

    final void migrate(Path file) {
        String name = project.name(file);
        for (FilterChainFile.Entry entry : FilterChainFile.read(file)) {
            migrate(entry, name);
        }
    }

    /** Maps one entry of the chain, read from {@code file} (its name in the project). */
    abstract void migrate(FilterChainFile.Entry entry, String file);
}
