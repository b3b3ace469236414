package io.squall.dashboards;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A visualization as the OpenSearch search Dashboards sends for it: its query and its aggregations, bucket
 * aggregations nested in their order with the metric aggregations inside each level (as Dashboards does, so
 * that terms can be ordered by a metric). The query language is the small part of KQL the dashboards use:
 * {@code field:value} and {@code field:prefix*} joined by {@code or}; anything else fails the test.
 */
final class VisualizationQuery {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CLAUSE = Pattern.compile("([\\w.]+):([\\w.\\-]+)(\\*?)");
    private static final Map<String, String> INTERVALS = Map.of("s", "1s", "m", "1m", "h", "1h", "d", "1d",
            "auto", "1m");

    private VisualizationQuery() {
    }

    /** The fields the query names. */
    static List<String> queryFields(String kql) {
        List<String> fields = new ArrayList<>();
        for (String clause : clauses(kql)) {
            Matcher m = matcher(clause);
            fields.add(m.group(1));
        }
        return fields;
    }

    static ObjectNode searchBody(SavedObjects.Visualization vis) {
        ObjectNode body = JSON.createObjectNode();
        body.put("size", 0);
        body.put("track_total_hits", true);
        body.set("query", query(vis.query()));
        List<SavedObjects.Agg> metrics = vis.aggs().stream().filter(SavedObjects.Agg::isMetric).toList();
        List<SavedObjects.Agg> buckets = vis.aggs().stream().filter(a -> !a.isMetric()).toList();
        ObjectNode level = body;
        for (SavedObjects.Agg bucket : buckets) {
            ObjectNode aggs = level.putObject("aggs");
            addMetrics(aggs, metrics);
            level = aggs.putObject(bucket.id());
            level.set(bucket.type(), bucketParams(bucket));
        }
        addMetrics(level.putObject("aggs"), metrics);
        return body;
    }

    private static void addMetrics(ObjectNode aggs, List<SavedObjects.Agg> metrics) {
        for (SavedObjects.Agg metric : metrics) {
            if (!metric.type().equals("count")) {
                aggs.putObject(metric.id()).putObject(metric.type()).put("field", metric.field());
            }
        }
    }

    private static ObjectNode bucketParams(SavedObjects.Agg agg) {
        ObjectNode params = JSON.createObjectNode().put("field", agg.field());
        switch (agg.type()) {
            case "terms" -> params.put("size", agg.params().path("size").asInt(10));
            case "date_histogram" -> {
                String interval = INTERVALS.get(agg.params().path("interval").asText());
                if (interval == null) {
                    throw new AssertionError("unknown date_histogram interval in " + agg);
                }
                params.put("fixed_interval", interval).put("min_doc_count", 1);
            }
            case "histogram" -> params.put("interval", agg.params().path("interval").asDouble());
            default -> throw new AssertionError("bucket aggregation not read by this test: " + agg.type());
        }
        return params;
    }

    private static ObjectNode query(String kql) {
        ObjectNode query = JSON.createObjectNode();
        List<String> clauses = clauses(kql);
        if (clauses.isEmpty()) {
            query.putObject("match_all");
            return query;
        }
        ArrayNode should = query.putObject("bool").put("minimum_should_match", 1).putArray("should");
        for (String clause : clauses) {
            Matcher m = matcher(clause);
            String kind = m.group(3).isEmpty() ? "term" : "prefix";
            should.addObject().putObject(kind).put(m.group(1), m.group(2));
        }
        return query;
    }

    private static List<String> clauses(String kql) {
        return kql.isBlank() ? List.of() : List.of(kql.trim().split("\\s+or\\s+"));
    }

    private static Matcher matcher(String clause) {
        Matcher m = CLAUSE.matcher(clause.trim());
        if (!m.matches()) {
            throw new AssertionError("query clause not read by this test: '" + clause + "'");
        }
        return m;
    }
}
