package io.squall.warc;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.core.BackgroundWriter;
import io.squall.core.CrawlClock;
import io.squall.http.FetchResponse;
import io.squall.http.UserAgent;
import io.squall.metrics.Counters;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fetcher task's WARC files: fetch threads hand every answer to {@link #offer}, which never waits; a
 * thread of its own builds the records and writes them ({@link WarcFiles}). An answer that does not fit in
 * the queue ({@code warc.queue.bytes}) is left out of the files, counted as {@code warc.dropped} and
 * warned about (at most once a minute).
 */
public final class WarcArchive implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WarcArchive.class);
    private static final int QUEUE_ITEMS = 10_000;
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);
    /** How long closing waits for what is queued: up to warc.queue.bytes to compress and write. */
    private static final long CLOSE_WAIT_SECONDS = 60;

    private final Path dir;
    private final Counters counters;
    private final BackgroundWriter<WarcFiles.Answer> writer;
    private final CrawlClock clock;
    private final AtomicLong lastWarnNanos;

    WarcArchive(Path dir, WarcFiles files, long queueBytes, Counters counters, CrawlClock clock) {
        this.clock = clock;
        this.lastWarnNanos = new AtomicLong(clock.nanos() - WARN_EVERY_NANOS);
        this.dir = dir;
        this.counters = counters;
        this.writer = new BackgroundWriter<>("WARC writer " + dir, files, QUEUE_ITEMS, queueBytes,
                WarcFiles.Answer::weight);
    }

    /**
     * The archive {@code warc.enabled} and {@code warc.dir} ask for, or null when none.
     *
     * @param worker names this writer in its file names: unique among the writers on the directory
     * @param clock the dates of the records and file names, and the pace of the warnings
     */
    public static WarcArchive fromConfig(CrawlerConfig config, String worker, Counters counters, CrawlClock clock) {
        if (!config.getBoolean("warc.enabled") || !config.isSet("warc.dir")) {
            return null;
        }
        int level = config.getInt("warc.compression.level");
        if (level < 1 || level > 9) {
            throw new ConfigException("warc.compression.level must be between 1 and 9, got " + level);
        }
        Path dir = Path.of(config.getString("warc.dir"));
        WarcFiles files = new WarcFiles(dir, worker, config.getLong("warc.rotate.bytes"), warcinfo(config),
                config.getInt("warc.revisit.cache.size"), level, counters, clock);
        LOG.info("WARC files go to {} (squall-*-{}-*.warc.gz)", dir.toAbsolutePath(), worker);
        return new WarcArchive(dir, files, config.getLong("warc.queue.bytes"), counters, clock);
    }

    /** The warcinfo fields of every file: who crawled, how, and under which rules. */
    static Map<String, List<String>> warcinfo(CrawlerConfig config) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("software", List.of("Squall web crawler (WARC records by jwarc)"));
        fields.put("format", List.of("WARC File Format 1.0"));
        fields.put("conformsTo", List.of("http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1_latestdraft.pdf"));
        fields.put("http-header-user-agent", List.of(UserAgent.fromConfig(config).header()));
        if (config.isSet("http.from")) {
            fields.put("http-header-from", List.of(config.getString("http.from")));
        }
        fields.put("robots", List.of(config.getBoolean("robots.enabled") ? "obey" : "ignore"));
        return fields;
    }

    /**
     * Gives the files that writers which died left open in {@code dir} their finished names. Only for a
     * directory no writer uses now (a local crawl's, under the data directory it holds).
     */
    public static void finishLeftovers(Path dir) {
        WarcFiles.finishAllLeftovers(dir);
    }

    /** Queues an answer for the files; never waits. Answers without their wire form are not archived. */
    public void offer(FetchResponse response) {
        if (response.wire() == null
                || writer.offer(new WarcFiles.Answer(response.url(), response.statusCode(), response.wire()))) {
            return;
        }
        counters.increment("warc.dropped");
        long now = clock.nanos();
        long last = lastWarnNanos.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarnNanos.compareAndSet(last, now)) {
            LOG.warn("WARC files in {} leave out fetches: the disk does not keep up (or failed); {} left out so"
                    + " far (warc.dropped; warc.queue.bytes to queue more)", dir, writer.dropped());
        }
    }

    /** Fetches left out of the files. */
    public long dropped() {
        return writer.dropped();
    }

    /** Writes what is queued and closes the last file (renamed without {@code .open}). */
    @Override
    public void close() {
        writer.close(CLOSE_WAIT_SECONDS);
        if (writer.dropped() > 0) {
            LOG.warn("WARC files in {} left out {} fetches (warc.dropped)", dir, writer.dropped());
        }
    }
}
