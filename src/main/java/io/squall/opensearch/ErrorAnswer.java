package io.squall.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.transport.httpclient5.ResponseException;

/**
 * An error OpenSearch answered (so it was reached), in one line: its HTTP status, its error type and reason,
 * as in {@code 503 search_phase_execution_exception: all shards failed}. The client reports an answer either
 * as an {@link OpenSearchException} (the body parsed) or as a {@link ResponseException} whose message carries
 * the raw JSON body after its first line; a user reads neither well, and a failure with no answer at all
 * (refused, timed out) is a different problem with a different fix.
 */
public record ErrorAnswer(int status, String type, String reason) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> SHARD_ERRORS = Set.of("search_phase_execution_exception",
            "no_shard_available_action_exception", "unavailable_shards_exception");

    /** The answer a failure carries somewhere in its causes; empty when OpenSearch did not answer. */
    public static Optional<ErrorAnswer> of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OpenSearchException e) {
                return Optional.of(new ErrorAnswer(e.status(), e.error() == null ? null : e.error().type(),
                        e.error() == null ? null : e.error().reason()));
            }
            if (t instanceof ResponseException e) {
                String message = e.getMessage() == null ? "" : e.getMessage();
                int newline = message.indexOf('\n'); // the body follows the request and status line
                return Optional.of(of(e.status(), newline < 0 ? "" : message.substring(newline + 1)));
            }
        }
        return Optional.empty();
    }

    /**
     * OpenSearch is up, but the index's primary shards are not active: a 503 whose error is about shards, not
     * a cluster block (no cluster manager, state not recovered), which concerns the whole cluster.
     */
    public boolean indexUnavailable() {
        return status == 503 && SHARD_ERRORS.contains(type);
    }

    /** {@code 503 search_phase_execution_exception: all shards failed}, or as much of it as the answer had. */
    @Override
    public String toString() {
        return status + (type == null ? "" : " " + type) + (reason == null ? "" : ": " + reason);
    }

    /** An answer's status and body: its error's type and reason when the body is OpenSearch's JSON error. */
    public static ErrorAnswer of(int status, String body) {
        try {
            JsonNode error = JSON.readTree(body).path("error");
            if (error.isObject()) {
                return new ErrorAnswer(status, text(error, "type"), text(error, "reason"));
            }
            if (error.isTextual()) {
                return new ErrorAnswer(status, null, error.asText());
            }
        } catch (IOException e) {
            // not JSON (a proxy's page): the status alone says what is known
        }
        return new ErrorAnswer(status, null, null);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
