package io.squall.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class MetricsIndexConsumerTest {

    @Test
    void numbersAndMapsOfNumbersBecomeMetricDocumentsAndARepeatedBatchDoesNotDouble(TestOpenSearch os) {
        MetricsIndexConsumer consumer = new MetricsIndexConsumer();
        consumer.prepare(new HashMap<>(os.config().asMap()), null, null, null);
        IMetricsConsumer.TaskInfo task = new IMetricsConsumer.TaskInfo("worker-a", 6700, "fetcher", 3, 1_700_000_000L, 10);
        List<IMetricsConsumer.DataPoint> points = List.of(
                new IMetricsConsumer.DataPoint("fetcher.pages", 42L),
                new IMetricsConsumer.DataPoint("fetcher.status", Map.of("200", 40, "404", 2)),
                new IMetricsConsumer.DataPoint("ignored", "not a number"));
        consumer.handleDataPoints(task, points);
        consumer.handleDataPoints(task, points); // a re-sent batch
        consumer.cleanup();

        Map<String, Double> values = os.documents(SquallIndex.METRICS).stream()
                .collect(Collectors.toMap(d -> (String) d.get("name"), d -> ((Number) d.get("value")).doubleValue()));
        assertEquals(Map.of("fetcher.pages", 42.0, "fetcher.status.200", 40.0, "fetcher.status.404", 2.0), values);
        Map<String, Object> one = os.documents(SquallIndex.METRICS).get(0);
        assertEquals("fetcher", one.get("component"));
        assertEquals(3, one.get("taskId"));
        assertEquals("worker-a:6700", one.get("worker"));
        assertEquals("2023-11-14T22:13:20Z", one.get("timestamp"));
    }
}
