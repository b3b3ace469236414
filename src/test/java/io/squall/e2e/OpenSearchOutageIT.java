package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.OpenSearchClients;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * A local crawl into an OpenSearch node that is killed mid-crawl and started again on the same data a
 * minute later: the crawl waits instead of ending or failing its URLs, says so, and once the node is back
 * every page of the site ends FETCHED, none lost.
 */
class OpenSearchOutageIT {
    private static final int PAGES = 100;
    private static final Duration OUTAGE = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aCrawlRidesOutAMinuteWithoutOpenSearchAndEveryPageEndsFetched() throws Exception {
        int port = 20_000 + 10 * new Random().nextInt(2_000);
        Path nodeDir = dir.resolve("opensearch");
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(PAGES);
            OpenSearchClusterProcess node = OpenSearchClusterProcess.start(nodeDir, 1, port);
            String address = node.addresses(Duration.ofMinutes(2)).get(0);
            Path run = dir.resolve("crawl");
            java.nio.file.Files.createDirectories(run);
            Process crawl = SquallProcess.start(run, "crawl", site.url("/"), "--opensearch", address,
                    "--agent", "squall-test", "--delay", "0.25", "--data", SquallProcess.path(dir.resolve("data")));
            try {
                awaitRequests(web, 20, Duration.ofMinutes(2), crawl, run);
                node.close();
                long downAt = System.nanoTime();
                Thread.sleep(OUTAGE.toMillis());
                assertTrue(crawl.isAlive(), "the crawl waits for OpenSearch: " + SquallProcess.read(run.resolve("stderr.txt")));
                long quietFrom = downAt + TimeUnit.SECONDS.toNanos(30);
                List<LoggedRequest> late = web.log().matching(r -> r.startNanos() > quietFrom);
                assertEquals(List.of(), late, "fetching paused once the URLs handed out before the outage were done");

                node = OpenSearchClusterProcess.start(nodeDir, 1, port);
                node.addresses(Duration.ofMinutes(2));
                assertTrue(crawl.waitFor(4, TimeUnit.MINUTES), "the crawl ends once every page is fetched");
                String stderr = SquallProcess.read(run.resolve("stderr.txt"));
                assertEquals(0, crawl.exitValue(), stderr);
                assertTrue(stderr.contains("OpenSearch unreachable for"), stderr);
                assertTrue(stderr.contains("OpenSearch is back after"), stderr);

                Set<String> requested = web.log().forHost(site.host()).stream().map(LoggedRequest::path)
                        .filter(p -> !p.equals("/robots.txt")).collect(Collectors.toSet());
                assertEquals(PAGES, requested.size(), "every page was requested");
                OpenSearchClient client = OpenSearchClients.create(CrawlerConfig.defaults().with(
                        Map.of("opensearch.addresses", List.of(address)), "test"));
                try {
                    client.indices().refresh(r -> r.index("status"));
                    assertEquals(PAGES, client.count(c -> c.index("status")).count(), "every page has its document");
                    assertEquals(PAGES, client.count(c -> c.index("status").query(q -> q.term(t -> t.field("status")
                            .value(v -> v.stringValue("FETCHED"))))).count(), "and every one is FETCHED");
                } finally {
                    OpenSearchClients.close(client);
                }
            } finally {
                crawl.destroyForcibly().waitFor();
                node.close();
            }
        }
    }

    private static void awaitRequests(TestWeb web, int count, Duration timeout, Process crawl, Path run)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (web.log().size() < count) {
            if (!crawl.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("the crawl did not fetch " + count + " pages: "
                        + SquallProcess.read(run.resolve("stderr.txt")));
            }
            Thread.sleep(100);
        }
    }
}
