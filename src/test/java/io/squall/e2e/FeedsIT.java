package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawl (the squall command, local mode) of a site whose home page announces an RSS and an Atom feed
 * with {@code <link rel="alternate">}, and whose sitemap lists a third feed: the feeds are stored FETCHED
 * (not indexed) with their own fetch interval, their entries are fetched and their status documents carry
 * the entries' dates and titles, and the entries older than feed.max.age are never requested.
 */
@ExtendWith(OpenSearchExtension.class)
class FeedsIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @TempDir
    Path dir;

    @Test
    void theFeedsEntriesAreFetchedWithTheirDatesAndTheOldOnesAreNot(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site a = web.site(0);
            Instant news1 = NOW.minus(Duration.ofHours(2));
            Instant news2 = NOW.minus(Duration.ofDays(1));
            Instant blog1 = NOW.minus(Duration.ofHours(5));
            Instant more1 = NOW.minus(Duration.ofHours(1));
            a.robots("User-agent: *\nSitemap: " + a.url("/sitemap.xml") + "\n");
            a.on("/", Response.html("""
                    <!DOCTYPE html><html><head><title>Home</title>
                    <link rel="alternate" type="application/rss+xml" title="News" href="/news.rss">
                    <link rel="alternate" type="application/atom+xml" title="Blog" href="/blog/atom.xml">
                    </head><body><a href="/about">About</a></body></html>
                    """));
            a.page("/about");
            a.on("/news.rss", Response.status(200).contentType("application/rss+xml; charset=utf-8").body(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>News</title>"
                            + rssItem("First news", "/news/1", news1)
                            + rssItem("Second news", a.url("/news/2"), news2)
                            + rssItem("Ancient news", "/news/old", NOW.minus(Duration.ofDays(400)))
                            + "</channel></rss>"));
            a.on("/blog/atom.xml", Response.status(200).contentType("application/atom+xml").body(
                    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\""
                            + " xml:base=\"" + a.url("/blog/posts/") + "\"><title>Blog</title>"
                            + "<entry><title>A post</title><link href=\"1\"/><published>" + rfc3339(blog1)
                            + "</published></entry>"
                            + "<entry><title>An old post</title><link href=\"old\"/><updated>"
                            + rfc3339(NOW.minus(Duration.ofDays(500))) + "</updated></entry></feed>"));
            a.sitemap("/sitemap.xml", a.url("/more.xml"));
            a.on("/more.xml", Response.status(200).contentType("text/xml").body(
                    "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel>" + rssItem("More", "/more/1", more1)
                            + "</channel></rss>"));
            for (String path : List.of("/news/1", "/news/2", "/news/old", "/blog/posts/1", "/blog/posts/old",
                    "/more/1")) {
                a.page(path);
            }

            Path conf = ScopedCrawlConf.write(dir, os, List.of(a.host()), "feed.max.age: 30",
                    "fetchInterval.feed: 120", "fetchInterval.feed.min: 15");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf", conf.toString(), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0");
            assertEquals(0, run.exitCode(), run.stderr());

            Map<String, String> statuses = os.statusByUrl();
            Map<String, String> expected = new TreeMap<>();
            for (String path : List.of("/", "/about", "/news.rss", "/blog/atom.xml", "/sitemap.xml", "/more.xml",
                    "/news/1", "/news/2", "/blog/posts/1", "/more/1")) {
                expected.put(a.url(path), "FETCHED");
            }
            assertEquals(expected, statuses, "the entries fetched, the old ones not even discovered");
            assertEquals(0, web.log().count(a.host(), "/news/old"));
            assertEquals(0, web.log().count(a.host(), "/blog/posts/old"));

            assertEntry(os, a.url("/news/1"), news1, "First news");
            assertEntry(os, a.url("/news/2"), news2, "Second news");
            assertEntry(os, a.url("/blog/posts/1"), blog1, "A post");
            assertEntry(os, a.url("/more/1"), more1, "More");

            for (String feed : List.of("/news.rss", "/blog/atom.xml", "/more.xml")) {
                Map<String, Object> doc = os.statusDocument(UrlId.of(a.url(feed)));
                Metadata md = TestOpenSearch.metadataOf(doc);
                assertEquals("true", md.getFirst(MetadataKeys.IS_FEED), feed);
                int interval = md.getInt(MetadataKeys.FETCH_INTERVAL, -1);
                assertTrue(interval >= 15 && interval <= 120, feed + ": " + interval);
                Instant due = Instant.parse((String) doc.get("nextFetchDate"));
                assertTrue(due.isAfter(NOW.plus(Duration.ofMinutes(interval - 1)))
                        && due.isBefore(Instant.now().plus(Duration.ofMinutes(interval + 1))),
                        feed + " is due again after its own interval (" + interval + " min): " + due);
            }
            assertEquals("true", TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(a.url("/blog/atom.xml"))))
                    .getFirst(MetadataKeys.IS_FEED));

            Set<String> indexed = os.documents(SquallIndex.CONTENT).stream().map(d -> (String) d.get("url"))
                    .collect(Collectors.toSet());
            assertTrue(indexed.contains(a.url("/news/1")), indexed.toString());
            assertFalse(indexed.contains(a.url("/news.rss")) || indexed.contains(a.url("/blog/atom.xml")),
                    "feeds are not indexed: " + indexed);
        }
    }

    private static void assertEntry(TestOpenSearch os, String url, Instant published, String title) {
        Metadata md = TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(url)));
        assertEquals(published.toString(), md.getFirst(MetadataKeys.FEED_PUBLISHED), url);
        assertEquals(title, md.getFirst(MetadataKeys.FEED_TITLE), url);
    }

    private static String rssItem(String title, String link, Instant published) {
        return "<item><title>" + title + "</title><link>" + link + "</link><pubDate>"
                + DateTimeFormatter.RFC_1123_DATE_TIME.format(published.atOffset(ZoneOffset.UTC)) + "</pubDate></item>";
    }

    private static String rfc3339(Instant instant) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(instant.atOffset(ZoneOffset.ofHours(2)));
    }
}
