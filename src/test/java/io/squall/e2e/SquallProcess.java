package io.squall.e2e;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the {@code squall} script of the project root as a separate process, as a user would, with the
 * test JVM's classpath (so that nothing is built from inside the build).
 */
final class SquallProcess {
    private SquallProcess() {
    }

    record Result(int exitCode, String stdout, String stderr) {
        List<String> stderrLines() {
            return stderr.lines().filter(l -> !l.isBlank()).toList();
        }
    }

    /**
     * Starts squall in {@code dir} (its working directory too, so that a default such as {@code ./data} is the
     * test's own and never the project's, where a user's crawl may have left one) with its output going to
     * files there.
     */
    static Process start(Path dir, String... args) throws IOException {
        ClassArchive classes = ClassArchive.get();
        return start(dir, classes.classpath(), classes.javaOptions(), args);
    }

    /** Starts squall with the given classpath and JVM options (besides the heap's). */
    static Process start(Path dir, String classpath, List<String> javaOptions, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of("squall").toAbsolutePath().toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toAbsolutePath().toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        builder.environment().put("SQUALL_CLASSPATH", classpath);
        List<String> options = new ArrayList<>(List.of("-Xmx1g"));
        options.addAll(javaOptions);
        builder.environment().put("SQUALL_JAVA_OPTS", String.join(" ", options));
        return builder.start();
    }

    /**
     * The running squall's command line (the script replaced itself with the JVM), from Linux's
     * /proc/PID/cmdline: ProcessHandle.Info leaves the arguments out when argv[0] is not the executable's path.
     */
    static List<String> jvmArguments(Process process) throws IOException {
        String cmdline = Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"), StandardCharsets.UTF_8);
        return List.of(cmdline.split("\0"));
    }

    /** Runs squall to its end (killed after the timeout) and returns what it printed. */
    static Result run(Path dir, Duration timeout, String... args) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Process process = start(dir, args);
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("squall " + String.join(" ", args) + " did not end within " + timeout
                    + "; stderr: " + read(dir.resolve("stderr.txt")));
        }
        return new Result(process.exitValue(), read(dir.resolve("stdout.txt")), read(dir.resolve("stderr.txt")));
    }

    static String read(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    /** The first group of the pattern in a process's output file, once it is printed there. */
    static URI awaitLine(Path file, Pattern line, Duration wait) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = line.matcher(read(file));
            if (m.find()) {
                return URI.create(m.group(1));
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no line matching " + line + " in: " + read(file));
    }

    static String path(Path p) {
        return p.toAbsolutePath().toString().replace(File.separatorChar, '/');
    }
}
