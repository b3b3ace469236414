package io.squall.topology;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
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

    /** @throws ConfigException naming the first count that cannot be */
    static void check(CrawlerConfig config) {
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
    }
}
