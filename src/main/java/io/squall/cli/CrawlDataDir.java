package io.squall.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A local crawl's data directory: the embedded OpenSearch's data, the log, and a lock that one crawl
 * holds while it runs. While it runs, the address of its OpenSearch is written next to the lock, so that
 * {@code squall status} and {@code squall inject} can talk to the running crawl's node.
 */
final class CrawlDataDir implements AutoCloseable {
    private final Path dir;
    private FileChannel lockChannel;
    private FileLock lock;

    CrawlDataDir(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    Path openSearchData() {
        return dir.resolve("opensearch");
    }

    static Path logFile(Path dir) {
        return dir.resolve("logs").resolve("squall.log");
    }

    /** The fetcher's crawl log: one line per fetch outcome. */
    static Path crawlLogFile(Path dir) {
        return dir.resolve("logs").resolve("crawl.log");
    }

    /** The fetcher's WARC files. */
    static Path warcDir(Path dir) {
        return dir.resolve("warc");
    }

    /** The console's final report of the last crawl, a page that needs no server. */
    static Path reportFile(Path dir) {
        return dir.resolve("report.html");
    }

    private Path lockFile() {
        return dir.resolve("squall.lock");
    }

    private Path addressFile() {
        return dir.resolve("opensearch.address");
    }

    /** Takes the directory for this process; false when another squall process holds it. */
    boolean tryLock() {
        try {
            Files.createDirectories(dir);
            lockChannel = FileChannel.open(lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = lockChannel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            throw new UsageException("data directory '" + dir + "' cannot be used: " + e.getMessage(), e);
        }
        if (lock == null) {
            closeQuietly();
            return false;
        }
        return true;
    }

    /** Records where this crawl's OpenSearch listens, for the other commands. */
    void publishAddress(String address) throws IOException {
        Files.writeString(addressFile(), address + "\n", StandardCharsets.UTF_8);
    }

    /** The address published by the crawl that holds the lock, if any. */
    Optional<String> runningCrawlAddress() {
        try {
            return Optional.of(Files.readString(addressFile(), StandardCharsets.UTF_8).strip()).filter(s -> !s.isEmpty());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        if (lock != null) {
            try {
                Files.deleteIfExists(addressFile());
            } catch (IOException e) {
                // a stale address file is ignored: it is only read while the lock is held
            }
        }
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockChannel != null) {
                lockChannel.close();
            }
        } catch (IOException e) {
            // the OS releases the lock with the process anyway
        }
        lock = null;
        lockChannel = null;
    }
}
