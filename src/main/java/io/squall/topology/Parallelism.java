package io.squall.topology;

import io.squall.config.ConfigException;
import io.squall.config.CrawlerConfig;

/**
 * How many tasks each component of the crawl topology runs, from the {@code parallelism.*} settings. The
 * spout's count may be left to the status index ({@code parallelism.spout: 0}: one task per shard).
 */
public record Parallelism(int spout, int partitioner, int fetcher, int parser, int indexer, int status) {

    /** The settings, with the spout's count given by the status index when the configuration leaves it. */
    public static Parallelism of(CrawlerConfig config, int statusShards) {
        int spout = config.getInt("parallelism.spout");
        if (spout < 0) {
            throw new ConfigException("parallelism.spout is " + spout + ": give a number of tasks, or 0 for one per"
                    + " shard of the status index");
        }
        return new Parallelism(spout == 0 ? statusShards : spout, atLeastOne(config, "parallelism.partitioner"),
                atLeastOne(config, "parallelism.fetcher"), atLeastOne(config, "parallelism.parser"),
                atLeastOne(config, "parallelism.indexer"), atLeastOne(config, "parallelism.status"));
    }

    /** Checks every count except the spout's shard-derived one. */
    static void check(CrawlerConfig config) {
        of(config, 1);
    }

    private static int atLeastOne(CrawlerConfig config, String key) {
        int n = config.getInt(key);
        if (n < 1) {
            throw new ConfigException(key + " is " + n + ": a component needs at least one task");
        }
        return n;
    }

    @Override
    public String toString() {
        return "spout " + spout + ", partitioner " + partitioner + ", fetcher " + fetcher + ", parser " + parser
                + ", indexer " + indexer + ", status " + status;
    }
}
