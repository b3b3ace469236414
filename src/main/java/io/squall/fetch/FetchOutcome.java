package io.squall.fetch;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import java.util.List;

/**
 * The fate of one fetched URL: its status (null when the content goes on to the parser), its updated
 * metadata, the content, URLs it made known (a redirect target), and what the turn tells its queue.
 */
public record FetchOutcome(Status status, Metadata metadata, byte[] content, List<Discovered> discovered,
        HostQueues.Feedback feedback) {

    /** True when the content is emitted on the default stream for parsing. */
    public boolean isContent() {
        return status == null;
    }
}
