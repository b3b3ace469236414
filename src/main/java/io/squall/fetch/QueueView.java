package io.squall.fetch;

/**
 * One host queue of a fetcher at a moment (see {@link HostQueues#views}); times in milliseconds from that moment.
 *
 * @param key the queue's partition key (a host, domain or IP, after {@code partition.url.mode})
 * @param queued URLs waiting in the queue
 * @param inFlight URLs of the queue being fetched
 * @param delayMs the queue's current delay between two fetches: {@code fetcher.server.delay}, the adaptive
 *     delay, robots.txt's larger Crawl-delay, or the back-off that outlasts them
 * @param nextFetchInMs how long until the queue may start its next fetch (0: now), delay, back-off and pause included
 * @param backOffMs how long a back-off (HTTP 429/503, Retry-After) still blocks the queue
 * @param pausedMs how long the queue is still paused after spending its error budget
 * @param errors exceptions (no answer, timeouts) since the queue was created
 * @param consecutiveErrors exceptions in a row, which pause the queue at {@code fetcher.max.exceptions.per.queue}
 * @param backOffLevel how many back-offs in a row doubled the block
 * @param delayReason where {@code delayMs} comes from
 */
public record QueueView(String key, int queued, int inFlight, long delayMs, long nextFetchInMs, long backOffMs,
        long pausedMs, int errors, int consecutiveErrors, int backOffLevel, DelayReason delayReason) {

    /** Whether a back-off or a pause keeps the queue from fetching now. */
    public boolean blocked() {
        return backOffMs > 0 || pausedMs > 0;
    }
}
