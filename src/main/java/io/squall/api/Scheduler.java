package io.squall.api;

import java.time.Instant;
import java.util.Optional;

/**
 * Decides when a URL is due again, from the status just decided and its metadata. A scheduler may record
 * its own bookkeeping in the metadata that is about to be stored (the adaptive one keeps its interval).
 *
 * <p>An extension point: {@code scheduler.class} names Squall's ("default", "adaptive", "freshness") or a
 * class of yours implementing this interface. Its lifecycle is every extension's ({@link Extension}); it is
 * configured with the crawl's settings (a key of yours in {@code crawler-conf.yaml} reaches it). Each status
 * updater task builds one and calls it for every status it stores (also DISCOVERED); it must not block (no
 * I/O per URL: the status updater writes in batches and waits for nobody). An exception it throws fails the
 * tuple, which the spout replays.
 */
public interface Scheduler extends Extension {

    /**
     * @param url the URL, normalized (for decisions by path, such as a new URL's first interval)
     * @param hostKey the URL's partition key (its host, by default: the unit the fetcher is polite to), for
     *     a scheduler that shares each host's budget among its URLs
     * @param status the status about to be stored
     * @param metadata the metadata about to be stored; the scheduler may add keys of its own
     * @param now the time the status is stored at
     * @return the next fetch date, or empty when the URL is never to be fetched again
     */
    Optional<Instant> nextFetchDate(String url, String hostKey, Status status, Metadata metadata, Instant now);
}
