package io.squall.warc;

import io.squall.api.Metadata;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.http.Protocol;
import java.util.function.Consumer;

/**
 * A protocol whose every answer (pages, redirects, error pages, robots.txt) is also handed to an archive.
 * A fetch that got no answer leaves nothing to archive.
 */
public final class ArchivingProtocol implements Protocol {
    private final Protocol protocol;
    private final Consumer<FetchResponse> archive;

    /** @param archive takes each answer; called on the fetch thread, so it must not wait */
    public ArchivingProtocol(Protocol protocol, Consumer<FetchResponse> archive) {
        this.protocol = protocol;
        this.archive = archive;
    }

    @Override
    public FetchResponse fetch(String url, Metadata metadata) throws FetchException {
        FetchResponse response = protocol.fetch(url, metadata);
        archive.accept(response);
        return response;
    }

    @Override
    public void close() {
        protocol.close();
    }
}
