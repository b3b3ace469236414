package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.opensearch.MetricsIndices;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.storm.Config;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class MetricsIndexConsumerTest {
    private static final long FIRST = 1_700_000_000L; // 2023-11-14T22:13:20Z
    private static final long SECOND = FIRST + 10;

    private static IMetricsConsumer.TaskInfo task(String component, int taskId, long timestampSecs) {
        return new IMetricsConsumer.TaskInfo("worker-a", 6700, component, taskId, timestampSecs, 10);
    }

    private static MetricsIndexConsumer consumer(TestOpenSearch os, Map<String, Object> settings) {
        return consumer(os, settings, "squall-local-1-1700000000");
    }

    private static MetricsIndexConsumer consumer(TestOpenSearch os, Map<String, Object> settings, String stormId) {
        Map<String, Object> conf = new HashMap<>(os.config(settings).asMap());
        conf.put(Config.STORM_ID, stormId);
        MetricsIndexConsumer consumer = new MetricsIndexConsumer();
        consumer.prepare(conf, null, null, null);
        return consumer;
    }

    @Test
    void countersGetTheirIncreaseBesideTheirTotalAndEveryDocumentItsRunAndDay(TestOpenSearch os) throws Exception {
        MetricsIndexConsumer consumer = consumer(os, Map.of("opensearch.metrics.retention.days", -1));
        consumer.handleDataPoints(task("fetcher", 3, FIRST), List.of(
                new IMetricsConsumer.DataPoint("fetcher.pages", 42L),
                new IMetricsConsumer.DataPoint("fetcher.queues", 7L),
                new IMetricsConsumer.DataPoint("fetcher.fetch.ms.p95", 120.0),
                new IMetricsConsumer.DataPoint("fetcher.fetch.ms.count", 40L),
                new IMetricsConsumer.DataPoint("fetcher.http", Map.of("200", 40, "404", 2)),
                new IMetricsConsumer.DataPoint("ignored", "not a number")));
        List<IMetricsConsumer.DataPoint> later = List.of(
                new IMetricsConsumer.DataPoint("fetcher.pages", 50L),
                new IMetricsConsumer.DataPoint("fetcher.queues", 5L));
        consumer.handleDataPoints(task("fetcher", 3, SECOND), later);
        consumer.handleDataPoints(task("fetcher", 3, SECOND), later); // a re-sent batch
        consumer.handleDataPoints(task("fetcher", 4, SECOND), List.of(new IMetricsConsumer.DataPoint("fetcher.pages", 9L)));
        consumer.cleanup();

        List<Map<String, Object>> docs = os.documents(SquallIndex.METRICS);
        Map<String, Object> deltas = docs.stream().collect(Collectors.toMap(
                d -> d.get("name") + "@" + d.get("taskId") + "@" + d.get("timestamp"),
                d -> d.containsKey("delta") ? d.get("delta") : "none"));
        assertEquals(Map.of(
                "fetcher.pages@3@2023-11-14T22:13:20Z", 42.0,
                "fetcher.pages@3@2023-11-14T22:13:30Z", 8.0,
                "fetcher.pages@4@2023-11-14T22:13:30Z", 9.0,
                "fetcher.queues@3@2023-11-14T22:13:20Z", "none",
                "fetcher.queues@3@2023-11-14T22:13:30Z", "none",
                "fetcher.fetch.ms.p95@3@2023-11-14T22:13:20Z", "none",
                "fetcher.fetch.ms.count@3@2023-11-14T22:13:20Z", 40.0,
                "fetcher.http.200@3@2023-11-14T22:13:20Z", 40.0,
                "fetcher.http.404@3@2023-11-14T22:13:20Z", 2.0), deltas);
        Map<String, Object> one = docs.get(0);
        assertEquals("fetcher", one.get("component"));
        assertEquals("worker-a:6700", one.get("worker"));
        assertEquals("squall-local-1-1700000000", one.get("stormId"));
        String day = os.indexName(SquallIndex.METRICS) + "-2023.11.14";
        assertEquals(docs.size(), os.client().count(c -> c.index(day)).count(), "all in the index of their day");
    }

    private static List<IMetricsConsumer.DataPoint> report(long pages, long startedSecs) {
        return List.of(new IMetricsConsumer.DataPoint("fetcher.pages", pages),
                new IMetricsConsumer.DataPoint("task.started", startedSecs * 1000 + 250));
    }

    @Test
    void aConsumerStartedAgainGoesOnFromTheTotalsWrittenAndATaskStartedAgainCountsWhole(TestOpenSearch os) {
        long third = SECOND + 10;
        long started = FIRST - 60;
        Map<String, Object> keptForEver = Map.of("opensearch.metrics.retention.days", -1);
        MetricsIndexConsumer first = consumer(os, keptForEver);
        first.handleDataPoints(task("fetcher", 3, FIRST), report(600, started));
        first.handleDataPoints(task("fetcher", 3, SECOND), report(673, started));
        first.handleDataPoints(task("fetcher", 4, FIRST), report(500, started));
        first.cleanup(); // its worker killed: the next consumer of the run starts seconds later
        os.refresh(SquallIndex.METRICS); // what those seconds do

        MetricsIndexConsumer second = consumer(os, keptForEver);
        second.handleDataPoints(task("fetcher", 3, SECOND), report(673, started)); // the last one written, again
        second.handleDataPoints(task("fetcher", 3, third), report(743, started));
        second.handleDataPoints(task("fetcher", 4, third), report(520, SECOND + 5)); // same slot, started again
        second.cleanup();
        MetricsIndexConsumer otherRun = consumer(os, keptForEver, "squall-local-1-1700000999");
        otherRun.handleDataPoints(task("fetcher", 3, third + 10), report(12, third));
        otherRun.cleanup();

        List<Map<String, Object>> pages = os.documents(SquallIndex.METRICS).stream()
                .filter(d -> d.get("name").equals("fetcher.pages")).toList();
        Map<String, Object> deltas = pages.stream().collect(Collectors.toMap(
                d -> d.get("stormId").toString().substring(15) + "@" + d.get("taskId") + "@" + d.get("timestamp"),
                d -> d.get("delta")));
        assertEquals(Map.of(
                "1700000000@3@2023-11-14T22:13:20Z", 600.0,
                "1700000000@3@2023-11-14T22:13:30Z", 73.0,
                "1700000000@3@2023-11-14T22:13:40Z", 70.0,
                "1700000000@4@2023-11-14T22:13:20Z", 500.0,
                "1700000000@4@2023-11-14T22:13:40Z", 520.0,
                "1700000999@3@2023-11-14T22:13:50Z", 12.0), deltas);
        double sum = pages.stream().filter(d -> d.get("stormId").equals("squall-local-1-1700000000"))
                .mapToDouble(d -> (Double) d.get("delta")).sum();
        assertEquals(743 + 500 + 520, sum, "the run's deltas add up to what its task instances counted");
    }

    @Test
    void stormsOwnMetricsAreLeftOutButThoseIncludedAndNumbersThatAreNotFiniteNeverReachOpenSearch(TestOpenSearch os) {
        MetricsIndexConsumer consumer = consumer(os, Map.of("opensearch.metrics.storm.include",
                List.of("__capacity", "receive-queue-*")));
        consumer.handleDataPoints(task("__system", -1, FIRST), List.of(
                new IMetricsConsumer.DataPoint("memory.pools.G1-Survivor-Space.usage", Double.NaN),
                new IMetricsConsumer.DataPoint("threads.count", 80)));
        consumer.handleDataPoints(task("parser", 5, FIRST), List.of(
                new IMetricsConsumer.DataPoint("__capacity", 0.25),
                new IMetricsConsumer.DataPoint("__emit-count-default", 10L),
                new IMetricsConsumer.DataPoint("receive-queue-population", 3L),
                new IMetricsConsumer.DataPoint("parser.pages", Double.POSITIVE_INFINITY),
                new IMetricsConsumer.DataPoint("parser.outlinks", Map.of("x", Double.NaN, "y", 4L))));
        consumer.cleanup();

        Map<String, Object> values = os.documents(SquallIndex.METRICS).stream()
                .collect(Collectors.toMap(d -> (String) d.get("name"), d -> d.get("value")));
        assertEquals(Map.of("__capacity", 0.25, "receive-queue-population", 3.0, "parser.outlinks.y", 4.0), values);
    }

    @Test
    void dailyIndicesOlderThanTheRetentionAreDeletedAtStartAndNoOtherIndex(TestOpenSearch os) throws Exception {
        String base = os.indexName(SquallIndex.METRICS);
        DateTimeFormatter day = DateTimeFormatter.ofPattern("yyyy.MM.dd");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        consumer(os, Map.of()).cleanup(); // puts the template in place, and creates the day's index
        assertTrue(os.client().indices().exists(e -> e.index(base + "-" + day.format(today))).value(),
                "the consumer makes the day's index ready before the first reports");
        List<String> kept = List.of(base + "-" + day.format(today), base + "-" + day.format(today.minusDays(3)));
        List<String> expired = List.of(base + "-" + day.format(today.minusDays(4)), base + "-" + day.format(today.minusDays(40)));
        String other = base + "-archive";
        for (String index : concat(kept.subList(1, 2), expired, List.of(other))) {
            os.client().indices().create(c -> c.index(index));
        }
        var mapping = os.client().indices().getMapping(m -> m.index(kept.get(1))).get(kept.get(1)).mappings();
        assertTrue(mapping.properties().get("delta").isDouble(), "made from the template: " + mapping.properties().keySet());

        consumer(os, Map.of("opensearch.metrics.retention.days", 3)).cleanup();

        for (String index : concat(kept, List.of(other))) {
            assertTrue(os.client().indices().exists(e -> e.index(index)).value(), index + " is kept");
        }
        for (String index : expired) {
            assertFalse(os.client().indices().exists(e -> e.index(index)).value(), index + " is deleted");
        }
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        return java.util.Arrays.stream(lists).flatMap(List::stream).toList();
    }
}
