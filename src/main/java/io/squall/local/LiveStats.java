package io.squall.local;

import io.squall.frontier.StatusWriter;

/**
 * The live figures of a local crawl, from its tasks' metrics ({@link WorkerMetrics}), each summed over the
 * tasks of its component. The names are the ones the components count and measure under.
 */
public final class LiveStats {
    private static final String FETCHED = "fetcher.pages";
    private static final String BYTES = "fetcher.bytes";
    // Outcomes written to the status index (by the fetcher's, the parser's or the indexer's decision).
    private static final String FETCH_ERRORS = "status.written.FETCH_ERROR";
    private static final String ERRORS = "status.written.ERROR";
    private static final String DUPLICATES = "parser.duplicates";
    private static final String IN_FLIGHT = "spout.inflight";
    private static final String EMITTED = "spout.emitted";
    private static final String ACKED = "spout.acked";
    private static final String FAILED = "spout.failed";
    private static final String IDLE_TASKS = "spout.idle";
    private static final String ACTIVE_THREADS = "fetcher.active.threads";
    private static final String QUEUES = "fetcher.queues";
    // With --max-pages: URLs charged to the spout's budget, and those that failed and stay due for the next run.
    private static final String HANDED_OUT = "spout.budget.used";
    private static final String SET_ASIDE = "spout.budget.setaside";

    private final WorkerMetrics metrics;

    /**
     * What the spouts did so far. The status index changes only through the writes that their URLs' acks
     * and fails follow, and through seeds, which they emit: while this stays the same, so do its counts.
     * A spout task turning idle (its search found nothing due) or busy counts too.
     */
    public record SpoutActivity(boolean open, long emitted, long acked, long failed, long idleTasks) {
    }

    public LiveStats(WorkerMetrics metrics) {
        this.metrics = metrics;
    }

    public long fetched() {
        return metrics.sum(FETCHED);
    }

    public long bytes() {
        return metrics.sum(BYTES);
    }

    public long errors() {
        return metrics.sum(FETCH_ERRORS) + metrics.sum(ERRORS);
    }

    /**
     * Fetches whose comparison with the page's last fetch found {@code observation} ("changed", "unchanged",
     * "not-modified"), counted by the status writer.
     */
    public long observed(String observation) {
        return metrics.sum(StatusWriter.OBSERVED_PREFIX + observation);
    }

    /** Pages found to be near-duplicates of a page parsed before. */
    public long duplicates() {
        return metrics.sum(DUPLICATES);
    }

    /**
     * Whether the worker was launched: its files are in place, and its tasks start once the topology is
     * active (Storm opens and prepares them only then).
     */
    public boolean workerUp() {
        return metrics.attached();
    }

    /** Whether the spout opened: the worker is up and has reached OpenSearch. */
    public boolean spoutOpen() {
        return metrics.has(IN_FLIGHT);
    }

    public SpoutActivity spoutActivity() {
        return new SpoutActivity(spoutOpen(), metrics.sum(EMITTED), metrics.sum(ACKED), metrics.sum(FAILED),
                metrics.sum(IDLE_TASKS));
    }

    /** New URLs were written (seeds from the console or squall inject): the spouts search for them now. */
    public void wakeSpouts() {
        metrics.wakeSpouts(false);
    }

    /** URLs were acked or failed, whose writes may hold new URLs for any task: the idle spouts search now. */
    public void wakeIdleSpouts() {
        metrics.wakeSpouts(true);
    }

    public long inFlight() {
        return metrics.sum(IN_FLIGHT);
    }

    public long handedOut() {
        return metrics.sum(HANDED_OUT);
    }

    public long setAside() {
        return metrics.sum(SET_ASIDE);
    }

    public long activeThreads() {
        return metrics.sum(ACTIVE_THREADS);
    }

    public long queues() {
        return metrics.sum(QUEUES);
    }
}
