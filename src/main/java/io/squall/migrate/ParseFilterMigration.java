package io.squall.migrate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * StormCrawler's parse filters ({@code parsefilters.json}, and the JSoup filters of {@code jsoupfilters.json})
 * as Squall's {@code parsefilters.yaml} entries, and the settings some of them become.
 */
final class ParseFilterMigration extends FilterChainMigration {

    ParseFilterMigration(StormCrawlerProject project, MigrationReport report) {
        super(project, report);
    }

    @Override
    void migrate(FilterChainFile.Entry entry, String file) {
        String label = entry.label();
        switch (FilterChainFile.isStormCrawlers(entry.className()) ? entry.simpleName() : "") {
            case "XPathFilter" -> xpath(entry, file);
            case "MD5SignatureParseFilter" -> {
                settings.put("parser.digest", "MD5");
                report.mapped(file, label, "parser.digest: MD5 (Squall digests every page)");
            }
            case "LDJsonParseFilter" -> entry.params().forEach((key, path) -> report.none(file, label + " " + key,
                    "Squall's structured filter reads JSON-LD by type: write " + key + ": jsonld:TYPE"
                            + String.valueOf(path).replaceFirst("^\\$", "") + " (docs/extending.md#parse-filters)"));
            case "LinkParseFilter" -> report.none(file, label, "no Squall filter adds outlinks");
            case "DomainParseFilter" -> report.none(file, label, "Squall's content index has each page's host (its field host), not its domain");
            case "CommaSeparatedToMultivaluedMetadata" -> report.none(file, label, "Squall's xpath and css filters"
                    + " give all values with all: true");
            case "MimeTypeNormalization" -> report.none(file, label, "Squall's content index has the content type");
            case "" -> report.none(file, label, "a filter of your own: port it to Squall's ParseFilter"
                    + " (docs/extending.md#parse-filters), then list it as type: class");
            default -> report.none(file, label, "not one of Squall's parse filters (docs/extending.md#parse-filters)");
        }
    }

    /**
     * StormCrawler's XPath filter maps a metadata key to an expression or a list of them; Squall's to one
     * expression, so a list becomes its union (the first match in the page, or all with {@code all: true}).
     */
    private void xpath(FilterChainFile.Entry entry, String file) {
        Map<String, Object> params = new LinkedHashMap<>();
        entry.params().forEach((key, value) -> {
            if (value instanceof List<?> expressions) {
                params.put(key, String.join(" | ", expressions.stream().map(String::valueOf).toList()));
            } else {
                params.put(key, String.valueOf(value));
            }
        });
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("type", "xpath");
        filter.put("name", entry.name());
        filter.put("params", params);
        filters.add(filter);
        report.mapped(file, entry.label(), "xpath \"" + entry.name() + "\" (" + params.size() + " fields"
                + (entry.params().values().stream().anyMatch(List.class::isInstance)
                        ? "; a list of expressions as their union" : "") + ")");
    }
}
