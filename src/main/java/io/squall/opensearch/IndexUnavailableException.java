package io.squall.opensearch;

/**
 * OpenSearch answered, but an index could not serve the request: its primary shards are not active (the
 * index is red: a node holding them died, or they were never allocated). Waiting helps only once the shards
 * are assigned again, which is the cluster's business, not the crawl's: the message says where to look.
 */
public class IndexUnavailableException extends OpenSearchUnavailableException {
    private static final long serialVersionUID = 1L;

    public IndexUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
