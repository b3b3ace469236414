package io.squall.e2e;

import io.squall.testweb.TestWeb;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Class data sharing for the tests' squall processes, as the squall script gives a user's crawls
 * (docs/benchmarks.md, "Start-up and stop"): every process loads the same tens of thousands of classes, and
 * maps them from one archive instead. The archive is recorded by a crawl of a small site of its own, once
 * for the test JVMs of a build (target/it-classes, made again when the compiled classes or the classpath
 * change; a file lock makes the others wait for the one recording it). The JVM archives classes from jars
 * only, so the classpath's directories (the compiled classes) are put into jars first. Should the recording
 * fail, the processes run without the archive, as before, and the reason is printed.
 */
final class ClassArchive {
    private static final Path DIR = Path.of("target", "it-classes");
    private static final long RECORDING_MINUTES = 4;
    private static ClassArchive shared;

    private final String classpath;
    private final List<String> javaOptions;

    private ClassArchive(String classpath, List<String> javaOptions) {
        this.classpath = classpath;
        this.javaOptions = javaOptions;
    }

    /** The classpath and JVM options of the squall processes, made on first use. */
    static synchronized ClassArchive get() {
        if (shared == null) {
            shared = make();
        }
        return shared;
    }

    /** The classpath the processes run with (the one the archive was recorded with). */
    String classpath() {
        return classpath;
    }

    /** The JVM options that map the archive; none without one. */
    List<String> javaOptions() {
        return javaOptions;
    }

    private static ClassArchive make() {
        String testClasspath = System.getProperty("java.class.path");
        try {
            Files.createDirectories(DIR);
            try (FileChannel lockFile = FileChannel.open(DIR.resolve("lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
                return makeLocked(testClasspath);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("[squall processes] running without a class archive: " + e);
            return new ClassArchive(testClasspath, List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ClassArchive(testClasspath, List.of());
        }
    }

    private static ClassArchive makeLocked(String testClasspath) throws IOException, InterruptedException {
        Path stampFile = DIR.resolve("stamp.txt");
        Path archive = DIR.resolve("squall.jsa").toAbsolutePath();
        String stamp = stamp(testClasspath);
        String classpath = jarsOnly(testClasspath, false);
        boolean jarsThere = Stream.of(classpath.split(File.pathSeparator)).map(Path::of).allMatch(Files::exists);
        if (!jarsThere || !Files.isRegularFile(archive) || !Files.isRegularFile(stampFile)
                || !Files.readString(stampFile, StandardCharsets.UTF_8).equals(stamp)) {
            Files.deleteIfExists(stampFile);
            Files.deleteIfExists(archive);
            classpath = jarsOnly(testClasspath, true);
            String failure = record(classpath, archive);
            if (failure != null) {
                System.err.println("[squall processes] running without a class archive: " + failure);
                return new ClassArchive(classpath, List.of());
            }
            Files.writeString(stampFile, stamp, StandardCharsets.UTF_8);
        }
        // Mapped at the address it was recorded at, as the script does; the JVM moves it when that is taken.
        return new ClassArchive(classpath, List.of("-XX:SharedArchiveFile=" + archive, "-XX:+UnlockDiagnosticVMOptions",
                "-XX:ArchiveRelocationMode=0", "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
    }

    /** What the archive is recorded for: the classpath, and the number and newest time of its directories' files. */
    private static String stamp(String classpath) throws IOException {
        StringBuilder stamp = new StringBuilder(classpath).append('\n');
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.walk(path)) {
                    List<Path> all = files.filter(Files::isRegularFile).toList();
                    long newest = 0;
                    for (Path file : all) {
                        newest = Math.max(newest, Files.getLastModifiedTime(file).toMillis());
                    }
                    stamp.append(entry).append(' ').append(all.size()).append(' ').append(newest).append('\n');
                }
            }
        }
        return stamp.toString();
    }

    /**
     * The classpath with each directory replaced by a jar of it, in the same order; the jars are made anew
     * when {@code make} is set (the archive remembers each jar's size and time, so they are kept otherwise).
     */
    private static String jarsOnly(String classpath, boolean make) {
        ToolProvider jar = ToolProvider.findFirst("jar").orElseThrow(() -> new IllegalStateException("no jar tool"));
        List<String> entries = new ArrayList<>();
        int n = 0;
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                Path jarFile = DIR.resolve("classes-" + n++ + ".jar").toAbsolutePath();
                if (make) {
                    delete(jarFile);
                    int exit = jar.run(new PrintWriter(System.out), new PrintWriter(System.err), "--create", "--file",
                            jarFile.toString(), "-C", path.toString(), ".");
                    if (exit != 0) {
                        throw new IllegalStateException("jar of " + path + " failed: " + exit);
                    }
                }
                entries.add(jarFile.toString());
            } else {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot replace " + file + ": " + e, e);
        }
    }

    /** Records the archive with a small crawl; returns why it failed, or null. */
    private static String record(String classpath, Path archive) throws IOException, InterruptedException {
        Path run = DIR.resolve("recording");
        if (Files.exists(run)) {
            try (Stream<Path> files = Files.walk(run)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
        Files.createDirectories(run);
        try (TestWeb web = TestWeb.start(1)) {
            // Pages with links, so that the fetcher, the parser, the indexer and the status updater all work.
            String seed = web.site(0).robots("User-agent: *\nDisallow: /page/9\n").tree(10).url("/");
            List<String> options = List.of("-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
            Process process = SquallProcess.start(run, classpath, options, "crawl", seed, "--data",
                    SquallProcess.path(run.resolve("data")), "--agent", "squall-test", "--delay", "0", "--json");
            if (!process.waitFor(RECORDING_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly().waitFor();
                return "the recording crawl did not end within " + RECORDING_MINUTES + " minutes";
            }
            if (process.exitValue() != 0 || !Files.isRegularFile(archive)) {
                return "the recording crawl ended with " + process.exitValue() + ": "
                        + SquallProcess.read(run.resolve("stderr.txt"));
            }
            return null;
        }
    }
}
