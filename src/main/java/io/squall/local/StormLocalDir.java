package io.squall.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where the local Storm cluster keeps its state (topology blobs, Nimbus and supervisor directories,
 * ZooKeeper's data, megabytes a run): under the crawl's data directory instead of a fresh directory of
 * the system's temporary directory per run. Storm's local cluster names its directories after
 * {@code java.io.tmpdir} when it creates them, so the property points here while the crawl runs. The
 * directory is removed when the crawl ends (after a second Ctrl-C too), and what a killed run left is
 * removed when the next run starts.
 */
public final class StormLocalDir implements AutoCloseable {
    private final Path dir;
    private final String previousTmpDir;

    private StormLocalDir(Path dir, String previousTmpDir) {
        this.dir = dir;
        this.previousTmpDir = previousTmpDir;
    }

    public static Path of(Path dataDir) {
        return dataDir.resolve("storm-local");
    }

    /** Empties the directory (a previous run's leftovers) and makes it this JVM's temporary directory. */
    public static StormLocalDir take(Path dataDir) throws IOException {
        Path dir = of(dataDir).toAbsolutePath();
        delete(dir);
        Files.createDirectories(dir);
        String previous = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", dir.toString());
        return new StormLocalDir(dir, previous);
    }

    public Path dir() {
        return dir;
    }

    /** Removes the directory; safe to call from a signal handler, and more than once. */
    public void remove() {
        try {
            delete(dir);
        } catch (IOException | UncheckedIOException e) {
            // the next run on this data directory removes what is left
        }
    }

    @Override
    public void close() {
        System.setProperty("java.io.tmpdir", previousTmpDir);
        remove();
    }

    static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // removed meanwhile by its owner
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
