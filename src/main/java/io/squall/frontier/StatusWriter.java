package io.squall.frontier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.ErrorCauses;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.freshness.ChangeDetector;
import io.squall.freshness.ChangeTracker;
import io.squall.freshness.Observation;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.urls.PartitionKeys;
import io.squall.urls.PartitionMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns "this URL now has this status" into a status-index document and hands it to a {@link BulkWriter}.
 *
 * <ul>
 *   <li>DISCOVERED is written create-only: a known URL is never reset by being discovered again. A URL
 *       written recently (bounded cache, {@code opensearch.status.discovered.cache.size}) is not sent at
 *       all: {@link #write} answers {@link Submission#ALREADY_KNOWN} at once.</li>
 *   <li>Any other status overwrites the document. A FETCH_ERROR increments metadata
 *       {@code fetch.error.count}; the {@code max.fetch.errors}-th in a row is stored as ERROR. Other
 *       outcomes clear the count; a refusal of the address guard leaves it as it is.</li>
 *   <li>A FETCHED page's change history is brought up to date first ({@link ChangeTracker}: what this fetch
 *       observed, against the page's last fetch), so that the scheduler can read it.</li>
 *   <li>The next fetch date comes from the {@link Scheduler}; "never" leaves the document without a
 *       {@code nextFetchDate}, so no due-URL query ever matches it.</li>
 *   <li>The metadata's {@code priority} (set by a parse filter on an outlink, and kept in the metadata so
 *       that every later write of the URL keeps it) is also the document's {@code priority}, by which the
 *       spout orders a host's due URLs; a URL without one sorts as 0.</li>
 *   <li>Metadata keys starting with "_" are transient and not stored, nor are keys under the prefixes of
 *       {@code metadata.persist.exclude} (parse results and response headers belong to the content index,
 *       not to the frontier). The partition key is the tuple's
 *       {@code _key} when present (kept from discovery), else computed; documents are routed by it.</li>
 *   <li>An ERROR also deletes the URL's page from the content index (when {@code indexer.enabled}): a
 *       page that is gone is no longer searchable. Both must succeed for the write to succeed.</li>
 *   <li>A document OpenSearch refuses for good (a mapping conflict with the user's index) fails its write,
 *       so the URL comes back; once it was refused {@code max.write.refusals} times, its next write stores
 *       it as ERROR, cause {@code status.refused}, with the refusal as message and none of its metadata
 *       (a URL is parked, not lost, and not refetched for ever).</li>
 * </ul>
 *
 * <p>Counts, in the {@link Counters} it is given, {@code status.written.<STATUS>} (documents created or
 * overwritten), {@code status.errors.<error.cause>} (those of them that are FETCH_ERROR or ERROR, by the
 * cause in their metadata), {@code freshness.observed.<observation>} (first, changed, unchanged,
 * not-modified, unknown), {@code status.known} (DISCOVERED URLs already in the index) and
 * {@code status.failed}.
 */
public final class StatusWriter {
    private static final Logger LOG = LoggerFactory.getLogger(StatusWriter.class);

    /** What {@link #write} did with an update. */
    public enum Submission {
        /** Sent to the bulk writer: its callback will tell. */
        QUEUED,
        /** A DISCOVERED URL written recently: nothing to write, the callback is not called. */
        ALREADY_KNOWN
    }

    /** The field of a status document that says when its status was last written (not on discovery). */
    public static final String PROCESSED = "lastProcessedDate";
    /** The document field by which the spout hands out a host's due URLs, highest first. */
    static final String PRIORITY = "priority";
    private static final String WRITTEN_PREFIX = "status.written.";
    private static final String ERRORS_PREFIX = "status.errors.";
    private static final String KNOWN = "status.known";
    /** Counts what each fetch told of its page's changes: freshness.observed.changed, .unchanged, ... */
    public static final String OBSERVED_PREFIX = "freshness.observed.";
    private static final String FAILED = "status.failed";
    private static final String REFUSED = "status.refused";
    /** URLs that cannot be given a document key (not an http(s) URL to Squall's parser): named in the log. */
    static final String UNKEYABLE = "status.unkeyable";

    private final BulkWriter writer;
    private final Scheduler scheduler;
    private final ChangeTracker changes;
    private final PartitionKeys partitionKeys;
    private final String statusIndex;
    private final String contentIndex;
    private final int maxFetchErrors;
    private final List<String> excludedPrefixes;
    // The ids written recently, each with the newest sitemap or feed date decided for it (NO_DATE: none), so
    // that a URL listed again with the same date costs nothing, and one with a newer date is checked.
    private final Cache<String, Long> knownIds;
    private static final long NO_DATE = Long.MIN_VALUE;
    private final LastmodHints hints;
    // What the fetches found per host, written to the host index every fetcher.hosts.flush.interval (null: none).
    private final HostFreshness hostFreshness;
    private final String hostsIndex;
    private final long hostsFlushMillis;
    private final java.util.concurrent.atomic.AtomicLong hostsFlushedAt = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicBoolean hostsWarned = new java.util.concurrent.atomic.AtomicBoolean();
    // DISCOVERED creates sent and not yet answered, with the callbacks of the same URL rediscovered
    // meanwhile: they share the answer instead of each sending a create that can only 409. Bounded by the
    // writer's buffer and requests in flight (an entry leaves with its answer).
    private final Map<String, List<BulkWriter.Callback>> pendingCreates = new ConcurrentHashMap<>();
    private final Clock clock;
    private final Counters counters;
    private final WriteRefusals refusals;

    public StatusWriter(CrawlerConfig config, BulkWriter writer, Counters counters) {
        this(config, writer, counters, CrawlClock.system());
    }

    public StatusWriter(CrawlerConfig config, BulkWriter writer, Counters counters, Clock clock) {
        this.writer = writer;
        this.counters = counters;
        this.scheduler = Schedulers.fromConfig(config);
        this.changes = new ChangeTracker(new ChangeDetector(config.getInt("freshness.change.distance")));
        this.partitionKeys = new PartitionKeys(PartitionMode.parse(config.getString("partition.url.mode")));
        this.statusIndex = SquallIndex.STATUS.name(config);
        this.contentIndex = config.getBoolean("indexer.enabled") ? SquallIndex.CONTENT.name(config) : null;
        this.maxFetchErrors = config.getInt("max.fetch.errors");
        this.excludedPrefixes = config.getStringList("metadata.persist.exclude");
        this.knownIds = Caffeine.newBuilder()
                .maximumSize(config.getLong("opensearch.status.discovered.cache.size"))
                .build();
        this.refusals = new WriteRefusals(config.getInt("max.write.refusals"));
        this.clock = clock;
        this.hints = config.getBoolean("lastmod.refresh") ? new LastmodHints(writer, statusIndex,
                config.getInt("lastmod.max.misses"), counters, clock) : null;
        Duration hostsFlush = config.getDuration("fetcher.hosts.flush.interval");
        this.hostFreshness = hostsFlush.isNegative() || hostsFlush.isZero() ? null
                : new HostFreshness(config.getLong("scheduler.freshness.hosts.max"));
        this.hostsIndex = SquallIndex.HOSTS.name(config);
        this.hostsFlushMillis = Math.max(1, hostsFlush.toMillis());
        this.hostsFlushedAt.set(clock.millis());
    }

    /**
     * Writes the hosts' freshness figures that changed, and stops checking sitemap and feed dates (those not
     * checked yet fail, so that their tuples come back). Before the bulk writer closes; {@link #close()} after.
     */
    public void drain() {
        flushHosts();
        if (hints != null) {
            hints.close();
        }
    }

    /**
     * Adds the freshness figures of the hosts whose fetches were written since the last time to the bulk, as
     * partial updates of their host-index documents (which the fetchers write the rest of): they go with the
     * status writes, no request of their own.
     */
    public void flushHosts() {
        if (hostFreshness == null) {
            return;
        }
        hostsFlushedAt.set(clock.millis());
        for (Map.Entry<String, Map<String, Object>> e : hostFreshness.changed(clock.instant()).entrySet()) {
            writer.update(hostsIndex, e.getKey(), null, e.getValue(), null, null, true, new BulkWriter.Callback() {
                @Override
                public void succeeded(boolean alreadyExisted) {
                }

                @Override
                public void failed(String reason) {
                    if (hostsWarned.compareAndSet(false, true)) {
                        LOG.warn("Host freshness figures cannot be written to '{}' ({}); the next changes are written"
                                + " again", hostsIndex, reason);
                    }
                }
            });
        }
    }

    private void flushHostsWhenDue() {
        long last = hostsFlushedAt.get();
        if (hostFreshness != null && clock.millis() - last >= hostsFlushMillis
                && hostsFlushedAt.compareAndSet(last, clock.millis())) {
            flushHosts();
        }
    }

    /**
     * The crawl's expected freshness and age as the hosts' plans say: {pages, mean expected freshness, mean
     * expected age in seconds}, NaN without pages planned (or without a host index).
     */
    public double[] expectedFreshness() {
        return hostFreshness == null ? new double[] {0, Double.NaN, Double.NaN} : hostFreshness.overall();
    }

    /**
     * Queues the update of a URL's status.
     *
     * @param url the normalized URL
     * @param metadata its metadata (not modified)
     * @param callback told once OpenSearch has answered, unless {@link Submission#ALREADY_KNOWN} is returned
     * @throws IllegalArgumentException when the URL is no http(s) URL, so it has no key and cannot be stored
     */
    public Submission write(String url, Metadata metadata, Status status, BulkWriter.Callback callback) {
        String id = UrlId.of(url);
        String refusedFor = refusals.parkingReason(id);
        if (refusedFor != null) {
            park(url, id, metadata, refusedFor, callback);
            return Submission.QUEUED;
        }
        Metadata source = metadata == null ? new Metadata() : metadata;
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        // A sitemap's lastmod or a feed's date: for a URL known already, it may make it due (LastmodHints).
        Instant date = status == Status.DISCOVERED && hints != null ? ChangeTracker.hintOf(source, now) : null;
        long dateMillis = date == null ? NO_DATE : date.toEpochMilli();
        if (status == Status.DISCOVERED) {
            Long decided = knownIds.getIfPresent(id);
            if (decided != null && dateMillis <= decided) {
                counters.increment(KNOWN);
                return Submission.ALREADY_KNOWN;
            }
            if (decided != null) {
                String routing = partitionKeys.routingOf(url, keyOf(url, source));
                hints.check(id, routing, date, LastmodHints.datesOf(source), tracking(id, Status.DISCOVERED,
                        dateMillis, null, callback));
                return Submission.QUEUED;
            }
        }
        if (status == Status.DISCOVERED && pendingCreates.computeIfPresent(id, (k, followers) -> {
            followers.add(callback);
            return followers;
        }) != null) {
            return Submission.QUEUED;
        }
        String key = keyOf(url, source);
        Metadata stored = persistable(source);
        Status effective = countFetchErrors(status, stored);
        if (effective == Status.DISCOVERED && !stored.containsKey(MetadataKeys.DISCOVERY_DATE)) {
            stored.set(MetadataKeys.DISCOVERY_DATE, now.toString());
        }
        Observation observed = null;
        HostFreshness.Plan planBefore = null;
        if (effective == Status.FETCHED) {
            observed = changes.fetched(stored, now);
            counters.increment(OBSERVED_PREFIX + observed.label);
            planBefore = HostFreshness.Plan.of(stored);
        }
        Optional<Instant> next = scheduler.nextFetchDate(url, key, effective, stored, now);
        // Counted for its host once written: a write that fails comes back, and would count twice.
        Runnable countForHost = null;
        if (observed != null && hostFreshness != null) {
            Observation observation = observed;
            HostFreshness.Plan before = planBefore;
            HostFreshness.Plan after = scheduler instanceof FreshnessScheduler ? HostFreshness.Plan.of(stored) : null;
            String host = key;
            countForHost = () -> hostFreshness.fetched(host, observation, before, after);
        }
        flushHostsWhenDue();

        Map<String, Object> document = new LinkedHashMap<>();
        document.put("url", url);
        document.put("key", key);
        document.put("status", effective.name());
        next.ifPresent(due -> document.put("nextFetchDate", due.toString()));
        int priority = stored.getInt(MetadataKeys.PRIORITY, 0);
        if (priority != 0) {
            document.put(PRIORITY, priority);
        }
        if (effective != Status.DISCOVERED) {
            document.put(PROCESSED, now.toString());
        }
        document.put("metadata", stored.asMap());

        String routing = partitionKeys.routingOf(url, key);
        BulkWriter.Callback tracked = tracking(id, effective, dateMillis, stored.getFirst(MetadataKeys.ERROR_CAUSE),
                countForHost == null ? callback : afterward(countForHost, callback));
        if (effective == Status.DISCOVERED) {
            pendingCreates.put(id, new ArrayList<>());
            BulkWriter.Callback created = date == null ? tracked : checkedIfKnown(id, routing, date, source, tracked);
            writer.create(statusIndex, id, routing, document, sharedWithFollowers(id, created));
        } else if (effective == Status.ERROR && contentIndex != null) {
            BulkWriter.Callback[] parts = JointCallback.split(tracked, 2);
            writer.index(statusIndex, id, routing, document, parts[0]);
            writer.delete(contentIndex, id, null, parts[1]);
        } else {
            writer.index(statusIndex, id, routing, document, tracked);
        }
        return Submission.QUEUED;
    }

    /** Stores a URL OpenSearch kept refusing as ERROR, with the refusal and nothing of its metadata. */
    private void park(String url, String id, Metadata metadata, String refusal, BulkWriter.Callback callback) {
        String key = metadata == null ? null : metadata.getFirst(MetadataKeys.PARTITION_KEY);
        if (key == null || key.isEmpty()) {
            key = partitionKeys.keyOf(url);
        }
        Metadata stored = new Metadata().set(MetadataKeys.ERROR_CAUSE, REFUSED)
                .set(MetadataKeys.ERROR_MESSAGE, "OpenSearch refused the status document "
                        + refusals.limit() + " times; stored without its metadata. " + refusal);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("url", url);
        document.put("key", key);
        document.put("status", Status.ERROR.name());
        scheduler.nextFetchDate(url, key, Status.ERROR, stored, now).ifPresent(date -> document.put("nextFetchDate",
                date.toString()));
        document.put(PROCESSED, now.toString());
        document.put("metadata", stored.asMap());
        LOG.warn("Storing {} as ERROR without its metadata: {}", url, refusal);
        writer.index(statusIndex, id, partitionKeys.routingOf(url, key), document,
                tracking(id, Status.ERROR, NO_DATE, REFUSED, new BulkWriter.Callback() {
                    @Override
                    public void succeeded(boolean alreadyExisted) {
                        refusals.parked(id);
                        callback.succeeded(alreadyExisted);
                    }

                    @Override
                    public void failed(String reason) {
                        callback.failed(reason);
                    }
                }));
    }

    /** Closes the scheduler: the task is ending, and every write was answered. */
    public void close() {
        scheduler.close();
    }

    /**
     * Queues a URL's new status with the URLs it discovered, the discoveries first (a bulk cut in two puts
     * them in the earlier request). The callback is told once, when every write is answered: success only
     * if all succeeded, a discovery written recently counting as done. A discovery that cannot be stored
     * (no key) is left out, counted and named in a warning.
     *
     * @throws IllegalArgumentException when the URL itself has no key
     */
    public void write(String url, Metadata metadata, Status status, List<Discovered> discovered,
                      BulkWriter.Callback callback) {
        BulkWriter.Callback[] parts = JointCallback.split(callback, discovered.size() + 1);
        for (int i = 0; i < discovered.size(); i++) {
            Discovered d = discovered.get(i);
            try {
                writeOrAnswer(d.url(), d.metadata(), Status.DISCOVERED, parts[i + 1]);
            } catch (IllegalArgumentException e) {
                LOG.warn("Not storing {}, discovered by {}, it has no document key: {}", d.url(), url,
                        e.getMessage());
                counters.increment(UNKEYABLE);
                parts[i + 1].succeeded(false);
            }
        }
        writeOrAnswer(url, metadata, status, parts[0]);
    }

    private void writeOrAnswer(String url, Metadata metadata, Status status, BulkWriter.Callback callback) {
        if (write(url, metadata, status, callback) == Submission.ALREADY_KNOWN) {
            callback.succeeded(true);
        }
    }

    private Status countFetchErrors(Status status, Metadata stored) {
        if (status == Status.DISCOVERED) {
            return status;
        }
        if (status != Status.FETCH_ERROR) {
            stored.remove(MetadataKeys.FETCH_ERROR_COUNT);
            return status;
        }
        if (ErrorCauses.ADDRESS_GUARD.equals(stored.getFirst(MetadataKeys.ERROR_CAUSE))) {
            return status; // the user's allow-list decides, not the server: no number of refusals makes it final
        }
        int errors = stored.getInt(MetadataKeys.FETCH_ERROR_COUNT, 0) + 1;
        stored.set(MetadataKeys.FETCH_ERROR_COUNT, Integer.toString(errors));
        return maxFetchErrors > 0 && errors >= maxFetchErrors ? Status.ERROR : Status.FETCH_ERROR;
    }

    private Metadata persistable(Metadata metadata) {
        Metadata stored = new Metadata();
        for (Map.Entry<String, List<String>> e : metadata.asMap().entrySet()) {
            if (isPersisted(e.getKey())) {
                stored.set(e.getKey(), e.getValue());
            }
        }
        return stored;
    }

    private boolean isPersisted(String key) {
        if (key.startsWith("_")) {
            return false;
        }
        for (String prefix : excludedPrefixes) {
            if (key.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /** Tells the followers of a pending create what became of it, once it is answered. */
    private BulkWriter.Callback sharedWithFollowers(String id, BulkWriter.Callback first) {
        return new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
                List<BulkWriter.Callback> followers = pendingCreates.remove(id);
                try {
                    first.succeeded(alreadyExisted);
                } finally {
                    for (BulkWriter.Callback follower : followers == null ? List.<BulkWriter.Callback>of() : followers) {
                        counters.increment(KNOWN);
                        follower.succeeded(true);
                    }
                }
            }

            @Override
            public void failed(String reason) {
                List<BulkWriter.Callback> followers = pendingCreates.remove(id);
                try {
                    first.failed(reason);
                } finally {
                    for (BulkWriter.Callback follower : followers == null ? List.<BulkWriter.Callback>of() : followers) {
                        counters.increment(FAILED);
                        follower.failed(reason);
                    }
                }
            }
        };
    }

    /** The callback, once {@code counted} ran on success. */
    private static BulkWriter.Callback afterward(Runnable counted, BulkWriter.Callback callback) {
        return BulkWriter.Callback.onSuccess(callback, alreadyExisted -> {
            counted.run();
            callback.succeeded(alreadyExisted);
        });
    }

    private String keyOf(String url, Metadata metadata) {
        String key = metadata.getFirst(MetadataKeys.PARTITION_KEY);
        return key == null || key.isEmpty() ? partitionKeys.keyOf(url) : key;
    }

    /** A create's callback that, when the URL turns out known already, has its sitemap or feed date checked first. */
    private BulkWriter.Callback checkedIfKnown(String id, String routing, Instant date, Metadata source,
                                               BulkWriter.Callback tracked) {
        return BulkWriter.Callback.onSuccess(tracked, alreadyExisted -> {
            if (alreadyExisted) {
                hints.check(id, routing, date, LastmodHints.datesOf(source), tracked);
            } else {
                tracked.succeeded(false);
            }
        });
    }

    /** @param date the sitemap or feed date now decided for the URL, or {@link #NO_DATE} */
    private BulkWriter.Callback tracking(String id, Status status, long date, String errorCause,
                                         BulkWriter.Callback callback) {
        return new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
                // Only a confirmed write makes a URL known: a failed one must be retried when rediscovered.
                knownIds.asMap().merge(id, date, Math::max);
                counters.increment(alreadyExisted ? KNOWN : WRITTEN_PREFIX + status.name());
                if (status == Status.FETCH_ERROR || status == Status.ERROR) {
                    counters.increment(ERRORS_PREFIX + (errorCause == null || errorCause.isEmpty() ? "unknown"
                            : errorCause));
                }
                callback.succeeded(alreadyExisted);
            }

            @Override
            public void failed(String reason) {
                counters.increment(FAILED);
                callback.failed(reason);
            }

            @Override
            public void refused(String reason) {
                counters.increment(REFUSED);
                refusals.refused(id, reason);
                failed(reason);
            }
        };
    }
}
