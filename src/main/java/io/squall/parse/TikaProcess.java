package io.squall.parse;

import io.squall.metrics.Counters;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A JVM of its own in which Tika parses documents ({@link TikaChild}), started at the first document and
 * kept for the next ones. A parser stuck in a loop cannot be stopped from inside its JVM (a thread ignores
 * interrupts while it computes), and one that hoards memory would take the worker with it: here a parse that
 * takes longer than its time limit has its JVM killed, and one that fills the JVM's heap makes it exit; either
 * way the document fails with its cause and the next document gets a new JVM. Used by one thread at a time.
 *
 * <p>Counts {@code parser.tika.starts} (JVMs started) in the counters it is given.
 */
final class TikaProcess implements AutoCloseable {
    /** The JVM's exit status when it runs out of memory ({@code -XX:+ExitOnOutOfMemoryError}). */
    private static final int EXIT_OUT_OF_MEMORY = 3;
    /**
     * How long a new JVM may take to load Tika's parsers: far more than it needs, since a worker's cores
     * are shared; a JVM that cannot start at all fails its document with cause parse.crash.
     */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final List<String> command;
    private final Duration timeout;
    private final int maxAnswerBytes;
    private final Counters counters;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tika-answers");
        t.setDaemon(true);
        return t;
    });
    private Process process;
    private DataInputStream in;
    private DataOutputStream out;

    /**
     * @param command the command that starts the child JVM ({@link #command})
     * @param timeout how long one document's parse may take
     * @param maxAnswerBytes the most bytes a field of the child's answer (the document's XHTML) may have
     */
    TikaProcess(List<String> command, Duration timeout, int maxAnswerBytes, Counters counters) {
        this.command = List.copyOf(command);
        this.timeout = timeout;
        this.maxAnswerBytes = maxAnswerBytes;
        this.counters = counters;
    }

    /**
     * The command of a child JVM with this JVM's Java and class path (a Storm worker's holds the topology
     * jar), a heap of {@code memoryMb}, keeping {@code maxChars} of text and the named metadata.
     */
    static List<String> command(int memoryMb, int maxChars, List<String> metadataNames) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + memoryMb + "m", "-XX:+ExitOnOutOfMemoryError", "-XX:+UseSerialGC",
                "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), TikaChild.class.getName(), Integer.toString(maxChars)));
        command.addAll(metadataNames);
        return command;
    }

    /**
     * Parses one document.
     *
     * @param name the document's file name, a hint for the detection of its type ("" if none)
     * @param type the type it was taken for, a hint ("" if none)
     * @throws TikaFailure when it did not parse, with its cause (timeout, memory, crash, or Tika's error)
     */
    TikaWire.Answer parse(String name, String type, byte[] content) throws TikaFailure {
        try {
            start();
        } catch (IOException e) {
            kill();
            throw new TikaFailure(TikaFailure.CRASH, "the document parser's JVM did not start: " + e.getMessage());
        }
        DataInputStream answers = in;
        Future<TikaWire.Answer> answer = reader.submit(() -> TikaWire.readAnswer(answers, maxAnswerBytes));
        try {
            TikaWire.writeRequest(out, name, type, content);
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            kill();
            throw new TikaFailure(TikaFailure.TIMEOUT, "no result after " + timeout.toMillis()
                    + " ms (parser.tika.timeout): its parser was stopped");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TikaFailure failure) {
                if (!failure.errorCause().equals(TikaFailure.PARSE)) {
                    kill(); // the rest of its answer is still in the pipe
                }
                throw failure;
            }
            throw died();
        } catch (IOException e) {
            answer.cancel(true);
            throw died();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new TikaFailure(TikaFailure.CRASH, "interrupted while parsing");
        }
    }

    /** The failure of a parse during which the child JVM died: out of memory, or otherwise. */
    private TikaFailure died() {
        Process dead = process;
        int exit = -1;
        try {
            if (dead.waitFor(10, TimeUnit.SECONDS)) {
                exit = dead.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kill();
        return exit == EXIT_OUT_OF_MEMORY
                ? new TikaFailure(TikaFailure.MEMORY, "the document needed more than the parser's heap"
                        + " (parser.tika.memory.mb)")
                : new TikaFailure(TikaFailure.CRASH, "the document parser's JVM died (exit status " + exit + ")");
    }

    private void start() throws IOException {
        if (process != null && process.isAlive()) {
            return;
        }
        kill();
        counters.increment("parser.tika.starts");
        process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        in = new DataInputStream(new BufferedInputStream(process.getInputStream()));
        out = new DataOutputStream(new BufferedOutputStream(process.getOutputStream()));
        DataInputStream ready = in;
        Future<Integer> hello = reader.submit(() -> ready.read());
        try {
            Integer first = hello.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (first != TikaWire.READY) {
                throw new IOException("it said " + first + " instead of being ready");
            }
        } catch (TimeoutException e) {
            throw new IOException("not ready after " + START_TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while it started");
        }
    }

    private void kill() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    /** Whether a child JVM is running (for tests). */
    boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Stops the child JVM: the task is ending. */
    @Override
    public void close() {
        kill();
        reader.shutdownNow();
    }
}
