package io.squall.opensearch;

import java.io.IOException;

/**
 * A read of the status index whose I/O failure is an {@link OpenSearchUnavailableException} naming the index,
 * in one line: an {@link IndexUnavailableException} when OpenSearch answered that the index cannot serve it.
 */
public final class StatusReads {
    private StatusReads() {
    }

    /** A request to OpenSearch. */
    public interface Read<T> {
        T run() throws IOException;
    }

    public static <T> T read(String index, Read<T> read) {
        try {
            return read.run();
        } catch (IOException e) {
            throw unavailable(index, e);
        }
    }

    private static OpenSearchUnavailableException unavailable(String index, IOException e) {
        String what = "cannot read the status index '" + index + "': " + OpenSearchErrors.describe(e);
        if (ErrorAnswer.of(e).filter(ErrorAnswer::indexUnavailable).isPresent()) {
            return new IndexUnavailableException(what + " (a primary shard of the index is not active; GET"
                    + " _cluster/health/" + index + "?level=shards says which)", e);
        }
        return new OpenSearchUnavailableException(what, e);
    }
}
