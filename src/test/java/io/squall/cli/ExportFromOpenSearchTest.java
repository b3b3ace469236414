package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.core.BulkRequest;

/** What {@code squall export} and {@code squall serve} do to a real node's indices. */
@ExtendWith(OpenSearchExtension.class)
class ExportFromOpenSearchTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theScrollGivesEveryDocumentOnceInPagesOfBoundedSizeAndTheColumnsComeFromTheMapping(TestOpenSearch os)
            throws Exception {
        os.createIndices(Map.of());
        String index = os.indexName(SquallIndex.STATUS);
        Map<String, JsonNode> written = new HashMap<>();
        Random random = new Random(3);
        for (int batch = 0; batch < 5; batch++) {
            BulkRequest.Builder bulk = new BulkRequest.Builder();
            for (int i = 0; i < 500; i++) {
                int n = batch * 500 + i;
                ObjectNode doc = JSON.createObjectNode().put("url", "http://host" + n % 7 + ".example/p" + n)
                        .put("key", "host" + n % 7 + ".example").put("status", random.nextBoolean() ? "FETCHED" : "ERROR")
                        .put("nextFetchDate", "2026-11-25T12:00:00.000Z");
                doc.putObject("metadata").putArray("fetch.statusCode").add(Integer.toString(200 + n % 5));
                written.put(doc.get("url").asText(), doc);
                bulk.operations(o -> o.index(x -> x.index(index).id(doc.get("url").asText()).document(doc)));
            }
            assertTrue(!os.client().bulk(bulk.build()).errors());
        }
        os.refresh(SquallIndex.STATUS);

        Map<String, JsonNode> read = new HashMap<>();
        int pages = 0;
        try (IndexScroll scroll = new IndexScroll(os.client(), index, 300)) {
            for (List<JsonNode> page = scroll.next(); !page.isEmpty(); page = scroll.next()) {
                assertTrue(page.size() <= 300, "a page holds at most its size: " + page.size());
                assertEquals(2_500, scroll.total());
                pages++;
                for (JsonNode doc : page) {
                    assertEquals(null, read.put(doc.get("url").asText(), doc), "each document once");
                }
            }
        }
        assertEquals(9, pages, "2,500 documents in pages of 300");
        assertEquals(written, read, "every document, as written");

        List<String> columns = IndexColumns.of(os.client(), index);
        assertEquals("url", columns.get(0));
        assertTrue(columns.containsAll(List.of("key", "status", "nextFetchDate", "metadata.fetch.statusCode",
                "metadata.error.cause")), columns.toString());
    }

    @Test
    void servedIndicesRefuseWritesUntilTheBlockIsLiftedAndOtherIndicesStayWritable(TestOpenSearch os) throws Exception {
        os.createIndices(Map.of());
        OpenSearchClient client = os.client();
        String status = os.indexName(SquallIndex.STATUS);
        ReadOnlyIndices.block(client, os.config());
        java.io.IOException refused = assertThrows(java.io.IOException.class,
                () -> client.index(i -> i.index(status).id("a").document(Map.of("url", "http://a.example/"))));
        assertTrue(String.valueOf(refused.getCause().getCause()).contains("403 Forbidden"), String.valueOf(refused.getCause()));
        assertEquals(0, client.search(s -> s.index(status), JsonNode.class).hits().hits().size(), "reads work");
        String other = os.prefix() + "dashboards";
        client.index(i -> i.index(other).id("x").document(Map.of("title", "saved object")));

        ReadOnlyIndices.lift(client, os.config());
        client.index(i -> i.index(status).id("a").document(Map.of("url", "http://a.example/")));
        assertEquals(1, os.count(SquallIndex.STATUS));
        client.indices().delete(d -> d.index(other));
    }
}
