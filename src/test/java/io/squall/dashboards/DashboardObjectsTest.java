package io.squall.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The saved objects in dashboards/ against the indices Squall creates (es-conf/*.json): every field they
 * name exists, with a type its aggregation accepts. Dashboards cannot run here; DashboardsIT runs their
 * aggregations against a real crawl.
 */
class DashboardObjectsTest {
    private final SavedObjects objects = SavedObjects.read();

    private static Map<String, String> mapping(SavedObjects.IndexPattern pattern) {
        String definition = IndexMappings.DEFINITION_OF_PATTERN.get(pattern.title());
        assertNotNull(definition, "index pattern '" + pattern.title() + "' is none of Squall's indices");
        return IndexMappings.fieldTypes(definition);
    }

    @Test
    void indexPatternsListTheMappedFieldsWithTheirTypesAndADateAsTimeField() {
        assertEquals(Set.of("status", "content", "metrics-*", "hosts"),
                objects.indexPatterns.values().stream().map(SavedObjects.IndexPattern::title).collect(java.util.stream.Collectors.toSet()));
        for (SavedObjects.IndexPattern pattern : objects.indexPatterns.values()) {
            Map<String, String> mapped = mapping(pattern);
            assertEquals(mapped, pattern.fieldTypes(), "the fields of index pattern '" + pattern.title() + "'");
            if (pattern.timeField() != null) {
                assertEquals("date", mapped.get(pattern.timeField()), pattern.title() + "'s time field");
            }
        }
    }

    @Test
    void everyAggregationNamesAFieldOfATypeItAccepts() {
        assertTrue(objects.visualizations.size() >= 20, "visualizations: " + objects.visualizations.size());
        for (SavedObjects.Visualization vis : objects.visualizations.values()) {
            SavedObjects.IndexPattern pattern = objects.indexPatterns.get(vis.indexPatternId());
            assertNotNull(pattern, vis.title() + ": index pattern " + vis.indexPatternId());
            Map<String, String> mapped = mapping(pattern);
            assertTrue(vis.aggs().stream().anyMatch(SavedObjects.Agg::isMetric), vis.title() + " has a metric");
            for (SavedObjects.Agg agg : vis.aggs()) {
                if (agg.type().equals("count")) {
                    continue;
                }
                String type = mapped.get(agg.field());
                String where = vis.title() + ": " + agg.type() + " on '" + agg.field() + "' (" + type + ")";
                assertNotNull(type, where + " is not a field of " + pattern.title());
                switch (agg.type()) {
                    case "sum", "avg", "min", "max", "histogram" ->
                            assertTrue(IndexMappings.NUMBERS.contains(type), where + " needs a number");
                    case "terms", "cardinality" ->
                            assertTrue(type.equals("keyword") || IndexMappings.NUMBERS.contains(type),
                                    where + " needs a keyword or a number");
                    case "date_histogram" -> assertEquals("date", type, where);
                    default -> throw new AssertionError(where + ": aggregation not checked by this test");
                }
            }
            for (String field : VisualizationQuery.queryFields(vis.query())) {
                assertTrue(mapped.containsKey(field), vis.title() + ": query field '" + field + "'");
            }
        }
    }

    @Test
    void everyVisualizationIsOnADashboardAndEveryPanelExists() {
        Set<String> onDashboards = new HashSet<>();
        assertEquals(4, objects.dashboards.size());
        for (SavedObjects.Dashboard dashboard : objects.dashboards) {
            assertFalse(dashboard.visualizationIds().isEmpty(), dashboard.id());
            for (String id : dashboard.visualizationIds()) {
                assertTrue(objects.visualizations.containsKey(id), dashboard.id() + " shows " + id);
                onDashboards.add(id);
            }
        }
        assertEquals(objects.visualizations.keySet(), onDashboards);
    }

    /** What DashboardsIT calls an empty chart, on answers shaped as OpenSearch gives them. */
    @Test
    void anAnswerIsEmptyWithoutDocumentsBucketsWithDocumentsOrMetricValues() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        String hits = "{\"hits\":{\"total\":{\"value\":%d}},\"aggregations\":%s}";
        assertEquals("no document matched", DashboardSearches.emptiness(json.readTree(hits.formatted(0, "{}"))));
        assertEquals("no bucket in aggregation 2", DashboardSearches.emptiness(json.readTree(hits.formatted(5,
                "{\"2\":{\"buckets\":[{\"key\":1,\"doc_count\":0}]}}"))));
        assertEquals("no value for metric 1", DashboardSearches.emptiness(json.readTree(hits.formatted(5,
                "{\"2\":{\"buckets\":[{\"key\":1,\"doc_count\":5,\"1\":{\"value\":null}}]}}"))));
        assertEquals(null, DashboardSearches.emptiness(json.readTree(hits.formatted(5,
                "{\"2\":{\"buckets\":[{\"key\":1,\"doc_count\":5,\"3\":{\"buckets\":[{\"key\":\"x\","
                        + "\"doc_count\":2,\"1\":{\"value\":0.0}}]}}]}}"))));
    }
}
