package io.squall.api;

import java.time.Instant;
import java.util.Optional;

/**
 * Decides when a URL is due again, from the status just decided and its metadata. A scheduler may record
 * its own bookkeeping in the metadata that is about to be stored (the adaptive one keeps its interval).
 *
 * <p>An extension point: {@code scheduler.class} names Squall's ("default", "adaptive", "freshness") or a class of
 * yours implementing this interface with a public constructor taking the {@code CrawlerConfig}. Each
 * status updater task builds one and calls it from that task's thread only, for every status it stores
 * (also DISCOVERED); it must not block (no I/O per URL). It is also built once where the crawl starts, so
 * that a class that cannot be built stops the crawl before anything runs. An exception it throws fails the
 * tuple, which the spout replays.
 */
public interface Scheduler {

    /**
     * @param status the status about to be stored
     * @param metadata the metadata about to be stored; the scheduler may add keys of its own
     * @return the next fetch date, or empty when the URL is never to be fetched again
     */
    Optional<Instant> nextFetchDate(Status status, Metadata metadata, Instant now);

    /**
     * The same, knowing the URL's partition key (its host, by default: the unit the fetcher is polite to), for
     * a scheduler that shares each host's budget among its URLs. The status writer calls this one; by default
     * it ignores the key.
     */
    default Optional<Instant> nextFetchDate(String hostKey, Status status, Metadata metadata, Instant now) {
        return nextFetchDate(status, metadata, now);
    }
}
