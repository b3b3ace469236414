package io.squall.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;

/**
 * Runs the search of every visualization in dashboards/ against real indices, the index patterns' titles
 * replaced by the indices a test crawl wrote (its own names on a shared node).
 */
public final class DashboardSearches {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final SavedObjects objects = SavedObjects.read();
    private final Map<String, String> indexOfPattern;

    /** One visualization's search and OpenSearch's answer. */
    public record Run(String title, String request, JsonNode answer) {
    }

    /** @param indexOfPattern for each index pattern title (status, content, metrics-*), the index to search */
    public DashboardSearches(Map<String, String> indexOfPattern) {
        this.indexOfPattern = indexOfPattern;
    }

    public List<Run> runAll(OpenSearchClient client) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (SavedObjects.Visualization vis : objects.visualizations.values()) {
            String index = indexOfPattern.get(objects.indexPatterns.get(vis.indexPatternId()).title());
            ObjectNode body = VisualizationQuery.searchBody(vis);
            try (Response response = client.generic().execute(Requests.builder().method("POST")
                    .endpoint("/" + index + "/_search").json(JSON.writeValueAsString(body)).build())) {
                String answer = response.getBody().map(b -> b.bodyAsString()).orElse("{}");
                if (response.getStatus() != 200) {
                    throw new AssertionError(vis.title() + ": OpenSearch answered " + response.getStatus() + " "
                            + answer + " to " + body);
                }
                runs.add(new Run(vis.title(), body.toString(), JSON.readTree(answer)));
            }
        }
        return runs;
    }

    /**
     * Why an answer would draw an empty chart: no document matched, a bucket aggregation has no bucket
     * with documents, or a metric has no value there; null when it has data.
     */
    public static String emptiness(JsonNode answer) {
        if (answer.path("hits").path("total").path("value").asLong() == 0) {
            return "no document matched";
        }
        return emptinessOf(answer.path("aggregations"));
    }

    private static String emptinessOf(JsonNode level) {
        for (Iterator<Map.Entry<String, JsonNode>> it = level.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> agg = it.next();
            if (agg.getValue().has("buckets")) {
                String last = "no bucket in aggregation " + agg.getKey();
                for (JsonNode bucket : agg.getValue().path("buckets")) {
                    if (bucket.path("doc_count").asLong() > 0) {
                        last = emptinessOf(bucket);
                        if (last == null) {
                            return null;
                        }
                    }
                }
                return last;
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = level.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> agg = it.next();
            if (agg.getValue().has("value") && agg.getValue().path("value").isNull()) {
                return "no value for metric " + agg.getKey();
            }
        }
        return null;
    }
}
