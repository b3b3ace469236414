package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.squall.dashboards.DashboardSearches;
import io.squall.metrics.MetricKinds;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local crawl (the squall command: Storm LocalCluster, real OpenSearch, loopback web) with pages, errors
 * of several causes and links the filters reject, long enough for several metrics reports. Then: every
 * aggregation of the dashboards in dashboards/ runs against its indices and finds data, and the metrics
 * documents have the shape the dashboards rely on.
 */
@ExtendWith(OpenSearchExtension.class)
class DashboardsIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    /** Storm's metrics that opensearch.metrics.storm.include keeps by default. */
    private static final Pattern STORMS_CHOSEN = Pattern.compile("__capacity|__process-latency-.*|__complete-latency-.*"
            + "|receive-queue-population|receive-queue-pct_full|memory\\.heap\\.used");

    @TempDir
    Path dir;

    @Test
    void everyDashboardAggregationFindsDataInARealCrawlAndMetricsChart(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(3)) {
            Site a = web.site(0);
            Site b = web.site(1);
            Site outside = web.site(2);
            // About 25 s of fetching at 0.2 s per host (b allowed past the address guard, the outside host out
            // of scope): several 10 s metrics reports.
            a.tree(120).robots("User-agent: *\nDisallow: /private/\n");
            b.tree(120);
            a.on("/", Response.html("<!DOCTYPE html><html lang=\"en\"><head><title>home</title></head><body>"
                    + "<a href=\"/page/1\">1</a><a href=\"/page/2\">2</a><a href=\"/private/x\">private</a>"
                    + "<a href=\"/missing\">missing</a><a href=\"/broken\">broken</a>"
                    + "<a href=\"" + b.url("/") + "\">b</a><a href=\"" + outside.url("/") + "\">outside</a>"
                    + "</body></html>"));
            a.on("/broken", Response.status(500));

            // The freshness scheduler, so that the freshness visualizations have its plan to show.
            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf",
                    ScopedCrawlConf.write(dir, os, List.of(a.host(), b.host()), "scheduler.class: freshness").toString(),
                    "--allow", b.host(), "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test",
                    "--delay", "0.2",
                    "--json");
            assertEquals(0, crawl.exitCode(), crawl.stderr());
            assertFalse(crawl.stderr().contains("Metrics not written"), crawl.stderr());
            assertFalse(crawl.stderr().contains("written without their delta"), crawl.stderr());

            List<Map<String, Object>> metrics = os.documents(SquallIndex.METRICS);
            assertMetricDocumentsChart(metrics);
            os.refresh(SquallIndex.STATUS);
            os.refresh(SquallIndex.CONTENT);
            assertEveryVisualizationFindsData(os);
        }
    }

    /** One run id; counters' increases add up to their totals; Squall's names plus Storm's chosen few. */
    private static void assertMetricDocumentsChart(List<Map<String, Object>> docs) {
        Set<Object> runs = new TreeSet<>();
        Set<String> names = new TreeSet<>();
        Map<String, Double> deltaSums = new HashMap<>();
        Map<String, Double> lastTotals = new HashMap<>();
        for (Map<String, Object> doc : docs) {
            runs.add(doc.get("stormId"));
            String name = (String) doc.get("name");
            String component = (String) doc.get("component");
            names.add(name);
            assertTrue(Double.isFinite(((Number) doc.get("value")).doubleValue()), doc.toString());
            assertEquals(MetricKinds.isCounter(component, name), doc.containsKey("delta"), "delta only for counters: " + doc);
            assertTrue(MetricKinds.isSquall(component, name) || STORMS_CHOSEN.matcher(name).matches(),
                    "not one of Storm's chosen metrics: " + doc);
            if (name.equals("fetcher.pages")) {
                String task = doc.get("worker") + "/" + doc.get("taskId");
                deltaSums.merge(task, ((Number) doc.get("delta")).doubleValue(), Double::sum);
                lastTotals.merge(task, ((Number) doc.get("value")).doubleValue(), Math::max);
            }
        }
        System.out.println("[dashboards test] " + docs.size() + " metric documents, " + names.size() + " names: " + names);
        assertEquals(1, runs.size(), "one run id: " + runs);
        assertTrue(String.valueOf(runs.iterator().next()).startsWith("squall-local"), "the topology id: " + runs);
        assertFalse(lastTotals.isEmpty(), "fetcher.pages reported");
        assertEquals(lastTotals, deltaSums, "a task's increases add up to its last total");
        for (String expected : List.of("status.errors.http.404", "status.errors.http.500", "status.errors.robots",
                "urlfilter.rejected.scope", "parser.pages", "indexer.indexed", "fetcher.fetch.ms.p95", "task.started")) {
            assertTrue(names.contains(expected), expected + " among " + names);
        }
    }

    private static void assertEveryVisualizationFindsData(TestOpenSearch os) throws Exception {
        DashboardSearches searches = new DashboardSearches(
                Map.of("status", os.indexName(SquallIndex.STATUS), "content", os.indexName(SquallIndex.CONTENT),
                        "metrics-*", SquallIndex.METRICS.searchPattern(os.config()),
                        "hosts", os.indexName(SquallIndex.HOSTS)));
        Map<String, String> empty = new TreeMap<>();
        int checked = 0;
        for (var run : searches.runAll(os.client())) {
            checked++;
            JsonNode answer = run.answer();
            String problem = DashboardSearches.emptiness(answer);
            if (problem != null) {
                empty.put(run.title(), problem + " for " + run.request());
            }
        }
        assertTrue(checked >= 20, "visualizations checked: " + checked);
        assertEquals(Map.of(), empty, "visualizations whose aggregations found nothing");
    }
}
