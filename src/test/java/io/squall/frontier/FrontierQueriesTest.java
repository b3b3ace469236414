package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.core.MsearchResponse;

@ExtendWith(OpenSearchExtension.class)
class FrontierQueriesTest {

    @Test
    void theWaitingHostsSearchReadsAsManyOfEachHostsOldestDueUrlsAsItIsAskedFor(TestOpenSearch os) throws Exception {
        os.createIndices(Map.of());
        String index = os.indexName(SquallIndex.STATUS);
        StatusDocs docs = new StatusDocs(os.client(), index);
        Instant old = Instant.now().minusSeconds(3_600);
        List<String> bigHostOldest = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String url = "http://big.example/" + i;
            docs.add(url, "DISCOVERED", old.plusSeconds(i), Map.of());
            if (i < 5) {
                bigHostOldest.add(url);
            }
        }
        for (int i = 0; i < 3; i++) {
            docs.add("http://small.example/" + i, "DISCOVERED", old.plusSeconds(i), Map.of());
        }
        docs.add("http://small.example/tomorrow", "FETCHED", Instant.now().plusSeconds(86_400), Map.of());
        docs.write();

        FrontierQueries queries = new FrontierQueries(index, null, 100);
        List<String> waiting = List.of("big.example", "small.example");
        @SuppressWarnings("rawtypes")
        MsearchResponse<Map> response = os.client().msearch(
                queries.request(List.of(), false, waiting, waiting, 5, false, Instant.now()), Map.class);
        Map<String, List<StatusHit>> byHost =
                FrontierQueries.groupedHits(FrontierQueries.checked(response).responses().get(0));

        assertEquals(bigHostOldest, byHost.get("big.example").stream().map(StatusHit::url).toList(),
                "the 5 oldest of the big host's 30 due URLs, oldest first");
        assertEquals(List.of("http://small.example/0", "http://small.example/1", "http://small.example/2"),
                byHost.get("small.example").stream().map(StatusHit::url).toList(),
                "all of the small host's due URLs");
    }
}
