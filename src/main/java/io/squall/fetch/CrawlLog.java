package io.squall.fetch;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.core.BackgroundWriter;
import io.squall.core.MetadataKeys;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Locale;
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

    private final Path file;
    private final BackgroundWriter<String> lines;

    /** Appends to {@code file}, creating it and its directory if needed. */
    public CrawlLog(Path file) {
        this.file = file;
        BufferedWriter out;
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the crawl log " + file + ": " + e.getMessage(), e);
        }
        this.lines = new BackgroundWriter<>("crawl log " + file, new BackgroundWriter.Output<>() {
            @Override
            public void write(String line) throws IOException {
                out.write(line);
                out.newLine();
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        }, QUEUE, Long.MAX_VALUE, line -> 0);
    }

    /** Logs one outcome; never blocks. */
    public void log(String url, Status status, Metadata metadata) {
        lines.offer(line(Instant.now(), url, status, metadata));
    }

    /** Lines not written because the writer could not keep up. */
    public long dropped() {
        return lines.dropped();
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

    /** Writes what is queued (waiting at most 5 s) and closes the file. */
    @Override
    public void close() {
        lines.close();
        if (lines.dropped() > 0) {
            LOG.warn("The crawl log {} left out {} lines it could not write in time", file, lines.dropped());
        }
    }
}
