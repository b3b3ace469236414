package io.squall.bench.recrawl;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * The spout's searches of the status index over a span of time, as the crawl's metrics index holds them
 * (every task reports every 10 s): the median of the reported medians of {@code spout.search.ms}, and the
 * searches made (the increase of its count). Storm's histogram keeps a sample weighted to about the last five
 * minutes, so a minute's median is smoothed over the minutes before it.
 */
final class SpoutSearches {
    static final String P50 = "spout.search.ms.p50";
    static final String COUNT = "spout.search.ms.count";

    /** @param p50Millis NaN when no task reported in the span */
    record Figures(double p50Millis, long searches) {
    }

    private final OpenSearchClient client;
    private final String metricsPattern;

    SpoutSearches(OpenSearchClient client, String metricsPattern) {
        this.client = client;
        this.metricsPattern = metricsPattern;
    }

    @SuppressWarnings("rawtypes")
    Figures between(Instant from, Instant to) throws IOException {
        var response = client.search(s -> s.index(metricsPattern).size(1_000)
                .query(q -> q.bool(b -> b
                        .filter(f -> f.terms(t -> t.field("name").terms(v -> v.value(List.of(FieldValue.of(P50),
                                FieldValue.of(COUNT))))))
                        .filter(f -> f.range(r -> r.field("timestamp").gte(JsonData.of(from.toString()))
                                .lt(JsonData.of(to.toString())))))), Map.class);
        List<Double> medians = new ArrayList<>();
        long searches = 0;
        for (Hit<Map> hit : response.hits().hits()) {
            Map source = hit.source();
            if (P50.equals(source.get("name"))) {
                medians.add(((Number) source.get("value")).doubleValue());
            } else if (source.get("delta") instanceof Number delta) {
                searches += delta.longValue();
            }
        }
        return new Figures(Stats.median(medians), searches);
    }
}
