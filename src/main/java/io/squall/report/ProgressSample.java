package io.squall.report;

import io.squall.local.StopPolicy;
import java.time.Duration;
import java.util.Map;

/**
 * The state of a running crawl at one moment, from the components' live counters and the status index.
 *
 * @param elapsed time since the topology started
 * @param fetched pages fetched in this run
 * @param bytes bytes of content fetched in this run
 * @param known every URL in the status index, whatever its status: a running total that only grows
 * @param discovered URLs known but never fetched (status DISCOVERED)
 * @param errors URLs that failed in this run (FETCH_ERROR and ERROR outcomes)
 * @param duplicates pages found to be near-duplicates of a page parsed before, in this run
 * @param due URLs whose next fetch date has come, in flight or not
 * @param inFlight URLs emitted by the spout and not yet acked or failed
 * @param handedOut URLs the spout handed out in this run: what {@code --max-pages} counts
 * @param activeThreads fetcher threads busy fetching
 * @param threads fetcher threads in all
 * @param queues fetch queues (hosts) holding URLs
 * @param nextDue when the URL an idle crawl waits for becomes due (see {@link StopPolicy#waitsFor}), else null
 * @param refetches what the fetches of pages fetched before found, in this run
 */
public record ProgressSample(Duration elapsed, long fetched, long bytes, long known, long discovered, long errors,
        long duplicates, long due, long inFlight, long handedOut, long activeThreads, long threads, long queues,
        NextDue nextDue, Refetches refetches) {

    /** What this run's fetches of pages fetched before found of their changes. */
    public record Refetches(long changed, long unchanged, long notModified) {
        static final Refetches NONE = new Refetches(0, 0, 0);
    }

    /** A sample without re-fetches (a run that fetched nothing twice). */
    public ProgressSample(Duration elapsed, long fetched, long bytes, long known, long discovered, long errors,
            long duplicates, long due, long inFlight, long handedOut, long activeThreads, long threads, long queues,
            NextDue nextDue) {
        this(elapsed, fetched, bytes, known, discovered, errors, duplicates, due, inFlight, handedOut, activeThreads,
                threads, queues, nextDue, Refetches.NONE);
    }

    /**
     * Every URL known, from the counts by status: the same snapshot as those counts, and no second request
     * (the status aggregation asks for every status, so its buckets add up to the index's documents).
     */
    public static long known(Map<String, Long> byStatus) {
        return byStatus.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Pages fetched per second since {@code before} (null: since the start). */
    public double pagesPerSecondSince(ProgressSample before) {
        return perSecondSince(before, fetched - (before == null ? 0 : before.fetched));
    }

    /** Kilobytes fetched per second since {@code before} (null: since the start). */
    public double kbPerSecondSince(ProgressSample before) {
        return perSecondSince(before, bytes - (before == null ? 0 : before.bytes)) / 1024.0;
    }

    private double perSecondSince(ProgressSample before, long amount) {
        double seconds = (elapsed.toMillis() - (before == null ? 0 : before.elapsed.toMillis())) / 1000.0;
        return seconds > 0 ? amount / seconds : 0;
    }
}
