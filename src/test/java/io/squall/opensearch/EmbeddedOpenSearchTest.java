package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class EmbeddedOpenSearchTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theNodeLoadsEveryModuleButPainlessAndRefusesPainlessScriptsWithItsReason(TestOpenSearch os)
            throws Exception {
        String plugins = http.send(HttpRequest.newBuilder(URI.create(os.address() + "/_nodes/plugins")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        for (String module : EmbeddedOpenSearch.MODULES) {
            assertTrue(plugins.contains(module), module + " missing from " + plugins);
        }
        assertFalse(plugins.contains("Painless"), plugins);

        os.createIndices(Map.of());
        HttpResponse<String> scripted = http.send(HttpRequest.newBuilder(
                        URI.create(os.address() + "/" + os.indexName(SquallIndex.STATUS) + "/_search"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"query": {"script": {"script": {"lang": "painless", "source": "true"}}}}"""))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, scripted.statusCode(), scripted.body());
        assertTrue(scripted.body().contains("script_lang not supported [painless]"), scripted.body());
    }
}
