package io.squall.opensearch;

import java.io.IOException;

/** A read of the status index whose I/O failure is an {@link OpenSearchUnavailableException} naming the index. */
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
            throw new OpenSearchUnavailableException("cannot read the status index '" + index + "': " + e.getMessage(), e);
        }
    }
}
