package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.metrics.Counters;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.parse.ParseProcessor;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchClient;

@ExtendWith(OpenSearchExtension.class)
class WarmUpTest {

    @Test
    void writesTheSamplePagesToScratchIndicesItDeletesAndLeavesTheCrawlsIndicesEmpty(TestOpenSearch os)
            throws Exception {
        CrawlerConfig config = os.config();
        os.createIndices(Map.of());

        WarmUp.Result result = WarmUp.run(config, os.client(), () -> false);

        assertEquals(WarmUp.PAGES, result.pages());
        assertTrue(result.links() > 20L * WarmUp.PAGES, result.toString());
        // The links to other sites (two a page), out of the default scope: counted in the warm-up's own tally.
        assertTrue(result.rejected() > WarmUp.PAGES, result.toString());
        assertEquals(0, result.failed());
        // Each page's content and FETCHED status, and the status of the links it found.
        assertTrue(result.written() > 10L * WarmUp.PAGES, result.toString());
        CrawlerConfig scratch = WarmUp.scratchConfig(config);
        for (SquallIndex index : List.of(SquallIndex.STATUS, SquallIndex.CONTENT)) {
            String name = index.name(scratch);
            assertTrue(name.endsWith(WarmUp.SCRATCH_SUFFIX), name);
            assertFalse(os.client().indices().exists(e -> e.index(name)).value(), name + " was left behind");
            assertEquals(0, os.count(index), "the crawl's own " + index + " index");
        }
    }

    @Test
    void itStopsAsSoonAsTheWaitIsOver() {
        int[] asked = {0};
        WarmUp.Result result = WarmUp.run(CrawlerConfig.defaults(), null, () -> ++asked[0] > 8);

        assertEquals(7, result.pages(), "asked before starting and before each page; the ninth answer said enough");
        assertEquals(0, WarmUp.run(CrawlerConfig.defaults(), null, () -> true).pages(), "no wait to fill");
    }

    @Test
    void withoutANodeOnlyTheParserIsWarmed() {
        WarmUp.Result result = WarmUp.run(CrawlerConfig.defaults(), null, () -> false);

        assertEquals(WarmUp.PAGES, result.pages());
        assertTrue(result.links() > 20L * WarmUp.PAGES, result.toString());
        assertEquals(0, result.written());
    }

    @Test
    void aNodeThatCannotBeReachedCostsTheHeadStartNotTheCrawl() throws Exception {
        int deadPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = socket.getLocalPort();
        }
        CrawlerConfig config = CrawlerConfig.defaults().with(
                Map.of("opensearch.addresses", List.of("http://127.0.0.1:" + deadPort)), "test");
        OpenSearchClient client = OpenSearchClients.create(config);
        try {
            WarmUp.Result result = WarmUp.run(config, client, () -> false);

            assertEquals(0, result.written());
        } finally {
            OpenSearchClients.close(client);
        }
    }

    @Test
    void theSamplePagesAreArticlesWhoseLinksWithinTheirSitePassTheDefaultFilters() {
        ParseProcessor parser = ParseProcessor.fromConfig(CrawlerConfig.defaults(), Counters.NONE);

        ParseProcessor.Outcome outcome = parser.process(WarmUp.pageUrl(7), WarmUp.page(7), WarmUp.fetchedMetadata());

        assertEquals(ParseProcessor.Kind.PAGE, outcome.kind());
        assertTrue(WarmUp.page(7).length > 8_000, "about 10 KB, as most pages");
        assertTrue(outcome.text().length() > 5_000);
        assertTrue(outcome.discovered().size() >= 20, outcome.discovered().size() + " links");
        // The links to other sites are out of the default scope (the seed's domain), as in most crawls.
        assertTrue(outcome.discovered().stream().allMatch(d -> d.url().startsWith("https://site7.example/")),
                outcome.discovered().toString());
    }
}
