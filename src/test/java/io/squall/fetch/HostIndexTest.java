package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.ManualClock;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.OpenSearchProxy;
import io.squall.testsupport.TestOpenSearch;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * The host index on a real OpenSearch node: a fetcher task writes its queues' states in one bulk (counted by a proxy
 * in front of the node), and after a
 * simulated restart (new queues, new writer, the clock moved on) the task reads them back, so that a Retry-After
 * block, a back-off and the error count hold on where the dead worker left them.
 */
@ExtendWith(OpenSearchExtension.class)
class HostIndexTest {
    private static final int TASK = 7;
    private final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T10:00:00Z"));

    @Test
    void aBackOffAndARetryAfterOutliveTheWorkerThatLearnedThem(TestOpenSearch os) throws Exception {
        CrawlerConfig config = os.config(Map.of("fetcher.server.delay", 1.0, "fetcher.backoff.initial", 60.0));
        HostQueues<String> before = new HostQueues<>(config, clock);
        before.offer(item("retry.example"));
        before.offer(item("backoff.example"));
        before.offer(item("failing.example"));
        before.offer(item("robots.example"));
        for (int i = 0; i < 4; i++) {
            HostQueues.Lease<String> lease = before.poll();
            assertNotNull(lease, "each host's first turn is due at once");
            switch (lease.item.key()) {
                case "retry.example" -> before.release(lease, HostQueues.Feedback.throttled("120"));
                case "backoff.example" -> before.release(lease, HostQueues.Feedback.throttled(null));
                case "failing.example" -> before.release(lease, HostQueues.Feedback.failed());
                default -> {
                    before.robotsFetched(lease, "ok");
                    before.release(lease, HostQueues.Feedback.answered().withCrawlDelay(Duration.ofSeconds(5).toNanos()));
                }
            }
        }
        // Through a proxy that counts the bulk requests reaching the node.
        try (OpenSearchProxy proxy = new OpenSearchProxy(os.address())) {
            OpenSearchClient viaProxy = OpenSearchClients.create(os.config(Map.of("opensearch.addresses",
                    List.of(proxy.address()))));
            try {
                HostIndex writer = new HostIndex(viaProxy, config, TASK);
                writer.ensureIndex(config);
                writer.flush(before);
                assertEquals(List.of(), before.changedStates(TASK), "what was written is no longer a change");
                writer.close(before); // waits for the flush's answer, and has nothing more to write
                assertEquals(1, proxy.bulksPassed(), "the four hosts' states in one bulk");
            } finally {
                OpenSearchClients.close(viaProxy);
            }
        }
        os.refresh(SquallIndex.HOSTS);

        Map<String, Map<String, Object>> docs = os.documents(SquallIndex.HOSTS).stream()
                .collect(Collectors.toMap(d -> (String) d.get("key"), Function.identity()));
        assertEquals(4, docs.size(), "one document per host: " + docs.keySet());
        Map<String, Object> retry = docs.get("retry.example");
        assertEquals("retry-after", retry.get("delayReason"));
        assertEquals("2026-03-01T10:02:00Z", retry.get("blockedUntil"), "Retry-After: 120 from the fetch's end");
        assertEquals(1, retry.get("fetched"));
        assertEquals(TASK, retry.get("task"));
        assertEquals("host", retry.get("kind"));
        assertEquals("backoff", docs.get("backoff.example").get("blockReason"));
        assertEquals(1, docs.get("failing.example").get("consecutiveErrors"));
        assertEquals("robots", docs.get("robots.example").get("delayReason"));
        assertEquals(5000, docs.get("robots.example").get("crawlDelayMs"));
        assertEquals("ok", docs.get("robots.example").get("robots"));
        assertEquals("2026-03-01T10:00:00Z", docs.get("robots.example").get("robotsFetched"));

        // The worker dies; 30 s later the task runs again in another worker, with empty queues (and, say, a
        // longer fixed delay: the configuration of the run, not the index, sets it).
        clock.advance(Duration.ofSeconds(30));
        HostQueues<String> after = new HostQueues<>(os.config(Map.of("fetcher.server.delay", 2.0)), clock);
        HostIndex reader = new HostIndex(os.client(), config, TASK);
        after.restore(reader.load(100));
        assertEquals(List.of(), new HostIndex(os.client(), config, TASK + 1).load(100), "another task's hosts are not its");
        Map<String, QueueView> views = after.views().stream()
                .collect(Collectors.toMap(QueueView::key, Function.identity()));
        assertEquals(90_000, views.get("retry.example").backOffMs(), "the Retry-After's remaining 90 s");
        assertEquals(DelayReason.RETRY_AFTER, views.get("retry.example").delayReason());
        assertEquals(1, views.get("backoff.example").backOffLevel());
        assertTrue(views.get("backoff.example").backOffMs() > 0, "the back-off still blocks");
        assertEquals(1, views.get("failing.example").consecutiveErrors());
        assertEquals(2000, views.get("failing.example").delayMs(), "the fixed delay of the run now");
        assertEquals(5000, views.get("robots.example").delayMs(), "the Crawl-delay is the delay in force");

        after.offer(item("retry.example"));
        assertNull(after.poll(), "the restored Retry-After block holds the host's next URL");
        clock.advance(Duration.ofSeconds(89));
        assertNull(after.poll(), "still blocked a second before the block ends");
        clock.advance(Duration.ofSeconds(2));
        HostQueues.Lease<String> lease = after.poll();
        assertNotNull(lease, "fetched once the block the dead worker learned is over");
        assertEquals("retry.example", lease.item.key());
    }

    private FetchItem<String> item(String key) {
        String url = "http://" + key + "/";
        return new FetchItem<>(url, key, new Metadata(), url, clock.nanos());
    }
}
