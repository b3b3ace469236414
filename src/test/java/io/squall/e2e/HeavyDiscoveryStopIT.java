package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stop while every page fetched brings hundreds of new links to write: the outcome of every page fetched
 * is in the status index once the crawl has ended, and the summary's count of pages fetched is the index's.
 */
class HeavyDiscoveryStopIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(4);
    private static final Set<String> OUTCOMES = Set.of("FETCHED", "FETCH_ERROR", "ERROR", "REDIRECTION");

    @TempDir
    Path dir;

    @Test
    void aStopAtMaxPagesUnderHeavyDiscoveryThrowsNoFetchedPageAway() throws Exception {
        try (TestWeb web = TestWeb.start(3)) {
            List<String> seeds = new ArrayList<>();
            for (Site site : web.sites()) {
                site.linkFarm("/g/", 300, 1000).page("/", "/g/0");
                seeds.add(site.url("/"));
            }
            Path data = dir.resolve("data");
            List<String> args = new ArrayList<>(List.of("crawl"));
            args.addAll(seeds);
            args.addAll(List.of("--data", SquallProcess.path(data), "--agent", "squall-test", "--delay", "0",
                    "--max-pages", "200", "--json"));
            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("crawl"), TIMEOUT, args.toArray(String[]::new));
            assertEquals(0, crawl.exitCode(), crawl.stderr());
            JsonNode summary = new ObjectMapper().readTree(crawl.stdout());
            assertEquals("max_pages", summary.get("stopReason").asText(), crawl.stdout());

            SquallProcess.Result export = SquallProcess.run(dir.resolve("export"), TIMEOUT, "export", "--data",
                    SquallProcess.path(data));
            assertEquals(0, export.exitCode(), export.stderr());
            Map<String, String> statusByUrl = new HashMap<>();
            ObjectMapper json = new ObjectMapper();
            for (String line : export.stdout().lines().toList()) {
                JsonNode doc = json.readTree(line);
                statusByUrl.put(doc.get("url").asText(), doc.get("status").asText());
            }
            long fetchedInIndex = statusByUrl.values().stream().filter("FETCHED"::equals).count();
            assertEquals(summary.get("fetched").asLong(), fetchedInIndex,
                    "the summary's pages fetched are the index's FETCHED: " + crawl.stdout());
            assertEquals(fetchedInIndex, summary.get("status").get("FETCHED").asLong(), crawl.stdout());

            List<String> served = new ArrayList<>();
            for (LoggedRequest r : web.log().all()) {
                if (!r.path().equals("/robots.txt")) {
                    served.add("http://" + r.host() + ":" + web.sites().stream().filter(s -> s.host().equals(r.host()))
                            .findFirst().orElseThrow().port() + r.path());
                }
            }
            assertTrue(served.size() > 20, "the crawl got going: " + served.size() + " pages served");
            List<String> withoutOutcome = served.stream()
                    .filter(url -> !OUTCOMES.contains(statusByUrl.getOrDefault(url, "none"))).toList();
            assertEquals(List.of(), withoutOutcome, served.size() + " pages served, these without an outcome stored");
            assertTrue(statusByUrl.size() > 10 * served.size(), "their links were stored too: " + statusByUrl.size()
                    + " URLs for " + served.size() + " pages");
        }
    }
}
