package io.squall.frontier;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Which shards of the status index one spout task reads: task {@code i} of {@code n} reads every shard
 * {@code s} with {@code s % n == i}. Every shard has exactly one reader whatever the number of tasks, so
 * the user never matches the spout's parallelism to the shard count; tasks beyond the shard count read
 * nothing.
 */
public record ShardAssignment(int taskIndex, int numTasks, int numShards, List<Integer> shards) {

    public ShardAssignment {
        shards = List.copyOf(shards);
    }

    public static ShardAssignment of(int taskIndex, int numTasks, int numShards) {
        if (numTasks < 1 || taskIndex < 0 || taskIndex >= numTasks) {
            throw new IllegalArgumentException("spout task " + taskIndex + " of " + numTasks + " is not a valid task");
        }
        if (numShards < 1) {
            throw new IllegalArgumentException("the status index has " + numShards + " shards");
        }
        List<Integer> mine = new ArrayList<>();
        for (int s = taskIndex; s < numShards; s += numTasks) {
            mine.add(s);
        }
        return new ShardAssignment(taskIndex, numTasks, numShards, mine);
    }

    public boolean isIdle() {
        return shards.isEmpty();
    }

    /** The search {@code preference} that restricts a search to these shards, e.g. {@code _shards:0,2}. */
    public String preference() {
        if (isIdle()) {
            throw new IllegalStateException("spout task " + taskIndex + " has no shard to read");
        }
        return shards.stream().map(String::valueOf).collect(Collectors.joining(",", "_shards:", ""));
    }
}
