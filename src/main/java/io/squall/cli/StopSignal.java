package io.squall.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;

/**
 * Ctrl-C and SIGTERM ask a local crawl to stop; the crawl loop notices, flushes and shuts down cleanly.
 * The signals are handled here rather than by a shutdown hook so that the JVM keeps running while the
 * topology drains. A second signal gives up on a clean stop and exits at once.
 */
final class StopSignal {
    private final AtomicBoolean requested = new AtomicBoolean();

    /** Installs the handlers; without them (an unusual JVM) the default of exiting at once stays. */
    static StopSignal install() {
        StopSignal stop = new StopSignal();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> stop.onSignal(signal.getNumber()));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // that signal is not available here: the JVM's default handling stays
            }
        }
        return stop;
    }

    /** For tests and embedding: a stop nobody signals but {@link #request()}. */
    static StopSignal manual() {
        return new StopSignal();
    }

    void request() {
        requested.set(true);
    }

    boolean requested() {
        return requested.get();
    }

    private void onSignal(int number) {
        if (!requested.compareAndSet(false, true)) {
            System.err.println();
            System.err.println("squall: stopped at once; URLs in flight are fetched again by the next crawl");
            Runtime.getRuntime().halt(128 + number);
        }
    }
}
