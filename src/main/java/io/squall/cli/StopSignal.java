package io.squall.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import sun.misc.Signal;

/**
 * Ctrl-C and SIGTERM ask a local crawl to stop; the crawl loop notices, flushes and shuts down cleanly.
 * The signals are handled here rather than by a shutdown hook so that the JVM keeps running while the
 * topology drains. A second signal gives up on a clean stop and exits at once, after the cleanup given to
 * {@link #beforeHalt}, saying how many outcomes of URLs fetched it abandons ({@link #owing}).
 */
final class StopSignal {
    static final String FIRST = "squall: stopping cleanly, the outcomes of the pages fetched written first; Ctrl-C"
            + " again stops at once";
    static final String SECOND = "squall: stopped at once; URLs in flight are fetched again by the next crawl";

    private final AtomicBoolean requested = new AtomicBoolean();
    private final PrintStream err;
    private volatile Runnable beforeHalt = () -> { };
    private volatile LongSupplier outcomes = () -> 0;
    private volatile LongSupplier writes = () -> 0;

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

    /** What a second signal abandons: the outcomes of URLs fetched not yet written, and their writes. */
    void owing(LongSupplier outcomes, LongSupplier writes) {
        this.outcomes = outcomes;
        this.writes = writes;
    }

    /** The second signal's line: what it abandons, when the crawl owes writes. */
    static String second(long outcomes, long writes) {
        if (outcomes <= 0) {
            return SECOND;
        }
        return String.format(Locale.ROOT, "squall: stopped at once, abandoning the outcomes of %,d URLs"
                + " fetched (%,d status writes with their links): those URLs stay due and are fetched again by the"
                + " next crawl", outcomes, writes);
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
        err.println(second(outcomes.getAsLong(), writes.getAsLong()));
        err.flush();
        beforeHalt.run();
        return false;
    }
}
