package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardAssignmentTest {

    @Test
    void everyShardHasExactlyOneReaderWhateverTheNumberOfTasks() {
        for (int shards = 1; shards <= 10; shards++) {
            for (int tasks = 1; tasks <= 12; tasks++) {
                List<Integer> read = new ArrayList<>();
                for (int task = 0; task < tasks; task++) {
                    ShardAssignment a = ShardAssignment.of(task, tasks, shards);
                    read.addAll(a.shards());
                    assertEquals(task >= shards, a.isIdle(), "task " + task + "/" + tasks + ", " + shards + " shards");
                }
                read.sort(null);
                List<Integer> all = new ArrayList<>();
                for (int s = 0; s < shards; s++) {
                    all.add(s);
                }
                assertEquals(all, read, tasks + " tasks over " + shards + " shards");
            }
        }
    }

    @Test
    void thePreferenceNamesTheTasksShards() {
        assertEquals("_shards:1,4", ShardAssignment.of(1, 3, 6).preference());
        assertTrue(ShardAssignment.of(5, 6, 4).isIdle());
        assertThrows(IllegalStateException.class, () -> ShardAssignment.of(5, 6, 4).preference());
        assertThrows(IllegalArgumentException.class, () -> ShardAssignment.of(2, 2, 4));
    }
}
