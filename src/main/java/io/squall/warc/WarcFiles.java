package io.squall.warc;

import io.squall.core.BackgroundWriter;
import io.squall.http.HttpExchange;
import io.squall.metrics.Counters;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.netpreserve.jwarc.MessageBody;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.Warcinfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes fetches to a series of WARC files in one directory: {@code squall-<time>-<worker>-<seq>.warc.gz},
 * each beginning with a warcinfo record, each record a gzip member of its own. A file is named
 * {@code .open} while it is written and renamed when it is closed, once it holds {@code rotateBytes}.
 *
 * <p>A record reaches the file in one write of its complete gzip member, so the operating system holds
 * every record written: a process killed (even {@code kill -9}) leaves a readable file, at worst cut in
 * its last record. Such a file keeps its {@code .open} name until the same writer (same worker name: the
 * same task restarted) starts again, or a local crawl starts on its data directory.
 */
final class WarcFiles implements BackgroundWriter.Output<WarcFiles.Answer> {
    private static final Logger LOG = LoggerFactory.getLogger(WarcFiles.class);
    static final String PREFIX = "squall-";
    static final String SUFFIX = ".warc.gz";
    static final String OPEN = ".open";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final byte[] TRAILER = {'\r', '\n', '\r', '\n'};

    /** An answer to archive: what of a fetch's response the records need, and no more. */
    record Answer(String url, int statusCode, HttpExchange wire) {
        /** The bytes it holds, for the bound of the queue in front of the files. */
        long weight() {
            return (long) wire.body().length + wire.responseHead().length + wire.requestHead().length;
        }
    }

    private final Path dir;
    private final String worker;
    private final long rotateBytes;
    private final int compressionLevel;
    private final Map<String, List<String>> info;
    private final CaptureRecords records;
    private final Counters counters;
    private final Clock clock;
    private final Member member = new Member();
    private final ByteBuffer copy = ByteBuffer.allocate(64 * 1024);
    private boolean leftoversFinished;
    private int seq;
    private FileChannel channel;
    private Path openFile;
    private long size;
    private URI warcinfoId;

    /**
     * @param worker names the writer in its file names, unique among the writers on the directory
     * @param info the warcinfo fields of every file (software, operator, agent...)
     * @param revisitCapacity payload digests remembered for revisit records
     * @param compressionLevel each record's gzip level, 1 (fastest) to 9 (smallest)
     */
    WarcFiles(Path dir, String worker, long rotateBytes, Map<String, List<String>> info, int revisitCapacity,
            int compressionLevel, Counters counters, Clock clock) {
        this.dir = dir;
        this.worker = worker;
        this.rotateBytes = rotateBytes;
        this.compressionLevel = compressionLevel;
        this.info = info;
        this.records = new CaptureRecords(new PayloadDigests(revisitCapacity));
        this.counters = counters;
        this.clock = clock;
    }

    @Override
    public synchronized void write(Answer answer) throws IOException {
        if (channel == null) {
            open();
        }
        CaptureRecords.Capture capture = records.of(answer.url(), answer.statusCode(), answer.wire(), warcinfoId);
        for (WarcRecord record : capture.records()) {
            append(record);
        }
        counters.add("warc.records", capture.records().size());
        if (capture.revisit()) {
            counters.increment("warc.revisits");
        }
        if (size >= rotateBytes) {
            finishFile();
        }
    }

    /** Nothing to do: every record went to the operating system in one write as it was appended. */
    @Override
    public void flush() {
        // see above
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel != null) {
            finishFile();
        }
    }

    /** The file being written, or null between files. */
    synchronized Path openFile() {
        return openFile;
    }

    private void open() throws IOException {
        Files.createDirectories(dir);
        if (!leftoversFinished) {
            finishLeftovers(dir, PREFIX + "*-" + worker + "-*" + SUFFIX + OPEN);
            leftoversFinished = true;
        }
        while (channel == null) {
            String name = PREFIX + STAMP.format(clock.instant()) + "-" + worker + "-"
                    + String.format(Locale.ROOT, "%05d", seq++) + SUFFIX;
            if (Files.exists(dir.resolve(name))) {
                continue;
            }
            Path file = dir.resolve(name + OPEN);
            try {
                channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                continue;
            }
            openFile = file;
            size = 0;
            Warcinfo warcinfo = new Warcinfo.Builder().date(clock.instant()).filename(name).fields(info).build();
            warcinfoId = warcinfo.id();
            append(warcinfo);
            counters.increment("warc.files");
        }
    }

    private void append(WarcRecord record) throws IOException {
        member.reset();
        try (GZIPOutputStream gzip = new LeveledGzip(member, compressionLevel)) {
            gzip.write(record.serializeHeader());
            MessageBody body = record.body();
            copy.clear();
            while (body.read(copy) >= 0) {
                gzip.write(copy.array(), 0, copy.position());
                copy.clear();
            }
            gzip.write(TRAILER);
        }
        ByteBuffer bytes = member.bytes();
        int length = bytes.remaining();
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        size += length;
        counters.add("warc.bytes", length);
    }

    private void finishFile() throws IOException {
        Path done = dir.resolve(openFile.getFileName().toString().replace(OPEN, ""));
        try {
            channel.close();
            Files.move(openFile, done, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            channel = null;
            openFile = null;
        }
    }

    /**
     * Renames the {@code .open} files that match {@code glob} (files of writers that are known to have
     * ended), so that they carry a finished file's name.
     */
    static void finishLeftovers(Path dir, String glob) {
        try (DirectoryStream<Path> open = Files.newDirectoryStream(dir, glob)) {
            for (Path file : open) {
                Path done = file.resolveSibling(file.getFileName().toString().replace(OPEN, ""));
                Files.move(file, done, StandardCopyOption.ATOMIC_MOVE);
                LOG.info("WARC file {} was left open by a writer that ended abruptly: renamed {}", file, done);
            }
        } catch (IOException e) {
            LOG.warn("Could not finish the WARC files left open in {}: {}", dir, e.toString());
        }
    }

    /** Renames every {@code .open} file in {@code dir}: for a directory no writer uses any more. */
    static void finishAllLeftovers(Path dir) {
        if (Files.isDirectory(dir)) {
            finishLeftovers(dir, PREFIX + "*" + SUFFIX + OPEN);
        }
    }

    /** The buffer a gzip member is built in, read without a copy. */
    private static final class Member extends ByteArrayOutputStream {
        Member() {
            super(64 * 1024);
        }

        ByteBuffer bytes() {
            return ByteBuffer.wrap(buf, 0, count);
        }
    }

    /** A gzip member at a chosen level: GZIPOutputStream keeps its Deflater at the default level, 6. */
    private static final class LeveledGzip extends GZIPOutputStream {
        LeveledGzip(OutputStream out, int level) throws IOException {
            super(out, 8192);
            def.setLevel(level);
        }
    }
}
