package io.squall.e2e;

import io.squall.testweb.TestWeb;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Class data sharing for the squall processes of one test JVM, as the squall script gives a user's crawls
 * (docs/benchmarks.md, "Start-up and stop"): every process of a test loads the same tens of thousands of
 * classes, and maps them from one archive instead. The archive is recorded once, by a crawl of a small
 * site of its own as the first process is asked for. The JVM archives classes from jars only, so the
 * classpath's directories (the compiled classes) are put into jars first. Should anything of it fail, the
 * processes run without the archive, as before, and the reason is printed.
 */
final class ClassArchive {
    private static final long RECORDING_MINUTES = 4;
    private static ClassArchive shared;

    private final String classpath;
    private final List<String> javaOptions;

    private ClassArchive(String classpath, List<String> javaOptions) {
        this.classpath = classpath;
        this.javaOptions = javaOptions;
    }

    /** The test JVM's classpath, with the archive's options when it could be recorded. */
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
            Path dir = Files.createTempDirectory("squall-it-classes");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            String classpath = jarsOnly(testClasspath, dir);
            Path archive = dir.resolve("squall.jsa");
            String failure = record(classpath, archive, dir);
            if (failure != null) {
                System.err.println("[squall processes] running without a class archive: " + failure);
                return new ClassArchive(classpath, List.of());
            }
            // Mapped at the address it was recorded at, as the script does; the JVM moves it when that is taken.
            return new ClassArchive(classpath, List.of("-XX:SharedArchiveFile=" + archive,
                    "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0", "-Xlog:cds=off",
                    "-Xlog:cds+dynamic=off"));
        } catch (IOException | RuntimeException e) {
            System.err.println("[squall processes] running without a class archive: " + e);
            return new ClassArchive(testClasspath, List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ClassArchive(testClasspath, List.of());
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            System.err.println("[squall processes] " + dir + " left behind: " + e);
        }
    }

    /** The classpath with each directory replaced by a jar of it, in the same order. */
    private static String jarsOnly(String classpath, Path dir) {
        ToolProvider jar = ToolProvider.findFirst("jar").orElseThrow(() -> new IllegalStateException("no jar tool"));
        List<String> entries = new ArrayList<>();
        int n = 0;
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                Path jarFile = dir.resolve("classes-" + n++ + ".jar");
                int exit = jar.run(new PrintWriter(System.out), new PrintWriter(System.err), "--create", "--file",
                        jarFile.toString(), "-C", path.toString(), ".");
                if (exit != 0) {
                    throw new IllegalStateException("jar of " + path + " failed: " + exit);
                }
                entries.add(jarFile.toString());
            } else {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Records the archive with a small crawl; returns why it failed, or null. */
    private static String record(String classpath, Path archive, Path dir) throws IOException, InterruptedException {
        Path run = dir.resolve("recording");
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
