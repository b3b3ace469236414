package io.squall.render;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * At most {@code size} browsers, started when first needed and kept for the next page. A browser that
 * failed (it crashed, or a render hung in it) is discarded: stopped, and its place taken by a fresh one
 * at the next {@link #acquire}. Thread-safe.
 *
 * @param <B> a browser
 */
final class BrowserPool<B> implements AutoCloseable {
    private final Semaphore places;
    private final Supplier<B> start;
    private final Consumer<B> stop;
    private final Deque<B> idle = new ArrayDeque<>();
    private int started;
    private boolean closed;

    /**
     * @param start starts a browser; throws when none can be started
     * @param stop stops a browser, whatever its state; must not throw
     */
    BrowserPool(int size, Supplier<B> start, Consumer<B> stop) {
        if (size < 1) {
            throw new IllegalArgumentException("a pool needs at least one browser, got " + size);
        }
        this.places = new Semaphore(size, true);
        this.start = start;
        this.stop = stop;
    }

    /**
     * An idle browser, or a new one when there is a free place.
     *
     * @return null when no place came free within the wait
     * @throws RuntimeException what starting a browser threw
     */
    B acquire(long waitMillis) throws InterruptedException {
        if (!places.tryAcquire(waitMillis, TimeUnit.MILLISECONDS)) {
            return null;
        }
        synchronized (this) {
            if (closed) {
                places.release();
                throw new IllegalStateException("the browser pool is closed");
            }
            B browser = idle.pollFirst();
            if (browser != null) {
                return browser;
            }
        }
        try {
            B browser = start.get();
            synchronized (this) {
                started++;
            }
            return browser;
        } catch (RuntimeException | Error e) {
            places.release();
            throw e;
        }
    }

    /** Gives back a browser that is fit for the next page. */
    void release(B browser) {
        boolean stopNow;
        synchronized (this) {
            stopNow = closed;
            if (!closed) {
                idle.addFirst(browser);
            }
        }
        if (stopNow) {
            stop.accept(browser);
        }
        places.release();
    }

    /** Stops a browser that is not fit for another page; its place is free for a fresh one. */
    void discard(B browser) {
        try {
            stop.accept(browser);
        } finally {
            places.release();
        }
    }

    /** Browsers started so far, the ones that replaced discarded ones included. */
    synchronized int started() {
        return started;
    }

    /** Stops the idle browsers now, and every other one when it is given back. */
    @Override
    public void close() {
        Deque<B> stopping;
        synchronized (this) {
            closed = true;
            stopping = new ArrayDeque<>(idle);
            idle.clear();
        }
        stopping.forEach(stop);
    }
}
