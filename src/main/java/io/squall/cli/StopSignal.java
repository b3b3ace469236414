package io.squall.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * Ctrl-C and SIGTERM ask a local crawl to stop; the crawl loop notices, flushes and shuts down cleanly.
 * The signals are handled here rather than by a shutdown hook so that the JVM keeps running while the
 * topology drains. A second signal gives up on a clean stop and exits at once, after the cleanup given to
 * {@link #beforeHalt}.
 */
final class StopSignal {
    static final String FIRST = "squall: stopping cleanly; Ctrl-C again stops at once";
    static final String SECOND = "squall: stopped at once; URLs in flight are fetched again by the next crawl";

    private final AtomicBoolean requested = new AtomicBoolean();
    private final PrintStream err;
    private volatile Runnable beforeHalt = () -> { };

    private StopSignal(PrintStream err) {
        this.err = err;
    }

    /** Installs the handlers; without them (an unusual JVM) the default of exiting at once stays. */
    static StopSignal install() {
        StopSignal stop = new StopSignal(System.err);
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    if (!stop.onSignal()) {
                        Runtime.getRuntime().halt(128 + signal.getNumber());
                    }
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // that signal is not available here: the JVM's default handling stays
            }
        }
        return stop;
    }

    /** For tests and embedding: a stop nobody signals but {@link #request()}. */
    static StopSignal manual() {
        return new StopSignal(System.err);
    }

    /** For tests: a stop whose signals are given to {@link #onSignal} and whose messages go to {@code err}. */
    static StopSignal printingTo(PrintStream err) {
        return new StopSignal(err);
    }

    /** What a second signal does before the process halts (no shutdown hook runs then): a quick cleanup. */
    void beforeHalt(Runnable cleanup) {
        this.beforeHalt = cleanup;
    }

    void request() {
        requested.set(true);
    }

    boolean requested() {
        return requested.get();
    }

    /**
     * A signal came: the first asks for a clean stop and says how to skip it; a later one runs the cleanup
     * and returns false, the process is then to halt.
     */
    boolean onSignal() {
        if (requested.compareAndSet(false, true)) {
            err.println();
            err.println(FIRST);
            err.flush();
            return true;
        }
        err.println();
        err.println(SECOND);
        err.flush();
        beforeHalt.run();
        return false;
    }
}
