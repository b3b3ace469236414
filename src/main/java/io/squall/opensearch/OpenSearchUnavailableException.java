package io.squall.opensearch;

/** OpenSearch could not be reached; the message names the addresses and says what to do. */
public class OpenSearchUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OpenSearchUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
