package io.squall.topology;

import io.squall.api.ConfigException;
import io.squall.api.Scheduler;
import io.squall.config.CrawlerConfig;
import io.squall.frontier.FreshnessScheduler;
import java.util.List;

/**
 * The {@code parallelism.*} settings, the task counts that {@code topology.yaml} stands for
 * ({@code parallelism: ${parallelism.fetcher}}). The spout's may be left to the status index
 * ({@code parallelism.spout: 0}: one task per shard), a bolt's to the workers (0: one task per worker).
 */
final class Parallelism {
    private static final List<String> BOLTS = List.of("parallelism.partitioner", "parallelism.fetcher",
            "parallelism.parser", "parallelism.indexer", "parallelism.status");

    private Parallelism() {
    }

    /**
     * @param scheduler the crawl's scheduler, as {@code scheduler.class} builds it
     * @throws ConfigException naming the first count that cannot be
     */
    static void check(CrawlerConfig config, Scheduler scheduler) {
        int spout = config.getInt("parallelism.spout");
        if (spout < 0) {
            throw new ConfigException("parallelism.spout is " + spout + ": give a number of tasks, or 0 for one per"
                    + " shard of the status index");
        }
        for (String key : BOLTS) {
            int n = config.getInt(key);
            if (n < 0) {
                throw new ConfigException(key + " is " + n + ": give a number of tasks, or 0 for one per worker");
            }
        }
        if (scheduler instanceof FreshnessScheduler) {
            checkOnePlanPerHost(config);
        }
    }

    /**
     * The freshness scheduler plans each host's fetches in the memory of the status task that writes the host's
     * outcomes, which is the one of the worker that fetches the host only while every worker has exactly one
     * (the outcomes reach it local-or-shuffle): with two in a worker the host's pages are split between two plans
     * that each spend the host's whole budget, and a worker without one shuffles its outcomes over all of them.
     */
    private static void checkOnePlanPerHost(CrawlerConfig config) {
        int status = config.getInt("parallelism.status");
        int workers = config.getInt("topology.workers");
        if (status != 0 && status != workers) {
            throw new ConfigException("parallelism.status is " + status + " with topology.workers " + workers
                    + ": scheduler.class freshness plans each host in the status task of the worker that fetches it,"
                    + " so it needs one status task per worker: set parallelism.status to 0");
        }
    }
}
