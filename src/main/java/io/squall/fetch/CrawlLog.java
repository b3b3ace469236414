package io.squall.fetch;

import io.squall.core.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.core.Status;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per fetch outcome, in the spirit of Heritrix's {@code crawl.log}: time, HTTP status code (-1
 * for a fetch without an answer, "-" for a URL refused before any request), bytes, duration, Squall's
 * status, URL, and the error cause or the content type.
 * Fetch threads only hand a line to a bounded queue that a thread of its own writes out: a slow disk never
 * holds a fetch, and when the queue is full a line is dropped and counted rather than waited for.
 */
public final class CrawlLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CrawlLog.class);
    private static final int QUEUE = 10_000;
    private static final String STOP = "";

    private final Path file;
    private final BlockingQueue<String> lines = new ArrayBlockingQueue<>(QUEUE);
    private final AtomicLong dropped = new AtomicLong();
    private final BufferedWriter out;
    private final Thread writer;

    /** Appends to {@code file}, creating it and its directory if needed. */
    public CrawlLog(Path file) {
        this.file = file;
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the crawl log " + file + ": " + e.getMessage(), e);
        }
        this.writer = new Thread(this::writeLines, "squall-crawl-log");
        writer.setDaemon(true);
        writer.start();
    }

    /** Logs one outcome; never blocks. */
    public void log(String url, Status status, Metadata metadata) {
        if (!lines.offer(line(Instant.now(), url, status, metadata))) {
            dropped.incrementAndGet();
        }
    }

    /** Lines not written because the writer could not keep up. */
    public long dropped() {
        return dropped.get();
    }

    static String line(Instant time, String url, Status status, Metadata md) {
        String code = md.getFirst(MetadataKeys.FETCH_STATUS_CODE);
        String bytes = md.getFirst(MetadataKeys.FETCH_BYTE_LENGTH);
        String millis = md.getFirst(MetadataKeys.FETCH_LOADING_TIME);
        String cause = md.getFirst(MetadataKeys.ERROR_CAUSE);
        String type = md.getFirst(FetchOutcomes.CONTENT_TYPE);
        String note = cause != null ? cause : type != null ? type.replace(' ', '_') : "-";
        return String.format(Locale.ROOT, "%s %4s %9s %6sms %-11s %s %s", time, code == null ? "-" : code,
                bytes == null ? "-" : bytes, millis == null ? "-" : millis, status.name(), url, note);
    }

    private void writeLines() {
        List<String> batch = new ArrayList<>();
        try {
            while (true) {
                batch.add(lines.take());
                lines.drainTo(batch);
                for (String line : batch) {
                    if (line == STOP) {
                        out.flush();
                        return;
                    }
                    out.write(line);
                    out.newLine();
                }
                batch.clear();
                if (lines.isEmpty()) {
                    out.flush(); // what is written is readable at once, without a write per line under load
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.warn("The crawl log {} could not be written, no more lines go to it: {}", file, e.getMessage());
        }
    }

    /** Writes what is queued (waiting at most 5 s) and closes the file. */
    @Override
    public void close() {
        try {
            if (lines.offer(STOP, 5, TimeUnit.SECONDS)) {
                writer.join(TimeUnit.SECONDS.toMillis(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            out.close();
        } catch (IOException e) {
            LOG.warn("Closing the crawl log {}: {}", file, e.getMessage());
        }
        if (dropped.get() > 0) {
            LOG.warn("The crawl log {} left out {} lines it could not write in time", file, dropped.get());
        }
    }
}
