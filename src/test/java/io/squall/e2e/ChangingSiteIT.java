package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.api.Metadata;
import io.squall.core.UrlId;
import io.squall.freshness.ChangeHistory;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A re-crawl of a changing site (the squall command, local mode, {@code scheduler.class: freshness} with
 * intervals of seconds), run to its {@code --duration}: a page whose only change is a block that differs on
 * every request (a counter, the time) is found unchanged at every re-fetch; a page that answers conditional
 * requests is not modified (304) and sends no body again; a page whose article is rewritten at every request
 * is found changed; and every page was requested again, by its plan, before the crawl's end.
 */
@ExtendWith(OpenSearchExtension.class)
class ChangingSiteIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(4);
    private static final String ARTICLE = "Squall keeps a copy of every page it fetches and fetches it again when"
            + " the page is likely to have changed. A page that only shows the time or a visitor counter has not"
            + " changed for a reader, and fetching it again often would spend the host's politeness on nothing.";
    private static final String ETAG = "\"v1\"";
    private static final int DURATION_SECONDS = 40;

    @TempDir
    Path dir;

    @Test
    void reFetchesTellChangedPagesFromPagesWhoseOnlyChangeIsNoise(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0);
            AtomicInteger requests = new AtomicInteger();
            site.page("/", "/counter", "/validated", "/news");
            site.handle(request -> {
                int n = requests.incrementAndGet();
                return switch (request.path()) {
                    case "/counter" -> Response.html(page("Counter", "<p>" + ARTICLE + "</p>",
                            "Visitor " + n + ", served at " + Instant.now()));
                    case "/validated" -> ETAG.equals(request.header("If-None-Match")) ? Response.status(304)
                            .header("ETag", ETAG) : Response.html(page("Validated", "<p>" + rewritten(0) + "</p>", ""))
                            .header("ETag", ETAG);
                    case "/news" -> Response.html(page("News", "<p>" + rewritten(n) + "</p>", ""));
                    default -> null;
                };
            });
            Path conf = ScopedCrawlConf.write(dir, os, List.of(site.host()), "scheduler.class: freshness",
                    "scheduler.freshness.min.seconds: 3", "scheduler.freshness.max.seconds: 8",
                    "scheduler.freshness.new.share: 0.0");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", site.url("/"),
                    "--opensearch", os.address(), "--conf", conf.toString(), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0.2",
                    "--duration", DURATION_SECONDS + "s", "--json");
            assertEquals(0, run.exitCode(), run.stderr());
            JsonNode summary = new ObjectMapper().readTree(run.stdout());
            // Between due times the crawl waits: it ends by its duration, or as idle only when nothing is due
            // before the duration's end (the plan's intervals are 8 s at most, so only in its last 8 s).
            String reason = summary.get("stopReason").asText();
            Instant started = Instant.parse(summary.get("startedAt").asText());
            Instant end = started.plusSeconds(DURATION_SECONDS);
            if (!reason.equals("duration")) {
                assertEquals("idle", reason, run.stdout());
                // The summary writes the next due date to the second, so it compares with the end to the second.
                assertTrue(!Instant.parse(summary.get("nextDue").asText()).isBefore(end.truncatedTo(ChronoUnit.SECONDS)),
                        run.stdout());
                assertTrue(Instant.parse(summary.get("stoppedAt").asText()).isAfter(end.minusSeconds(9)), run.stdout());
            }

            for (String path : List.of("/counter", "/validated", "/news")) {
                assertTrue(web.log().count(site.host(), path) >= 3, path + " fetched again by its plan: "
                        + web.log().count(site.host(), path) + " requests");
            }
            Metadata counter = metadata(os, site.url("/counter"));
            assertTrue(Double.parseDouble(counter.getFirst(ChangeHistory.OBSERVATIONS)) >= 2, counter.toString());
            assertEquals("0", counter.getFirst(ChangeHistory.CHANGES), "a counter and a clock are no change");
            assertEquals("unchanged", counter.getFirst(ChangeHistory.OBSERVED));

            List<LoggedRequest> validated = web.log().matching(r -> r.path().equals("/validated"));
            assertEquals(200, validated.get(0).status());
            assertTrue(validated.stream().skip(1).allMatch(r -> r.status() == 304),
                    "after the first fetch, not a single body again: " + validated.stream().map(LoggedRequest::status)
                            .toList());
            Metadata notModified = metadata(os, site.url("/validated"));
            assertEquals("not-modified", notModified.getFirst(ChangeHistory.OBSERVED));
            assertEquals("0", notModified.getFirst(ChangeHistory.CHANGES));

            Metadata news = metadata(os, site.url("/news"));
            assertEquals("changed", news.getFirst(ChangeHistory.OBSERVED));
            assertEquals(news.getFirst(ChangeHistory.OBSERVATIONS), news.getFirst(ChangeHistory.CHANGES),
                    "every re-fetch found the article rewritten");

            // The host index holds what the host's fetches found, as the status writer last added it (at least
            // every 5 s while pages are written: the last seconds' may be missing).
            String key = (String) os.statusDocument(UrlId.of(site.url("/news"))).get("key");
            Map<?, ?> host = os.client().get(g -> g.index(os.indexName(SquallIndex.HOSTS)).id(key), Map.class).source();
            assertTrue(host != null && host.get("freshness") instanceof Map, "host document " + host);
            Map<?, ?> figures = (Map<?, ?>) host.get("freshness");
            long changed = number(figures, "changed");
            long unchanged = number(figures, "unchanged");
            long answered304 = number(figures, "notModified");
            assertTrue(changed >= 1 && unchanged >= 1 && answered304 >= 1, "news changed, the counter did not, the"
                    + " validated page answered 304: " + figures);
            assertTrue(changed <= Math.round(Double.parseDouble(news.getFirst(ChangeHistory.CHANGES))), figures + " "
                    + news);
            assertEquals(number(figures, "first") + changed + unchanged + answered304, number(figures, "fetches"),
                    figures.toString());
            assertEquals(changed / (double) (changed + unchanged + answered304),
                    ((Number) figures.get("changeShare")).doubleValue(), 1e-3, figures.toString());
            assertEquals(unchanged / (double) (changed + unchanged + answered304),
                    ((Number) figures.get("wastedShare")).doubleValue(), 1e-3, figures.toString());
            long pages = number(figures, "pages");
            assertTrue(pages >= 3 && pages <= 4, "the pages planned, each once: " + figures);
            double expected = ((Number) figures.get("expected")).doubleValue();
            assertTrue(expected > 0 && expected <= 1, figures.toString());
            assertTrue(((Number) figures.get("ageSeconds")).doubleValue() >= 0, figures.toString());
            assertTrue(host.get("fetched") != null, "the fetcher's state is there too: " + host);

            SquallProcess.Result status = SquallProcess.run(dir.resolve("status"), TIMEOUT, "status",
                    "--opensearch", os.address(), "--conf", conf.toString());
            assertEquals(0, status.exitCode(), status.stderr());
            assertTrue(status.stdout().contains("pages with a change history"), status.stdout());
            assertTrue(status.stdout().contains("expected freshness"), status.stdout());
        }
    }

    private static long number(Map<?, ?> figures, String name) {
        return ((Number) figures.get(name)).longValue();
    }

    private static Metadata metadata(TestOpenSearch os, String url) {
        return TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(url)));
    }

    private static String page(String title, String main, String sidebar) {
        return "<!DOCTYPE html><html><head><title>" + title + "</title></head><body>"
                + "<nav><a href=\"/\">Home</a></nav><main>" + main + "</main>"
                + "<aside>" + sidebar + "</aside></body></html>";
    }

    /** The article's words shuffled: another text for every value of {@code request}. */
    private static String rewritten(int request) {
        List<String> words = new java.util.ArrayList<>(List.of(ARTICLE.split(" ")));
        java.util.Collections.shuffle(words, new java.util.Random(request));
        return String.join(" ", words);
    }
}
