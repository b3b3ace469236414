package io.squall.migrate;

import io.squall.api.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * StormCrawler's URL filters ({@code urlfilters.json}) as Squall's {@code urlfilters.yaml} entries, and the
 * settings some of them become (normalization is a setting in Squall, not a filter).
 */
final class UrlFilterMigration extends FilterChainMigration {

    UrlFilterMigration(StormCrawlerProject project, MigrationReport report) {
        super(project, report);
    }

    @Override
    void migrate(FilterChainFile.Entry entry, String file) {
        Map<String, Object> params = entry.params();
        String label = entry.label();
        switch (FilterChainFile.isStormCrawlers(entry.className()) ? entry.simpleName() : "") {
            case "BasicURLFilter" -> {
                List<String> to = new ArrayList<>();
                if (params.get("maxPathRepetition") instanceof Number n) {
                    add("pathRepetition", Map.of("maxRepeats", n.intValue()));
                    to.add("pathRepetition (maxRepeats " + n + ")");
                }
                if (params.get("maxLength") instanceof Number n && n.intValue() > 0) {
                    add("maxLength", Map.of("max", n.intValue()));
                    to.add("maxLength (max " + n + ")");
                }
                report.mapped(file, label, to.isEmpty() ? "nothing: its params ask for no check" : String.join(", ", to));
            }
            case "MaxDepthFilter" -> {
                int max = params.get("maxDepth") instanceof Number n ? n.intValue() : -1;
                add("depth", Map.of("max", max));
                report.mapped(file, label, "depth (max " + max + ")");
            }
            case "HostURLFilter" -> {
                // StormCrawler's defaults: ignoreOutsideHost false, ignoreOutsideDomain true.
                String mode = Boolean.TRUE.equals(params.get("ignoreOutsideHost")) ? "host"
                        : Boolean.FALSE.equals(params.get("ignoreOutsideDomain")) ? "all" : "domain";
                add("scope", Map.of("mode", mode));
                report.mapped(file, label, "scope (mode " + mode + ")");
            }
            case "RegexURLFilter" -> regex(entry, file);
            case "BasicURLNormalizer" -> {
                String to = "Squall's normalization (always on: the WHATWG URL standard, fragments removed,"
                        + " session ids removed by urlnormalizer.remove.session.ids)";
                if (params.get("queryElementsToRemove") instanceof List<?> removed && !removed.isEmpty()) {
                    settings.put("urlnormalizer.remove.params", removed.stream().map(String::valueOf).toList());
                    to += ", its queryElementsToRemove as urlnormalizer.remove.params";
                }
                report.mapped(file, label, to);
            }
            case "RegexURLNormalizer" -> report.none(file, label, "Squall's normalization has no regex rewrites:"
                    + " a URL filter of your own (type class) may rewrite URLs");
            case "FastURLFilter" -> report.none(file, label, "write its rules as a regex filter's (type regex)");
            case "MetadataFilter" -> report.none(file, label, "a URL filter of your own (type class) gets each"
                    + " URL's metadata");
            case "SelfURLFilter" -> report.none(file, label, "Squall stores a URL once, by its id: a page's link"
                    + " to itself is already known");
            case "" -> report.none(file, label, "a filter of your own: port it to Squall's UrlFilter"
                    + " (docs/extending.md#url-filters), then list it as type: class");
            default -> report.none(file, label, "not one of Squall's URL filters (docs/extending.md#url-filters)");
        }
    }

    /**
     * A regex filter: its rules, from its file ({@code regexFilterFile}) or its list ({@code urlFilters}), each
     * {@code +regex} or {@code -regex}, the first that matches deciding; a URL none matches is refused, as in
     * StormCrawler.
     */
    private void regex(FilterChainFile.Entry entry, String file) {
        List<String> rules = new ArrayList<>();
        String source;
        if (entry.params().get("urlFilters") instanceof List<?> inline) {
            inline.forEach(rule -> rules.add(String.valueOf(rule).strip()));
            source = "its urlFilters";
        } else {
            String rulesFile = String.valueOf(entry.params().getOrDefault("regexFilterFile", "default-regex-filters.txt"));
            Optional<Path> found = project.find(rulesFile);
            if (found.isEmpty()) {
                report.none(file, entry.label(), "its rules file " + rulesFile + " is not in the project (nor in"
                        + " src/main/resources)");
                return;
            }
            source = project.name(found.get());
            rules.addAll(rulesOf(found.get()));
        }
        add("regex", Map.of("rules", rules, "default", "reject"));
        report.mapped(file, entry.label(), "regex (" + rules.size() + " rules from " + source
                + ", refusing the URLs no rule matches)");
    }

    /** The rules of a StormCrawler (and Nutch) regex file: {@code +regex} or {@code -regex} a line, {@code #} comments. */
    private List<String> rulesOf(Path rulesFile) {
        List<String> rules = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(rulesFile);
        } catch (IOException e) {
            throw new UncheckedIOException(rulesFile + ": cannot read", e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.length() < 2 || (line.charAt(0) != '+' && line.charAt(0) != '-')) {
                throw new ConfigException(rulesFile + ":" + (i + 1) + ": a rule starts with + or - followed by a"
                        + " regex, got '" + line + "'");
            }
            rules.add(line);
        }
        return rules;
    }

    private void add(String type, Map<String, Object> params) {
        Map<String, Object> filter = new LinkedHashMap<>();
        filter.put("type", type);
        filter.put("params", params);
        filters.add(filter);
    }
}
