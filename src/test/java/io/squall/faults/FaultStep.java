package io.squall.faults;

/**
 * One run of {@code squall crawl} in a fault schedule and how it ends. {@code afterRequests} is when the
 * fault strikes (requests the test web has answered in this run) for the endings that a harness causes
 * ({@link Ending#KILL}, {@link Ending#SIGTERM}, {@link Ending#CONSOLE_STOP}); {@code maxPages} and
 * {@code durationSeconds} are the crawl's own limits for {@link Ending#MAX_PAGES} and {@link Ending#DURATION}
 * (0 otherwise). {@code trouble}, when not null, is OpenSearch misbehaving for a while during the run;
 * {@code nodeStop}, when not null, an OpenSearch node lost during the run, and {@code nodeBack}, when not null,
 * the node lost before started again during the run (on a cluster only).
 */
public record FaultStep(Ending ending, int afterRequests, int maxPages, int durationSeconds,
        OpenSearchTrouble trouble, NodeStop nodeStop, NodeBack nodeBack) {

    /** A step that loses no OpenSearch node: the only kind a single node can run. */
    public FaultStep(Ending ending, int afterRequests, int maxPages, int durationSeconds, OpenSearchTrouble trouble) {
        this(ending, afterRequests, maxPages, durationSeconds, trouble, null, null);
    }

    /** A step that may lose a node and does not bring one back. */
    public FaultStep(Ending ending, int afterRequests, int maxPages, int durationSeconds, OpenSearchTrouble trouble,
            NodeStop nodeStop) {
        this(ending, afterRequests, maxPages, durationSeconds, trouble, nodeStop, null);
    }

    /** How a run ends. Every ending but {@link #KILL} is a clean stop, after which nothing fetched is lost. */
    public enum Ending {
        /** {@code kill -9} of the crawl process. */
        KILL,
        /** SIGTERM, which stops as Ctrl-C does. */
        SIGTERM,
        /** The web console's stop button ({@code POST api/stop}). */
        CONSOLE_STOP,
        /** {@code --max-pages N}. */
        MAX_PAGES,
        /** {@code --duration Ns}. */
        DURATION,
        /** No fault: the crawl runs until nothing is left to fetch. */
        FINISH;

        public boolean clean() {
            return this != KILL;
        }
    }

    /**
     * OpenSearch answering every bulk request 429 (a full write queue) and every request {@code lateMillis}
     * late, from {@code afterRequests} requests into the run for {@code seconds}.
     */
    public record OpenSearchTrouble(int afterRequests, int seconds, int lateMillis) {
        @Override
        public String toString() {
            return "OpenSearch 429 and " + lateMillis + " ms late for " + seconds + " s after " + afterRequests
                    + " requests";
        }
    }

    /**
     * The OpenSearch node holding the status index's primary killed ({@code kill -9}) {@code afterRequests}
     * requests into the run, and left down while the crawl goes on: for a schedule run on a cluster whose indices
     * have a replica, where nothing acknowledged is lost with one node.
     */
    public record NodeStop(int afterRequests) {
        public NodeStop {
            if (afterRequests < 1) {
                throw new IllegalArgumentException("a node stop strikes after 1 request or more: " + afterRequests);
            }
        }

        @Override
        public String toString() {
            return "the OpenSearch node holding the status primary killed after " + afterRequests + " requests";
        }
    }

    /**
     * The node killed by an earlier step started again on its data {@code afterRequests} requests into the run,
     * while the crawl goes on writing: its copies recover from the ones that took over meanwhile.
     */
    public record NodeBack(int afterRequests) {
        public NodeBack {
            if (afterRequests < 1) {
                throw new IllegalArgumentException("a node comes back after 1 request or more: " + afterRequests);
            }
        }

        @Override
        public String toString() {
            return "the killed node started again after " + afterRequests + " requests";
        }
    }

    public FaultStep {
        if (nodeStop != null && nodeBack != null) {
            throw new IllegalArgumentException("a step either loses a node or brings one back: " + nodeStop + ", "
                    + nodeBack);
        }
        boolean triggered = ending == Ending.KILL || ending == Ending.SIGTERM || ending == Ending.CONSOLE_STOP;
        if (triggered != afterRequests > 0 || (ending == Ending.MAX_PAGES) != maxPages > 0
                || (ending == Ending.DURATION) != durationSeconds > 0) {
            throw new IllegalArgumentException("inconsistent step: " + ending + " " + afterRequests + " "
                    + maxPages + " " + durationSeconds);
        }
    }

    @Override
    public String toString() {
        String how = switch (ending) {
            case KILL -> "kill -9 after " + afterRequests + " requests";
            case SIGTERM -> "SIGTERM after " + afterRequests + " requests";
            case CONSOLE_STOP -> "console stop after " + afterRequests + " requests";
            case MAX_PAGES -> "--max-pages " + maxPages;
            case DURATION -> "--duration " + durationSeconds + "s";
            case FINISH -> "run to the end";
        };
        return how + (trouble == null ? "" : "; " + trouble) + (nodeStop == null ? "" : "; " + nodeStop)
                + (nodeBack == null ? "" : "; " + nodeBack);
    }
}
