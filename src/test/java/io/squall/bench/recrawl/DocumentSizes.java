package io.squall.bench.recrawl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.frontier.StatusWriter;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * Whether a status document stays the same size however often its page is fetched: the JSON bytes of a
 * sample of the documents the crawl wrote (pages it re-fetched) against a sample of those it left as loaded.
 * The loaded ones already carry a history past its memory of fetches, so a document that grew with each
 * fetch would show here.
 */
final class DocumentSizes {
    private static final int SAMPLE = 1_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private DocumentSizes() {
    }

    static String report(OpenSearchClient client, String statusIndex, Instant crawlStart) throws IOException {
        List<Integer> refetched = sizes(client, statusIndex, Query.of(q -> q.range(r -> r.field(StatusWriter.PROCESSED)
                .gte(JsonData.of(crawlStart.toString())))));
        List<Integer> loaded = sizes(client, statusIndex, Query.of(q -> q.range(r -> r.field(StatusWriter.PROCESSED)
                .lt(JsonData.of(crawlStart.toString())))));
        return String.format(Locale.ROOT, "  status documents' JSON bytes: %s re-fetched in the crawl, %s as loaded;"
                + " re-fetched / loaded: %.3f (means)%n", describe(refetched), describe(loaded),
                mean(refetched) / mean(loaded));
    }

    @SuppressWarnings("rawtypes")
    private static List<Integer> sizes(OpenSearchClient client, String index, Query query) throws IOException {
        var response = client.search(s -> s.index(index).size(SAMPLE).query(query), Map.class);
        List<Integer> sizes = new ArrayList<>();
        for (Hit<Map> hit : response.hits().hits()) {
            sizes.add(bytes(hit.source()));
        }
        return sizes;
    }

    private static int bytes(Map<?, ?> source) {
        try {
            return JSON.writeValueAsBytes(source).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a document read from OpenSearch is JSON", e);
        }
    }

    private static String describe(List<Integer> sizes) {
        return sizes.isEmpty() ? "none" : String.format(Locale.ROOT, "%,d (mean %.0f, max %d)", sizes.size(),
                mean(sizes), sizes.stream().mapToInt(Integer::intValue).max().orElse(0));
    }

    private static double mean(List<Integer> sizes) {
        return sizes.stream().mapToInt(Integer::intValue).average().orElse(Double.NaN);
    }
}
