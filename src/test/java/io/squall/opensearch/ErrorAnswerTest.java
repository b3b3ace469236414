package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ErrorAnswerTest {

    @Test
    void openSearchsJsonErrorIsReadAsItsStatusTypeAndReason() {
        ErrorAnswer answer = ErrorAnswer.of(503, "{\"error\":{\"root_cause\":[],\"type\":\"search_phase_execution_exception\","
                + "\"reason\":\"all shards failed\",\"phase\":\"query\"},\"status\":503}");
        assertEquals("503 search_phase_execution_exception: all shards failed", answer.toString());
        assertTrue(answer.indexUnavailable());
    }

    @Test
    void aClusterBlockIsNotAnIndexProblemAndAPageThatIsNotJsonKeepsItsStatus() {
        assertFalse(ErrorAnswer.of(503, "{\"error\":{\"type\":\"cluster_block_exception\",\"reason\":\"blocked by: "
                + "[SERVICE_UNAVAILABLE/2/no cluster-manager];\"},\"status\":503}").indexUnavailable());
        assertEquals("502", ErrorAnswer.of(502, "<html><body>Bad Gateway</body></html>").toString());
        assertEquals("400: no handler found", ErrorAnswer.of(400, "{\"error\":\"no handler found\"}").toString());
    }

    @Test
    void noAnswerIsDescribedByItsRootCauseInOneLine() {
        Exception failure = new RuntimeException("wrapped", new ConnectException("Connection refused\nsecond line"));
        assertEquals(Optional.empty(), ErrorAnswer.of(failure));
        assertEquals("ConnectException: Connection refused", OpenSearchErrors.describe(failure));
    }
}
