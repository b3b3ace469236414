package io.squall.bench.recrawl;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.freshness.ChangeHistory;
import io.squall.freshness.Observation;
import io.squall.frontier.StatusWriter;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Fills the status index with the generated web's pages as a crawl that has fetched each of them many times
 * would have left them: FETCHED, written by Squall's own {@link StatusWriter} (so ids, routing, fields and
 * the freshness scheduler's metadata are what a crawl writes), in bulks of {@value #BULK} documents.
 *
 * <p>Each page was last fetched in the day before the load (the pages in load order, as one pass of a crawl
 * would have), and {@value #EARLIER_FETCHES} times before at an interval of its own between one hour and two
 * days: more than the {@link ChangeHistory}'s memory, so that its numbers are as long as they get. What each
 * fetch saw is the page's true version then (changed, unchanged, or 304 on the conditional hosts, dated by
 * their Last-Modified). The last fetch goes through the status writer with what the page kept from its
 * discovery (depth, url.path, discoveryDate) and the metadata the fetcher and the parser would have left
 * (status code, validators, digest, the fingerprint of the version's text); its due date comes from
 * {@link SpreadDueDates}.
 */
final class StatusLoader {
    static final int BULK = 4_000;
    /** Documents written again when a load goes on: more than the bulks that can be unanswered at a stop. */
    static final long RESUME_MARGIN = 10L * BULK;
    private static final int EARLIER_FETCHES = 40;
    private static final Duration LAST_PASS = Duration.ofDays(1);
    private static final double SHORTEST_INTERVAL_SECONDS = 3_600;
    private static final double LONGEST_INTERVAL_SECONDS = 2 * 86_400;
    private static final long PROGRESS_EVERY_NANOS = 30_000_000_000L;

    private final OpenSearchClient client;
    private final CrawlerConfig config;
    private final GeneratedWeb web;
    private final int port;

    /** @param config the crawl's configuration: its delay gives the hosts' budgets the loaded plans share */
    StatusLoader(OpenSearchClient client, CrawlerConfig config, GeneratedWeb web, int port) {
        this.client = client;
        this.config = config;
        this.web = web;
        this.port = port;
    }

    /**
     * Where a load goes on in an index that holds part of one: the documents are written in the order of their
     * URLs' numbers, all but the last bulks' answered; those are written again (the same documents).
     */
    long resumeFrom(long margin) throws IOException {
        String index = SquallIndex.STATUS.name(config);
        if (!client.indices().exists(e -> e.index(index)).value()) {
            return 0;
        }
        client.indices().refresh(r -> r.index(index));
        long held = client.count(c -> c.index(index)).count();
        return Math.max(0, held - margin);
    }

    /**
     * Writes the status documents of the URLs numbered {@code firstUrl} on, due from {@code dueFrom} over
     * {@code spread}, and waits until OpenSearch has confirmed each.
     */
    void load(Path esConfDir, Instant dueFrom, Duration spread, long firstUrl) {
        // Every index, as a crawl creates them: the status writer also writes its hosts' figures to the host
        // index, which OpenSearch would otherwise create with mappings of its guessing that the crawl refuses.
        IndexSetup.ensureIndices(client, config, esConfDir);
        CrawlerConfig loading = config.with(Map.of("scheduler.class", SpreadDueDates.class.getName(),
                SpreadDueDates.FROM, dueFrom.toEpochMilli(), SpreadDueDates.SPREAD, spread.toSeconds(),
                "opensearch.status.bulkActions", BULK), "the re-crawl benchmark's loader");
        Outcomes outcomes = new Outcomes();
        SettableClock clock = new SettableClock();
        Instant start = Instant.now();
        long startNanos = System.nanoTime();
        long lastNanos = startNanos;
        long lastCount = 0;
        try (BulkWriter bulk = new BulkWriter(client, BulkWriter.Settings.fromConfig(loading, "opensearch.status"),
                "recrawl-loader")) {
            StatusWriter writer = new StatusWriter(loading, bulk, Counters.NONE, clock);
            if (firstUrl > 0) {
                System.out.printf(Locale.ROOT, "  going on from the %,dth status document%n", firstUrl);
            }
            for (long n = firstUrl; n < web.urls(); n++) {
                Instant lastFetch = start.minus(LAST_PASS).plusMillis(n * LAST_PASS.toMillis() / web.urls());
                clock.set(lastFetch);
                writer.write(web.url(n, port), lastFetchMetadata(n, lastFetch), Status.FETCHED, outcomes);
                long now = System.nanoTime();
                if (now - lastNanos >= PROGRESS_EVERY_NANOS) {
                    System.out.printf(Locale.ROOT, "  loaded %,d of %,d status documents: %,.0f a second (the last"
                            + " %.0f s: %,.0f)%n", n + 1, web.urls(), (n + 1 - firstUrl) * 1e9 / (now - startNanos),
                            (now - lastNanos) / 1e9, (n + 1 - lastCount) * 1e9 / (now - lastNanos));
                    lastNanos = now;
                    lastCount = n + 1;
                }
            }
            // The hosts' figures count only answered writes: they are written once the last status documents
            // are answered, then the writer drains and the bulk closes, as the status updater bolt does.
            bulk.flush();
            awaitAnswers(bulk, Duration.ofMinutes(5));
            writer.drain();
            bulk.close(Duration.ofMinutes(5));
            writer.close();
        }
        long written = web.urls() - firstUrl;
        outcomes.check(written);
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf(Locale.ROOT, "  loaded %,d status documents in %.0f s: %,.0f a second, in bulks of %,d%n",
                written, seconds, written / seconds, BULK);
    }

    private static void awaitAnswers(BulkWriter bulk, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (bulk.unanswered() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Refreshes the index and waits for its merges to end, so that the crawl's first minutes do not pay for the load. */
    void settle() throws IOException, InterruptedException {
        String index = SquallIndex.STATUS.name(config);
        client.indices().refresh(r -> r.index(index));
        long startNanos = System.nanoTime();
        while (client.indices().stats(s -> s.index(index)).all().total().merges().current() > 0) {
            Thread.sleep(2_000);
        }
        System.out.printf(Locale.ROOT, "  merges after the load: done %.0f s after it%n",
                (System.nanoTime() - startNanos) / 1e9);
    }

    /** What the fetcher and parser leave in a page's metadata at its last fetch, with the history before it. */
    private Metadata lastFetchMetadata(long number, Instant lastFetch) {
        int host = web.host(number);
        long page = web.page(number);
        boolean conditional = GeneratedWeb.conditional(host);
        double interval = SHORTEST_INTERVAL_SECONDS * Math.pow(LONGEST_INTERVAL_SECONDS / SHORTEST_INTERVAL_SECONDS,
                GeneratedWeb.unit(GeneratedWeb.mix(host, page, -4)));
        ChangeHistory history = ChangeHistory.NONE;
        long previous = -1;
        for (int k = EARLIER_FETCHES; k >= 1; k--) {
            Instant at = lastFetch.minusMillis(Math.round(k * interval * 1000));
            long version = web.version(host, page, at);
            // The tracker's arithmetic on what each fetch saw, without the fingerprint of every version:
            // only the last one before the loaded fetch is compared with it.
            String content = k == 1 ? web.fingerprint(host, page, version) : null;
            history = history.after(observation(previous, version, conditional), at, content,
                    conditional && version != previous ? web.since(host, page, version) : null);
            previous = version;
        }
        long version = web.version(host, page, lastFetch);
        boolean notModified = conditional && version == previous;
        Metadata md = discovery(host, page, lastFetch.minusMillis(Math.round((EARLIER_FETCHES + 1) * interval * 1000)))
                .set(MetadataKeys.FETCH_STATUS_CODE, notModified ? "304" : "200")
                .set(MetadataKeys.FETCH_BYTE_LENGTH, notModified ? "0" : "3100")
                .set(MetadataKeys.FETCH_LOADING_TIME, "2")
                .set(MetadataKeys.FETCH_IP, LoopbackHosts.address(host))
                .set(MetadataKeys.DIGEST, String.format(Locale.ROOT, "%016x%016x", GeneratedWeb.mix(host, page, -5),
                        lastFetch.toEpochMilli()))
                .set(MetadataKeys.FINGERPRINT, web.fingerprint(host, page, version));
        if (conditional) {
            md.set(MetadataKeys.ETAG, web.etag(version)).set(MetadataKeys.LAST_MODIFIED,
                    web.lastModified(host, page, version));
        }
        history.writeTo(md);
        return md;
    }

    /**
     * What a page kept from its discovery, as an outlink's metadata: its depth, the URLs that led to it from the
     * seed (its ancestors in a binary tree of its host's pages, depth 1 to 4) and when it was found.
     */
    private Metadata discovery(int host, long page, Instant discovered) {
        int depth = 1 + (int) (page % 4);
        List<String> path = new ArrayList<>(depth);
        for (int up = depth; up >= 1; up--) {
            path.add(web.url((page >> up) * web.hosts() + host, port));
        }
        return new Metadata().set(MetadataKeys.DEPTH, Integer.toString(depth)).set(MetadataKeys.URL_PATH, path)
                .set(MetadataKeys.DISCOVERY_DATE, discovered.toString());
    }

    private static Observation observation(long previous, long version, boolean conditional) {
        if (previous < 0) {
            return Observation.FIRST;
        }
        if (version != previous) {
            return Observation.CHANGED;
        }
        return conditional ? Observation.NOT_MODIFIED : Observation.UNCHANGED;
    }

    /** The status writer's clock: the time of the fetch being written. */
    private static final class SettableClock extends Clock {
        private Instant instant = Instant.EPOCH;

        void set(Instant at) {
            instant = at;
        }

        @Override
        public Instant instant() {
            return instant;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("the loader's clock is UTC");
        }
    }

    /** Counts what OpenSearch answered for the documents. */
    private static final class Outcomes implements BulkWriter.Callback {
        private final AtomicLong written = new AtomicLong();
        private final AtomicLong failed = new AtomicLong();
        private final AtomicReference<String> firstFailure = new AtomicReference<>();

        @Override
        public void succeeded(boolean alreadyExisted) {
            written.incrementAndGet();
        }

        @Override
        public void failed(String reason) {
            failed.incrementAndGet();
            firstFailure.compareAndSet(null, reason);
        }

        void check(long expected) {
            if (written.get() != expected) {
                throw new IllegalStateException(written.get() + " of " + expected + " status documents written, "
                        + failed.get() + " failed, the first: " + firstFailure.get());
            }
        }
    }
}
