package io.squall.bench.recrawl;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A loaded status index kept between runs of the benchmark (BENCH_RECRAWL_KEEP): loading 10^7 documents takes
 * hours on a small machine, the crawl an hour, so the node's data is loaded once into this directory and each
 * run crawls a copy of it. {@code loaded.properties} records what was loaded (URLs, hosts, and the web's port,
 * since the URLs hold it); a directory without it, or loaded for other settings, is loaded anew. A load that
 * stopped before its end (the machine's session ended) left {@code loading.properties}, the same record made
 * when it started, and the next run goes on from where it stopped.
 */
final class KeptIndex {
    private static final String RECORD = "loaded.properties";
    private static final String STARTED = "loading.properties";

    private final Path dir;

    KeptIndex(Path dir) {
        this.dir = dir.toAbsolutePath();
    }

    Path dir() {
        return dir;
    }

    /** Where the node that loads the index keeps its data. */
    Path nodeDir() {
        return dir.resolve("opensearch");
    }

    /** Whether it holds a whole load for these settings. */
    boolean holds(RecrawlSettings settings) {
        Properties loaded = record();
        return loaded != null && sameSettings(loaded, settings);
    }

    /** When the load ended: its due dates were spread from when it began. */
    Instant loaded() {
        Properties loaded = record();
        if (loaded == null) {
            throw new IllegalStateException(dir + " holds no loaded index");
        }
        return Instant.parse(loaded.getProperty("loaded"));
    }

    /** The port the loaded URLs name: the web must be served there again. */
    int port() {
        Properties loaded = record();
        if (loaded == null) {
            throw new IllegalStateException(dir + " holds no loaded index");
        }
        return Integer.parseInt(loaded.getProperty("port"));
    }

    /** The port of a load for these settings that started and did not end: it goes on there. */
    OptionalInt unfinishedLoadPort(RecrawlSettings settings) {
        Properties started = read(STARTED);
        if (record() != null || started == null || !sameSettings(started, settings)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Integer.parseInt(started.getProperty("port")));
    }

    /** Forgets a load that did not end or was made for other settings. */
    void clear() throws IOException {
        Files.deleteIfExists(dir.resolve(RECORD));
        Files.deleteIfExists(dir.resolve(STARTED));
        deleteTree(nodeDir());
    }

    /** Records that a load starts, with the port its URLs name, so that a load cut short can go on. */
    void recordStart(RecrawlSettings settings, int port) throws IOException {
        write(STARTED, settings, port, "started");
    }

    /** Records a whole load, once the node holding it has stopped. */
    void recordLoad(RecrawlSettings settings, int port) throws IOException {
        write(RECORD, settings, port, "loaded");
    }

    private void write(String name, RecrawlSettings settings, int port, String when) throws IOException {
        Properties record = new Properties();
        record.setProperty("urls", Long.toString(settings.urls()));
        record.setProperty("hosts", Integer.toString(settings.hosts()));
        record.setProperty("port", Integer.toString(port));
        record.setProperty(when, Instant.now().toString());
        try (Writer out = Files.newBufferedWriter(dir.resolve(name))) {
            record.store(out, "the re-crawl benchmark's status index (bench/run recrawl)");
        }
    }

    private static boolean sameSettings(Properties record, RecrawlSettings settings) {
        return Long.toString(settings.urls()).equals(record.getProperty("urls"))
                && Integer.toString(settings.hosts()).equals(record.getProperty("hosts"));
    }

    /** Copies the loaded node's data for a crawl, which changes it. */
    void copyNodeTo(Path target) throws IOException {
        Path source = nodeDir();
        try (Stream<Path> paths = Files.walk(source)) {
            paths.forEach(path -> {
                Path copy = target.resolve(source.relativize(path).toString());
                try {
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(copy);
                    } else if (!path.getFileName().toString().endsWith(".lock")) {
                        Files.copy(path, copy);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private Properties record() {
        return read(RECORD);
    }

    private Properties read(String name) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Properties loaded = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            loaded.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return loaded;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(path);
            }
        }
    }
}
