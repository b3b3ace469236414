package io.squall.local;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides when a local crawl ends: once the spout handed out {@code --max-pages} URLs (its budget, so no more
 * can be fetched: what is in flight then drains), after {@code --duration}, or when the frontier is dry. Dry
 * means nothing in flight and then nothing due in the status index: an in-flight URL stays due in the index
 * until the status updater has written its outcome (and its outlinks, in the same tuple tree), so reading
 * in-flight first and the due count after it cannot miss work. A dry frontier ends the crawl unless a URL
 * becomes due before {@code --duration} ends: then the crawl waits for it (a re-crawl in one run).
 */
public final class StopPolicy {
    private final Integer maxPages;
    private final Duration duration;

    public StopPolicy(Integer maxPages, Duration duration) {
        this.maxPages = maxPages;
        this.duration = duration;
    }

    /** {@code --max-pages}, or null. */
    public Integer maxPages() {
        return maxPages;
    }

    /** {@code --duration}, or null. */
    public Duration duration() {
        return duration;
    }

    /** A limit reached, or null; checked on every tick, before the cheaper-to-skip idle check. */
    public StopReason limitReached(Duration elapsed, long handedOut) {
        if (maxPages != null && handedOut >= maxPages) {
            return StopReason.MAX_PAGES;
        }
        if (duration != null && elapsed.compareTo(duration) >= 0) {
            return StopReason.DURATION;
        }
        return null;
    }

    /**
     * Whether a crawl with nothing in flight and nothing due waits for its next URL rather than ending: only
     * under {@code --duration}, and only when that URL becomes due before the duration ends.
     *
     * @param nextDue when the next URL becomes due, empty when none is scheduled
     * @param now when {@code nextDue} was read
     * @param elapsed the crawl's time so far, as {@link #limitReached} counts it
     */
    public boolean waitsFor(Optional<Instant> nextDue, Instant now, Duration elapsed) {
        if (duration == null || nextDue.isEmpty()) {
            return false;
        }
        return nextDue.get().isBefore(now.plus(duration.minus(elapsed)));
    }

    /** Whether the due count is worth asking for: only when nothing is in flight. */
    public static boolean mayBeIdle(long inFlight) {
        return inFlight == 0;
    }

    /**
     * With the in-flight count read before the due count; {@code setAside}: due URLs the spout will not hand
     * out in this run (they failed under --max-pages' budget).
     */
    public static boolean isIdle(long inFlightBefore, long dueAfter, long setAside) {
        return inFlightBefore == 0 && dueAfter <= setAside;
    }
}
