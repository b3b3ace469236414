package io.squall.frontier;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.api.Status;
import io.squall.freshness.ChangeHistory;
import io.squall.freshness.ChangeTracker;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.core.MgetResponse;
import org.opensearch.client.opensearch.core.get.GetResult;
import org.opensearch.client.opensearch.core.mget.MultiGetOperation;
import org.opensearch.client.opensearch.core.mget.MultiGetResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sitemap's {@code lastmod} or a feed entry's date for a URL the status index knows already: when it is later
 * than the URL's last fetch, the page changed since, so it is made due now (unless it is due already) and the
 * date is kept in its metadata, where the next fetch finds it as the date of the change it finds
 * ({@link ChangeTracker}). A date at or before the last fetch changes nothing.
 *
 * <p>No round trip per URL: the status writer hands over the known URLs whose discovery carries a date newer
 * than the one it last decided for them (a create answered "already exists", or a URL in its cache of recently
 * written ones), and a thread of its own reads them with one {@code mget} per batch of up to {@value #BATCH}
 * and writes the changes as conditional partial updates ({@code if_seq_no}, {@code if_primary_term}) in the
 * status writer's bulks: a document that moved on meanwhile (its fetch was just written) is left as it is. No
 * script is needed, so a cluster without painless works too.
 *
 * <p>A page whose dates proved false ({@code lastmod.max.misses} hinted fetches in a row that found it
 * unchanged: a sitemap that dates every URL with its own generation time) keeps the date, for its next
 * planned fetch to confirm or refute, but is not made due for it.
 */
final class LastmodHints implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LastmodHints.class);
    static final int BATCH = 500;
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final String COUNTER_PREFIX = "status.lastmod.";
    /** A lead no planned fetch is ahead by: a known change of the page is never worth a fetch before it. */
    static final Duration NEVER = ChronoUnit.FOREVER.getDuration();

    /** What a date newer than the one last decided does to a known URL. */
    enum Decision {
        /** Not FETCHED (DISCOVERED is fetched anyway; errors keep their retry schedule): nothing. */
        NOT_FETCHED("not-fetched", false, false),
        /** At or before the last fetch: nothing. */
        NOT_NEWER("not-newer", false, false),
        /** The same date or a newer one was kept already: nothing. */
        SEEN("seen", false, false),
        /** Never fetched again (no next fetch date): nothing. */
        NEVER("never", false, false),
        /** Its dates proved false: the date is kept for the next planned fetch, which stays. */
        DISTRUSTED("distrusted", true, false),
        /** Due now or earlier already: the date is kept. */
        ALREADY_DUE("already-due", true, false),
        /**
         * Its scheduler says a fetch now would not pay (the freshness plan's {@code freshness.lead}: the page
         * changes too fast for its host's budget, or its planned fetch is near): the date is kept for that fetch.
         */
        NOT_WORTH("not-worth", true, false),
        /** Made due now, the date kept. */
        DUE("due", true, true);

        final String label;
        final boolean keepsDate;
        final boolean makesDue;

        Decision(String label, boolean keepsDate, boolean makesDue) {
            this.label = label;
            this.keepsDate = keepsDate;
            this.makesDue = makesDue;
        }
    }

    /**
     * What the status index holds of a URL, as far as a date concerns it.
     *
     * @param status its status
     * @param lastFetch when it was last fetched ({@code freshness.last}, else its last write), or null
     * @param nextFetchDate when it is due, or null for never
     * @param misses hinted fetches in a row that found it unchanged
     * @param kept the newest sitemap or feed date it holds, or null
     * @param lead how far ahead its next fetch must be for a known change to make it due now: zero when its
     *     scheduler does not say ({@code freshness.lead}), {@link #NEVER} for never
     */
    record Known(String status, Instant lastFetch, Instant nextFetchDate, int misses, Instant kept, Duration lead) {
    }

    /** What a date does to the URL. */
    static Decision decide(Known doc, Instant date, Instant now, int maxMisses) {
        if (!Status.FETCHED.name().equals(doc.status())) {
            return Decision.NOT_FETCHED;
        }
        if (doc.lastFetch() == null || !date.isAfter(doc.lastFetch())) {
            return Decision.NOT_NEWER;
        }
        if (doc.kept() != null && !date.isAfter(doc.kept())) {
            return Decision.SEEN;
        }
        if (doc.nextFetchDate() == null) {
            return Decision.NEVER;
        }
        if (maxMisses > 0 && doc.misses() >= maxMisses) {
            return Decision.DISTRUSTED;
        }
        if (!doc.nextFetchDate().isAfter(now)) {
            return Decision.ALREADY_DUE;
        }
        if (Duration.between(now, doc.nextFetchDate()).compareTo(doc.lead()) < 0) {
            return Decision.NOT_WORTH;
        }
        return Decision.DUE;
    }

    /** A known URL and the date its discovery brought; {@code done} is told once it is decided and written. */
    private record Check(String id, String routing, Instant date, Map<String, List<String>> dates,
                         BulkWriter.Callback done) {
    }

    private final OpenSearchClient client;
    private final BulkWriter writer;
    private final String index;
    private final int maxMisses;
    private final Counters counters;
    private final Clock clock;
    // Bounded by the tuples the status writer holds (each waits for its checks), as the bulk writer's buffer is.
    private final LinkedBlockingQueue<Check> queue = new LinkedBlockingQueue<>();
    private Thread thread; // started with the first check
    private volatile boolean closed;

    LastmodHints(BulkWriter writer, String index, int maxMisses, Counters counters, Clock clock) {
        this.client = writer.client();
        this.writer = writer;
        this.index = index;
        this.maxMisses = maxMisses;
        this.counters = counters;
        this.clock = clock;
    }

    /** The sitemap and feed dates of a discovery's metadata, to be kept as they are. */
    static Map<String, List<String>> datesOf(Metadata metadata) {
        Map<String, List<String>> dates = new LinkedHashMap<>();
        for (String key : new String[] {MetadataKeys.SITEMAP_LASTMOD, MetadataKeys.FEED_UPDATED}) {
            String value = metadata.getFirst(key);
            if (value != null) {
                dates.put(key, List.of(value));
            }
        }
        return dates;
    }

    /** Decides what the date does to the known URL, and writes it; {@code done} is told when that is answered. */
    void check(String id, String routing, Instant date, Map<String, List<String>> dates, BulkWriter.Callback done) {
        synchronized (this) {
            if (closed) {
                done.failed("the status writer is closing");
                return;
            }
            queue.add(new Check(id, routing, date, dates, done));
            if (thread == null) {
                thread = new Thread(this::run, "squall-lastmod-" + index);
                thread.setDaemon(true);
                thread.start();
            }
        }
    }

    private void run() {
        List<Check> batch = new ArrayList<>(BATCH);
        long idleSince = System.nanoTime();
        while (!closed) {
            try {
                Check first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    if (System.nanoTime() - idleSince > IDLE_NANOS && endIfIdle()) {
                        return; // the next check starts another: sitemaps and feeds come seldom
                    }
                    continue;
                }
                idleSince = System.nanoTime();
                batch.add(first);
                queue.drainTo(batch, BATCH - 1);
                decide(batch);
            } catch (InterruptedException e) {
                break;
            } catch (RuntimeException e) {
                LOG.warn("Checking {} sitemap or feed dates failed: {}", batch.size(), e.toString());
                batch.forEach(c -> c.done().failed("checking the sitemap or feed date failed: " + e));
            }
            batch.clear();
        }
        List<Check> left = new ArrayList<>();
        queue.drainTo(left);
        left.forEach(c -> c.done().failed("the status writer closed before the date was checked"));
    }

    private void decide(List<Check> batch) {
        List<MultiGetOperation> ops = new ArrayList<>(batch.size());
        for (Check c : batch) {
            ops.add(MultiGetOperation.of(o -> o.id(c.id()).routing(c.routing())));
        }
        MgetResponse<Map> response;
        try {
            response = client.mget(m -> m.index(index).docs(ops).sourceIncludes("status", "nextFetchDate",
                    StatusWriter.PROCESSED, "metadata." + ChangeHistory.LAST, "metadata." + MetadataKeys.SITEMAP_LASTMOD,
                    "metadata." + MetadataKeys.FEED_UPDATED, "metadata." + ChangeTracker.LASTMOD_MISSES,
                    "metadata." + FreshnessScheduler.KNOWN_CHANGE_LEAD), Map.class);
        } catch (Exception e) {
            String reason = "cannot read the status index '" + index + "' to check sitemap or feed dates: " + e;
            batch.forEach(c -> c.done().failed(reason));
            return;
        }
        List<MultiGetResponseItem<Map>> items = response.docs();
        Instant now = clock.instant();
        for (int i = 0; i < batch.size(); i++) {
            Check c = batch.get(i);
            MultiGetResponseItem<Map> item = i < items.size() ? items.get(i) : null;
            if (item == null || item.isFailure()) {
                c.done().failed("cannot read " + c.id() + " to check its sitemap or feed date");
                continue;
            }
            GetResult<Map> result = item.result();
            if (!result.found() || result.source() == null) {
                c.done().succeeded(true); // gone meanwhile: nothing to make due
                continue;
            }
            Decision decision = decide(known(result.source(), now), c.date(), now, maxMisses);
            counters.increment(COUNTER_PREFIX + decision.label);
            if (!decision.keepsDate) {
                c.done().succeeded(true);
                continue;
            }
            Map<String, Object> partial = new LinkedHashMap<>();
            if (decision.makesDue) {
                partial.put("nextFetchDate", now.toString());
            }
            partial.put("metadata", c.dates());
            writer.update(index, c.id(), c.routing(), partial, result.seqNo(), result.primaryTerm(), false,
                    asKnown(c.done()));
        }
    }

    /** The URL was known: its status writer counts it so, whether the update changed it or not. */
    private static BulkWriter.Callback asKnown(BulkWriter.Callback done) {
        return BulkWriter.Callback.onSuccess(done, alreadyExisted -> done.succeeded(true));
    }

    /** The part of a status document that {@link #decide} reads. */
    static Known known(Map<?, ?> source, Instant now) {
        Map<?, ?> metadata = source.get("metadata") instanceof Map<?, ?> m ? m : Map.of();
        Metadata md = new Metadata();
        for (Map.Entry<?, ?> e : metadata.entrySet()) {
            Object value = e.getValue();
            if (value instanceof List<?> list && !list.isEmpty()) {
                md.set(String.valueOf(e.getKey()), String.valueOf(list.get(0)));
            } else if (value != null && !(value instanceof List<?>) && !(value instanceof Map<?, ?>)) {
                md.set(String.valueOf(e.getKey()), String.valueOf(value));
            }
        }
        Instant lastFetch = instant(md.getFirst(ChangeHistory.LAST));
        if (lastFetch == null) {
            lastFetch = instant(source.get(StatusWriter.PROCESSED));
        }
        return new Known(String.valueOf(source.get("status")).toUpperCase(Locale.ROOT), lastFetch,
                instant(source.get("nextFetchDate")), Math.max(0, md.getInt(ChangeTracker.LASTMOD_MISSES, 0)),
                ChangeTracker.hintOf(md, now), lead(md.getFirst(FreshnessScheduler.KNOWN_CHANGE_LEAD)));
    }

    /** A {@code freshness.lead}: seconds, or {@link #NEVER}; zero when absent or unreadable. */
    private static Duration lead(String value) {
        if (FreshnessScheduler.NEVER.equals(value)) {
            return NEVER;
        }
        try {
            return value == null ? Duration.ZERO : Duration.ofSeconds(Math.max(0, Long.parseLong(value)));
        } catch (NumberFormatException e) {
            return Duration.ZERO;
        }
    }

    private static Instant instant(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value.toString());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private synchronized boolean endIfIdle() {
        if (!queue.isEmpty() || closed) {
            return false;
        }
        thread = null;
        return true;
    }

    /** Stops; the checks not decided yet fail, so their tuples come back. */
    @Override
    public void close() {
        Thread running;
        synchronized (this) {
            closed = true;
            running = thread;
        }
        if (running == null) {
            return;
        }
        running.interrupt();
        try {
            running.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
