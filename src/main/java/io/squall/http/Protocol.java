package io.squall.http;

import io.squall.api.Metadata;

/** Fetches one URL. Implementations are thread-safe: the fetcher's threads share one instance. */
public interface Protocol extends AutoCloseable {

    /**
     * Fetches the URL once, following no redirect.
     *
     * @param metadata the URL's metadata; its stored validators ({@code last-modified}, {@code etag}) make
     *                 the request conditional
     * @return the server's answer, whatever its status code
     * @throws FetchException when no answer came (timeout, refused, reset, DNS, guard...)
     */
    FetchResponse fetch(String url, Metadata metadata) throws FetchException;

    @Override
    void close();
}
