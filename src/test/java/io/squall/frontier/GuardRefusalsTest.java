package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class GuardRefusalsTest {
    private static final String LATER = "2099-01-01T00:00:00Z";

    @Test
    void onlyTheAddressGuardsRefusalsBecomeDueNow(TestOpenSearch os) throws Exception {
        os.createIndices(Map.of());
        String index = os.indexName(SquallIndex.STATUS);
        put(os, index, "refused", "FETCH_ERROR", "address.guard");
        put(os, index, "refused-too", "FETCH_ERROR", "address.guard");
        put(os, index, "timed-out", "FETCH_ERROR", "timeout");
        put(os, index, "fetched", "FETCHED", null);
        os.refresh(SquallIndex.STATUS);
        Instant now = Instant.parse("2026-11-26T15:00:00Z");

        long made = new GuardRefusals(os.client(), index).makeDue(now);

        assertEquals(2, made);
        assertEquals(now, Instant.parse((String) os.statusDocument("refused").get("nextFetchDate")));
        assertEquals(now, Instant.parse((String) os.statusDocument("refused-too").get("nextFetchDate")));
        assertEquals(LATER, os.statusDocument("timed-out").get("nextFetchDate"), "another cause waits its interval");
        assertEquals(LATER, os.statusDocument("fetched").get("nextFetchDate"));
        assertEquals("FETCH_ERROR", os.statusDocument("refused").get("status"), "the status stays, only its date moves");
        assertEquals(0, new GuardRefusals(os.client(), index).makeDue(now), "already due: nothing left to change");
    }

    private static void put(TestOpenSearch os, String index, String id, String status, String cause) throws Exception {
        Map<String, Object> metadata = cause == null ? Map.of() : Map.of("error.cause", List.of(cause));
        os.client().index(i -> i.index(index).id(id).document(Map.of("url", "http://127.0.0.2/" + id,
                "key", "127.0.0.2", "status", status, "nextFetchDate", LATER, "metadata", metadata)));
    }
}
