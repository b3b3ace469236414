package io.squall.storm;

import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The status writes a worker has queued and not yet seen answered, summed over its status writer tasks, so
 * that its fetchers can wait while the writes are behind ({@code fetcher.max.status.backlog}). Why: the
 * work a page brings is its writes, not its tuple: a page that discovers a thousand new links is a thousand
 * status writes, and fetching on while they queue up only grows what a stop has to write or throw away.
 */
public final class StatusBacklog {
    private static final WorkerShared<LongSupplier> WRITERS = new WorkerShared<>();

    private StatusBacklog() {
    }

    /** Registers a status writer task's count of operations not yet answered; running what it returns unregisters it. */
    public static Runnable register(Map<String, Object> topoConf, LongSupplier unanswered) {
        return WRITERS.add(topoConf, unanswered);
    }

    /**
     * Whether this worker's status writers of that topology have at least {@code max} operations not yet
     * answered; never with {@code max} 0 or less, nor in a worker without status writers.
     */
    public static BooleanSupplier behind(Map<String, Object> topoConf, long max) {
        if (max <= 0) {
            return () -> false;
        }
        String name = WorkerShared.nameOf(topoConf);
        return () -> {
            long sum = 0;
            for (LongSupplier writer : WRITERS.of(name)) {
                sum += writer.getAsLong();
            }
            return sum >= max;
        };
    }
}
