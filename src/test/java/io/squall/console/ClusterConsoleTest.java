package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.fetch.HostIndex;
import io.squall.fetch.HostState;
import io.squall.frontier.Injector;
import io.squall.frontier.StatusWriter;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.ControlDocument;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.urls.UrlFilters;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The console's reads of a real status index, as written by the crawl's own status writer: the latest errors,
 * URL lookups and their filter verdicts, seeds, and the console of a crawl that runs on a cluster (its host
 * table from the host index, its state, its pause, resume and stop through the control document).
 */
@ExtendWith(OpenSearchExtension.class)
class ClusterConsoleTest {

    @Test
    @SuppressWarnings("unchecked")
    void theStatusIndexAnswersErrorsLookupsSeedsAndTheClusterConsolesFigures(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config();
        Injector injector = new Injector(config, os.client());
        injector.inject(List.of("http://a.example/1", "http://a.example/2", "http://b.example/1"), p -> { });
        try (BulkWriter bulk = new BulkWriter(os.client(), BulkWriter.Settings.fromConfig(config, "opensearch.status"),
                "test")) {
            StatusWriter writer = new StatusWriter(config, bulk, Counters.NONE);
            write(writer, "http://a.example/1", Status.FETCHED, new Metadata()
                    .set(MetadataKeys.FETCH_BYTE_LENGTH, "4096").set(MetadataKeys.FETCH_STATUS_CODE, "200"));
            write(writer, "http://b.example/1", Status.FETCH_ERROR, new Metadata()
                    .set(MetadataKeys.ERROR_CAUSE, "connection.refused").set(MetadataKeys.ERROR_MESSAGE, "refused"));
            Thread.sleep(5); // a later update, at a later millisecond
            write(writer, "http://a.example/2", Status.ERROR, new Metadata()
                    .set(MetadataKeys.ERROR_CAUSE, "robots").set(MetadataKeys.ERROR_MESSAGE, "disallowed by robots.txt"));
        }
        assertEquals(List.of(), failures);
        os.refresh(SquallIndex.STATUS);
        String index = os.indexName(SquallIndex.STATUS);
        StatusIndexView view = new StatusIndexView(os.client(), index);
        ConsoleUrls urls = new ConsoleUrls(injector, UrlFilters.fromConfig(config, Counters.NONE), view);

        List<Map<String, Object>> errors = view.recentErrors(10);
        assertEquals(List.of("http://a.example/2", "http://b.example/1"), errors.stream().map(e -> e.get("url")).toList(),
                "newest first, only errors");
        assertEquals("robots", errors.get(0).get("cause"));
        assertEquals("disallowed by robots.txt", errors.get(0).get("message"));

        Map<String, Object> fetched = urls.lookUp(" HTTP://A.example:80/1 ");
        assertEquals("http://a.example/1", fetched.get("url"), "looked up as stored");
        assertEquals("FETCHED", ((Map<String, Object>) fetched.get("document")).get("status"));
        assertTrue(((Map<String, Object>) fetched.get("document")).containsKey("lastProcessedDate"));
        assertEquals(true, fetched.get("accepted"));

        Map<String, Object> filtered = urls.lookUp("http://a.example/setup.exe");
        assertNull(filtered.get("document"));
        assertEquals("extension", filtered.get("rejectedBy"));
        assertTrue(filtered.get("verdict").toString().startsWith("never stored: the URL filter 'extension' rejects it"),
                filtered.get("verdict").toString());
        Map<String, Object> unknown = urls.lookUp("http://c.example/never-linked");
        assertNull(unknown.get("document"));
        assertTrue(unknown.get("verdict").toString().startsWith("never stored, though the URL filters accept it"));
        assertTrue(urls.lookUp("http://[::1").get("verdict").toString().startsWith("not a URL Squall can crawl"));

        Map<String, Object> seeds = urls.addSeeds(List.of("http://c.example/", "http://a.example/1", "ftp://x.example/"));
        assertEquals(1L, seeds.get("added"));
        assertEquals(1L, seeds.get("alreadyKnown"));
        assertEquals(1L, seeds.get("rejected"));
        assertTrue(((List<String>) seeds.get("problems")).get(0).contains("ftp://x.example/ REJECTED scheme"),
                seeds.get("problems").toString());
        os.refresh(SquallIndex.STATUS);

        os.createIndices(Map.of());
        Instant now = Instant.now();
        HostIndex hostIndex = new HostIndex(os.client(), config, 3);
        hostIndex.write(List.of(
                host("a.example", 3, 5000, "robots", now.plusSeconds(2), null, null),
                host("b.example", 1, 1000, "retry-after", now.plusSeconds(60), now.plusSeconds(60), "retry-after"),
                host("c.example", 0, 1000, "fixed", now, null, null)));
        hostIndex.close();
        assertEquals(3, os.count(SquallIndex.HOSTS), "the host states are written");
        String hosts = os.indexName(SquallIndex.HOSTS);
        ClusterConsole console = new ClusterConsole(new StatusIndexReader(os.client(), config), view,
                new HostIndexView(os.client(), hosts), urls, Duration.ofSeconds(5), "the status index '" + index + "'");
        assertTrue(console.steerable());
        Map<String, Object> p = console.progress();
        assertEquals("cluster", p.get("mode"));
        assertEquals("fetching", p.get("state"), "a page was processed within the last 10 s: " + p);
        assertTrue((Double) p.get("pagesPerSecond") > 0, "the page fetched just now: " + p);
        assertTrue(p.get("note").toString().contains("storm deactivate TOPOLOGY"),
                "no submission recorded the name: " + p.get("note"));
        ControlDocument.writeSubmitted(os.client(), os.indexName(SquallIndex.HOSTS), "acme", Instant.now());
        assertTrue(console.progress().get("note").toString().contains("storm kill acme ends"),
                "the name the submission recorded: " + console.progress().get("note"));
        assertEquals(1L, p.get("fetched"));
        assertEquals(2L, p.get("errors"));
        assertEquals(4L, p.get("discovered"), "every URL known: a.example/1, /2, b.example/1 and the new seed");
        assertEquals(3L, p.get("queues"), "the hosts in the host index");
        List<Map<String, Object>> history = (List<Map<String, Object>>) p.get("history");
        assertFalse(history.isEmpty());
        double kb = history.stream().mapToDouble(r -> (Double) r.get("kb")).max().orElse(0);
        assertTrue(kb > 0, "the page's 4 KB show in the chart: " + history);
        Map<String, Object> table = (Map<String, Object>) p.get("hosts");
        assertEquals(4L, table.get("queued"));
        List<Map<String, Object>> busiest = (List<Map<String, Object>>) table.get("busiest");
        assertEquals(List.of("a.example", "b.example"), busiest.stream().map(h -> h.get("host")).toList(),
                "the hosts with URLs queued, most first");
        assertEquals(5000L, busiest.get(0).get("delayMs"));
        assertEquals("robots", busiest.get(0).get("delayReason"));
        List<Map<String, Object>> blocked = (List<Map<String, Object>>) table.get("blocked");
        assertEquals(List.of("b.example"), blocked.stream().map(h -> h.get("host")).toList(), "a block still running");
        assertTrue((Long) blocked.get(0).get("backOffMs") > 50_000, blocked.toString());

        assertTrue(console.pause());
        assertFalse(console.pause(), "paused already");
        assertEquals("paused", console.progress().get("state"));
        assertEquals(ControlDocument.State.PAUSED, ControlDocument.read(os.client(), hosts).state(),
                "the control document the spouts read");
        assertTrue(console.resume());
        assertFalse(console.resume(), "running already");
        assertEquals(ControlDocument.State.RUNNING, ControlDocument.read(os.client(), hosts).state());
        console.stop();
        assertEquals("stopped", console.progress().get("state"));
        assertEquals("acme", ControlDocument.read(os.client(), hosts).topology(),
                "the console's writes keep the topology's name");
        assertFalse(console.resume(), "a stopped crawl is not resumed: a new submission runs again");
    }

    private static HostState host(String key, int queued, long delayMs, String reason, Instant nextFetch,
            Instant blockedUntil, String blockReason) {
        Instant now = Instant.now();
        return new HostState(key, 3, queued, 0, delayMs, reason, 1000, "robots".equals(reason) ? delayMs : 0,
                nextFetch, blockedUntil, blockReason, 0, null, 0, 0, 1, now.minusSeconds(30), "ok",
                now.minusSeconds(600), now);
    }

    private final List<String> failures = new CopyOnWriteArrayList<>();

    private void write(StatusWriter writer, String url, Status status, Metadata metadata) {
        writer.write(url, metadata.set(MetadataKeys.DEPTH, "0"), status, new BulkWriter.Callback() {
            @Override
            public void succeeded(boolean alreadyExisted) {
            }

            @Override
            public void failed(String reason) {
                failures.add(url + ": " + reason);
            }
        });
    }
}
