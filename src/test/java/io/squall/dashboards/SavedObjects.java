package io.squall.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The saved objects of {@code dashboards/*.ndjson} as the tests need them: index patterns, visualizations
 * (their aggregations and query, read from the JSON strings Dashboards keeps them in) and dashboards.
 */
final class SavedObjects {
    static final Path DIR = Path.of("dashboards");
    static final List<String> FILES = List.of("status.ndjson", "metrics.ndjson", "content.ndjson",
            "hosts.ndjson");
    private static final ObjectMapper JSON = new ObjectMapper();

    record IndexPattern(String id, String title, String timeField, Map<String, String> fieldTypes) {
    }

    /** One aggregation of a visualization: its id, type, schema (metric, segment, group...) and params. */
    record Agg(String id, String type, String schema, JsonNode params) {
        String field() {
            return params.path("field").asText(null);
        }

        boolean isMetric() {
            return schema.equals("metric");
        }
    }

    record Visualization(String id, String title, String indexPatternId, String query, List<Agg> aggs) {
    }

    record Dashboard(String id, List<String> visualizationIds) {
    }

    final Map<String, IndexPattern> indexPatterns = new LinkedHashMap<>();
    final Map<String, Visualization> visualizations = new LinkedHashMap<>();
    final List<Dashboard> dashboards = new ArrayList<>();

    static SavedObjects read() {
        SavedObjects objects = new SavedObjects();
        for (String file : FILES) {
            try {
                for (String line : Files.readAllLines(DIR.resolve(file))) {
                    if (!line.isBlank()) {
                        objects.add(file, JSON.readTree(line));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return objects;
    }

    private void add(String file, JsonNode object) throws IOException {
        String id = object.path("id").asText();
        JsonNode attributes = object.path("attributes");
        switch (object.path("type").asText()) {
            case "index-pattern" -> {
                Map<String, String> fields = new LinkedHashMap<>();
                for (JsonNode field : JSON.readTree(attributes.path("fields").asText("[]"))) {
                    fields.put(field.path("name").asText(), field.path("esTypes").path(0).asText());
                }
                indexPatterns.put(id, new IndexPattern(id, attributes.path("title").asText(),
                        attributes.path("timeFieldName").asText(null), fields));
            }
            case "visualization" -> {
                JsonNode visState = JSON.readTree(attributes.path("visState").asText());
                JsonNode search = JSON.readTree(attributes.path("kibanaSavedObjectMeta").path("searchSourceJSON").asText());
                List<Agg> aggs = new ArrayList<>();
                for (JsonNode agg : visState.path("aggs")) {
                    if (agg.path("enabled").asBoolean(true)) {
                        aggs.add(new Agg(agg.path("id").asText(), agg.path("type").asText(), agg.path("schema").asText(),
                                agg.path("params")));
                    }
                }
                String indexRef = search.path("indexRefName").asText();
                String patternId = null;
                for (JsonNode ref : object.path("references")) {
                    if (ref.path("name").asText().equals(indexRef)) {
                        patternId = ref.path("id").asText();
                    }
                }
                visualizations.put(id, new Visualization(id, attributes.path("title").asText(), patternId,
                        search.path("query").path("query").asText(""), aggs));
            }
            case "dashboard" -> {
                List<String> panels = new ArrayList<>();
                for (JsonNode ref : object.path("references")) {
                    panels.add(ref.path("id").asText());
                }
                dashboards.add(new Dashboard(id, panels));
            }
            default -> throw new AssertionError(file + ": unexpected saved object type in " + object);
        }
    }
}
