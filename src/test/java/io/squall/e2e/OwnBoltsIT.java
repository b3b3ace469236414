package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.frontier.StatusUpdaterBolt;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own bolts, in a topology file run by {@code squall crawl --topology}: a bolt added after the
 * parser, and the indexer replaced (src/test/resources/topology-own-bolts.yaml).
 */
class OwnBoltsIT {
    private static final Duration CRAWL_TIMEOUT = Duration.ofMinutes(4);
    static final Path OWN_BOLTS = Path.of("src/test/resources/topology-own-bolts.yaml");

    @TempDir
    Path dir;

    @Test
    void anAddedBoltReceivesEveryParsedPageAndTheReplacedIndexerRunsInLocalMode() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(12);
            Path sink = Files.createDirectories(dir.resolve("sink"));
            Path conf = Files.writeString(dir.resolve("conf.yaml"), "config:\n  " + SinkFiles.KEY + ": \""
                    + SquallProcess.path(sink) + "\"\n");
            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), CRAWL_TIMEOUT, "crawl", site.url("/"),
                    "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0",
                    "--json", "--conf", SquallProcess.path(conf), "--topology", SquallProcess.path(OWN_BOLTS));

            assertEquals(0, crawl.exitCode(), crawl.stderr());
            JsonNode summary = new ObjectMapper().readTree(crawl.stdout());
            assertEquals(12, summary.get("status").get("FETCHED").asLong(), "the replaced indexer's statuses were stored");
            Set<String> pages = Stream.concat(Stream.of(site.url("/")),
                    IntStream.range(1, 12).mapToObj(i -> site.url("/page/" + i))).collect(Collectors.toCollection(TreeSet::new));
            assertEveryPageOnce(pages, SinkFiles.read(sink, "parsed"), "the added bolt");
            assertEveryPageOnce(pages, SinkFiles.read(sink, "indexed"), "the replaced indexer");
        }
    }

    @Test
    void aTopologyFileWithoutStatusUpdaterIsRefusedWithOneLineBeforeTheCrawlStarts() throws Exception {
        Path file = Files.writeString(dir.resolve("no-status.yaml"), Files.readString(OWN_BOLTS)
                .replace(StatusUpdaterBolt.class.getName(), ParsedPagesBolt.class.getName()));
        SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), CRAWL_TIMEOUT, "crawl", "http://127.0.0.1:9/",
                "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test",
                "--topology", SquallProcess.path(file));
        assertEquals(1, crawl.exitCode(), crawl.stderr());
        assertEquals(List.of("squall crawl: " + SquallProcess.path(file) + ": no status updater: add a bolt of class"
                + " io.squall.frontier.StatusUpdaterBolt that subscribes to every component's \"status\" stream"),
                crawl.stderrLines());
        assertTrue(!Files.exists(dir.resolve("data").resolve("opensearch")), "nothing started");
    }

    private static void assertEveryPageOnce(Set<String> pages, List<String> received, String who) {
        assertEquals(pages, new TreeSet<>(received), who + " received every parsed page");
        assertEquals(pages.size(), received.size(), who + " received each page once: " + received);
    }
}
