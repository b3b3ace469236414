package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch._types.ErrorResponse;
import org.opensearch.client.opensearch._types.OpenSearchException;

class BulkFailuresTest {

    private static OpenSearchException answered(int status, String type) {
        return new OpenSearchException(ErrorResponse.of(e -> e.status(status).error(c -> c.type(type).reason("r"))));
    }

    @Test
    void aBusyOrRecoveringOpenSearchOrNoAnswerPassesAMalformedRequestDoesNot() {
        assertTrue(BulkFailures.isTransient(answered(429, "es_rejected_execution_exception")));
        assertTrue(BulkFailures.isTransient(new IOException("wrapped", answered(503, "unavailable_shards_exception"))));
        assertTrue(BulkFailures.isTransient(new ConnectException("Connection refused")), "no answer at all");
        assertFalse(BulkFailures.isTransient(answered(400, "mapper_parsing_exception")));
        assertTrue(BulkFailures.isTransient(403, "cluster_block_exception"), "a full disk's write block");
    }
}
