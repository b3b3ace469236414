package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.YamlFiles;
import io.squall.metrics.MetricKinds;
import io.squall.testsupport.TaskContexts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.junit.jupiter.api.Test;

class TaskStartTest {

    @Test
    void everyTaskReportsWhenThisInstanceOfItStartedAsAGauge() {
        StormMetricRegistry worker = new StormMetricRegistry();
        Map<Integer, String> tasks = Map.of(3, "fetcher", 4, "fetcher");
        long before = System.currentTimeMillis();
        new TaskStart().prepare(Map.of(), TaskContexts.of(tasks, 3, worker));
        new TaskStart().prepare(Map.of(), TaskContexts.of(tasks, 4, worker));
        long after = System.currentTimeMillis();

        long started = ((Number) worker.getTaskGauges(3).get(MetricKinds.TASK_STARTED).getValue()).longValue();
        assertTrue(started >= before && started <= after, started + " between " + before + " and " + after);
        assertTrue(worker.getTaskGauges(4).containsKey(MetricKinds.TASK_STARTED), "each task its own");
        assertFalse(MetricKinds.isCounter("fetcher", MetricKinds.TASK_STARTED), "a level: no delta is written for it");
    }

    @Test
    void squallsTopologyAndTheProjectTemplatesRegisterItAndFailedOutcomesForEveryTask() throws Exception {
        for (Path file : List.of(Path.of("topology.yaml"),
                Path.of("src/main/resources/io/squall/template/project/topology.yaml"))) {
            Map<?, ?> topology = (Map<?, ?>) YamlFiles.parse(Files.readString(file), file.toString());
            Map<?, ?> config = (Map<?, ?>) topology.get("config");
            assertEquals(List.of(TaskStart.class.getName(), FailedOutcomes.class.getName()),
                    config.get("topology.auto.task.hooks"), file.toString());
        }
    }
}
