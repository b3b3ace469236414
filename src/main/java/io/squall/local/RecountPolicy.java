package io.squall.local;

/**
 * Decides when a local crawl's progress loop reads one of the status index's counts again (the due count,
 * the counts by status): only when something may have changed it since it was last read, so that a crawl
 * with nothing to do costs its OpenSearch node no search and no refresh.
 *
 * <p>The counts change only through writes: the outcomes and outlinks of the spouts' URLs, which their acks
 * and fails follow, and seeds, added from the console or emitted by a spout once it finds them (see
 * {@link LiveStats.SpoutActivity}). Time alone makes URLs due, but never takes a due URL away: skipping a
 * read can delay the idle stop's evidence, never fake it.
 *
 * <p>A read without a refresh may miss the last writes (a refresh interval's worth); once the activity stops,
 * the count is read once more after a refresh, and then not again until something happens.
 */
public final class RecountPolicy {
    public enum Read { NONE, COUNT, REFRESH_AND_COUNT }

    /** Everything that may change the counts: the spouts' activity and the seeds added from the console. */
    public record Activity(LiveStats.SpoutActivity spouts, long seedsAdded) {
    }

    private Activity lastRead; // the activity seen before the last read; null before the first
    private boolean lastReadExact; // the index was refreshed before that read

    /**
     * @param now the activity, read before the count
     * @param exact the count must include every write confirmed so far (the idle check)
     * @param report a progress report is due, which shows the count
     */
    public Read decide(Activity now, boolean exact, boolean report) {
        boolean changed = !now.equals(lastRead);
        if (exact) {
            return changed || !lastReadExact ? Read.REFRESH_AND_COUNT : Read.NONE;
        }
        if (!report) {
            return Read.NONE;
        }
        // While the crawl is busy a report may be a refresh interval behind: a refresh per report would cost
        // the node a segment every few seconds.
        if (changed) {
            return Read.COUNT;
        }
        return lastReadExact ? Read.NONE : Read.REFRESH_AND_COUNT;
    }

    /** The count was read, after {@code seen} was, with the index refreshed first or not. */
    public void read(Activity seen, boolean refreshed) {
        lastRead = seen;
        lastReadExact = refreshed;
    }
}
