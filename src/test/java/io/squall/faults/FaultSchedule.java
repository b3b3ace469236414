package io.squall.faults;

import io.squall.faults.FaultStep.Ending;
import io.squall.faults.FaultStep.OpenSearchTrouble;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A random sequence of crawl runs, each ending in a fault or a stop, then one run to the end, drawn from a
 * seed: the same seed gives the same schedule (and, through {@link FaultWeb}, the same web), so a failing
 * schedule is replayed from its seed alone.
 */
public record FaultSchedule(long seed, FaultScale scale, int delayMillis, List<FaultStep> steps) {
    private static final Ending[] FAULTS = {Ending.KILL, Ending.SIGTERM, Ending.CONSOLE_STOP, Ending.MAX_PAGES,
            Ending.DURATION};
    /** The politeness delays drawn from: none (the hardest for the status writers), short and longer. */
    private static final int[] DELAYS_MILLIS = {0, 50, 100, 200};
    /** Mixed into the seed for the node faults' stream, which must not be the runs' own. */
    private static final long NODE_FAULTS = 0x9E3779B97F4A7C15L;

    public FaultSchedule {
        steps = List.copyOf(steps);
    }

    public static FaultSchedule generate(long seed, FaultScale scale) {
        SplittableRandom random = new SplittableRandom(seed);
        int delayMillis = DELAYS_MILLIS[random.nextInt(DELAYS_MILLIS.length)];
        // A fault strikes within the first share of the web a run could fetch, so that most faults strike a
        // crawl that is still busy (one that has finished first ends by itself, which the harness records).
        int share = Math.max(4, scale.pages() / (scale.faults() + 1));
        List<FaultStep> steps = new ArrayList<>();
        for (int i = 0; i < scale.faults(); i++) {
            steps.add(fault(random, FAULTS[random.nextInt(FAULTS.length)], share));
        }
        steps.add(new FaultStep(Ending.FINISH, 0, 0, 0, null));
        return new FaultSchedule(seed, scale, delayMillis, steps);
    }

    /**
     * The schedule of {@link #generate} for the same seed and scale, with node faults added for a cluster of
     * OpenSearch nodes whose indices have a replica: in about half of the runs the node holding the status
     * primary is killed (when none is down) or the node killed before is started again (when one is), at a
     * request drawn before the run's own fault; the run to the end brings back a node still down, so that a
     * schedule leaves the cluster whole. The node faults are drawn from a stream of their own, so a seed's runs
     * and endings are the ones its one-node schedule has.
     */
    public static FaultSchedule generateOnCluster(long seed, FaultScale scale) {
        FaultSchedule base = generate(seed, scale);
        SplittableRandom random = new SplittableRandom(seed ^ NODE_FAULTS);
        int share = Math.max(4, scale.pages() / (scale.faults() + 1));
        boolean down = false;
        List<FaultStep> steps = new ArrayList<>();
        for (FaultStep step : base.steps()) {
            boolean last = step.ending() == Ending.FINISH;
            // Before the run's own fault: its request count, its page limit, or early in a run bounded by time.
            int before = step.afterRequests() > 0 ? step.afterRequests()
                    : step.maxPages() > 0 ? step.maxPages() : Math.max(2, share / 4);
            int at = 1 + random.nextInt(Math.max(1, before - 1));
            boolean strikes = random.nextInt(2) == 0;
            if (down && (strikes || last)) {
                steps.add(withNodes(step, null, new FaultStep.NodeBack(at)));
                down = false;
            } else if (!down && strikes && !last) {
                steps.add(withNodes(step, new FaultStep.NodeStop(at), null));
                down = true;
            } else {
                steps.add(step);
            }
        }
        return new FaultSchedule(seed, scale, base.delayMillis(), steps);
    }

    private static FaultStep withNodes(FaultStep step, FaultStep.NodeStop stop, FaultStep.NodeBack back) {
        return new FaultStep(step.ending(), step.afterRequests(), step.maxPages(), step.durationSeconds(),
                step.trouble(), stop, back);
    }

    private static FaultStep fault(SplittableRandom random, Ending ending, int share) {
        int at = 2 + random.nextInt(share - 1);
        OpenSearchTrouble trouble = random.nextInt(5) < 2
                ? new OpenSearchTrouble(1 + random.nextInt(at), 3 + random.nextInt(10), 200 + random.nextInt(1800))
                : null;
        return switch (ending) {
            case KILL, SIGTERM, CONSOLE_STOP -> new FaultStep(ending, at, 0, 0, trouble);
            case MAX_PAGES -> new FaultStep(ending, 0, at, 0, trouble);
            // Short: a generated web is crawled in seconds, and a duration that outlasts it stops nothing.
            case DURATION -> new FaultStep(ending, 0, 0, 2 + random.nextInt(6), trouble);
            case FINISH -> throw new IllegalArgumentException("not a fault: " + ending);
        };
    }

    /** The line a harness prints before running the schedule, and every failure message starts with. */
    public String describe() {
        StringBuilder sb = new StringBuilder("seed ").append(seed).append(" (").append(scale.name()).append(": ")
                .append(scale.hosts()).append(" hosts x ").append(scale.pagesPerHost()).append(" pages, delay ")
                .append(delayMillis).append(" ms)");
        for (int i = 0; i < steps.size(); i++) {
            sb.append("\n  ").append(i + 1).append(". ").append(steps.get(i));
        }
        return sb.toString();
    }
}
