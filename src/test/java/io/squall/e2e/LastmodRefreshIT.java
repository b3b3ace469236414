package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local crawl of a site whose sitemap (read every 3 s: its seed's {@code fetchInterval=3s}) lists two pages with
 * an old {@code lastmod}; the pages are fetched once, due again only in a day. A few seconds after the first fetch
 * of /a the sitemap gives /a a {@code lastmod} of that moment and lists a new page /c: /a is fetched again at
 * once, and only once (its next fetch is after the date); /b, whose date is older than its fetch, is not; /c is
 * fetched once, however often the sitemap lists it.
 */
class LastmodRefreshIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static final String OLD = "2020-01-01T00:00:00Z";

    @TempDir
    Path dir;

    @Test
    void aKnownPageWhoseSitemapLastmodIsAfterItsFetchIsFetchedAgainAndAnOlderLastmodChangesNothing() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            AtomicLong aFetchedNanos = new AtomicLong();
            AtomicReference<String> aChanged = new AtomicReference<>();
            Site[] site = new Site[1];
            site[0] = web.site(0).robots("").handle(request -> {
                switch (request.path()) {
                    case "/a" -> {
                        aFetchedNanos.compareAndSet(0, System.nanoTime());
                        return Response.page(aChanged.get() == null ? "Page A" : "Page A, changed at " + aChanged.get());
                    }
                    case "/b" -> {
                        return Response.page("Page B");
                    }
                    case "/c" -> {
                        return Response.page("Page C");
                    }
                    case "/sitemap.xml" -> {
                        long fetched = aFetchedNanos.get();
                        // Well after /a's status was written: its change is dated after its fetch.
                        if (fetched != 0 && System.nanoTime() - fetched > Duration.ofSeconds(3).toNanos()) {
                            aChanged.compareAndSet(null, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
                        }
                        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
                        String changed = aChanged.get();
                        entry(xml, site[0].url("/a"), changed == null ? OLD : changed);
                        entry(xml, site[0].url("/b"), OLD);
                        if (changed != null) {
                            entry(xml, site[0].url("/c"), changed);
                        }
                        return Response.status(200).contentType("application/xml")
                                .body(xml.append("</urlset>\n").toString());
                    }
                    default -> {
                        return null;
                    }
                }
            });
            Path seeds = Files.writeString(dir.resolve("seeds.txt"),
                    site[0].url("/sitemap.xml") + "\tisSitemap=true\tfetchInterval=3s\n");
            Path conf = Files.writeString(dir.resolve("conf.yaml"), "fetcher.server.delay: 0.2\n");

            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl",
                    SquallProcess.path(seeds), "--data", SquallProcess.path(dir.resolve("data")), "--conf",
                    SquallProcess.path(conf), "--agent", "squall-test", "--duration", "45s", "--json");

            assertEquals(0, crawl.exitCode(), crawl.stderr());
            String log = web.log().all() + "\n" + crawl.stderr();
            assertEquals(2, web.log().count(site[0].host(), "/a"),
                    "fetched, then again once the sitemap dated a change after that fetch, and not after: " + log);
            assertEquals(1, web.log().count(site[0].host(), "/b"), "its lastmod is older than its fetch: " + log);
            assertEquals(1, web.log().count(site[0].host(), "/c"), "a new URL, fetched once: " + log);
        }
    }

    private static void entry(StringBuilder xml, String url, String lastmod) {
        xml.append("  <url><loc>").append(url).append("</loc><lastmod>").append(lastmod).append("</lastmod></url>\n");
    }
}
