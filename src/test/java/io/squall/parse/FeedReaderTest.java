package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.CounterTally;
import io.squall.metrics.Counters;
import io.squall.urls.UrlFilters;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedReaderTest {
    private static final String FEED = "http://news.example/feed.rss";
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private static String rfc822(Instant instant) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(instant.atOffset(ZoneOffset.UTC));
    }

    private static byte[] rss(String... items) {
        return ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>News</title>" + String.join("", items)
                + "</channel></rss>").getBytes(StandardCharsets.UTF_8);
    }

    private static String item(String title, String link, Instant published) {
        return "<item><title>" + title + "</title><link>" + link + "</link>"
                + (published == null ? "" : "<pubDate>" + rfc822(published) + "</pubDate>") + "</item>";
    }

    private static ParseProcessor processor(Map<String, Object> settings, Counters counters) {
        return ParseProcessor.fromConfig(CrawlerConfig.defaults().with(settings, "test"), counters);
    }

    @Test
    void aFeedsEntriesAreDiscoveredWithTheirDatesAndTitlesButNotTheOldOnes() {
        CounterTally counters = new CounterTally();
        Instant recent = NOW.minus(Duration.ofHours(3));
        byte[] feed = rss(item("Recent", "/news/recent", recent),
                item("Old", "/news/old", NOW.minus(Duration.ofDays(40))),
                item("Undated", "http://news.example/news/undated", null),
                item("Archive", "/files/all.zip", recent),
                item("The feed itself", FEED, recent),
                item("Recent again", "/news/recent#comments", recent));
        ParseProcessor.Outcome outcome = processor(Map.of("feed.max.age", 30), counters).process(FEED, feed,
                new Metadata().set("Content-Type", "application/rss+xml").set(MetadataKeys.DEPTH, "1"));

        assertEquals(ParseProcessor.Kind.FEED, outcome.kind());
        assertEquals(List.of("http://news.example/news/recent", "http://news.example/news/undated"),
                outcome.discovered().stream().map(Discovered::url).toList());
        Metadata entry = outcome.discovered().get(0).metadata();
        assertEquals(recent.toString(), entry.getFirst(MetadataKeys.FEED_PUBLISHED));
        assertEquals("Recent", entry.getFirst(MetadataKeys.FEED_TITLE));
        assertEquals("2", entry.getFirst(MetadataKeys.DEPTH));
        assertEquals(FEED, entry.getFirst(MetadataKeys.SEED_URL));
        assertNull(entry.getFirst(MetadataKeys.FETCH_INTERVAL), "the feed's interval is its own, not its entries'");
        assertNull(outcome.discovered().get(1).metadata().getFirst(MetadataKeys.FEED_PUBLISHED));

        Metadata md = outcome.metadata();
        assertEquals("true", md.getFirst(MetadataKeys.IS_FEED));
        assertNull(md.getFirst(MetadataKeys.FEED_TRUNCATED));
        assertEquals(1, counters.get("parser.feed.entries.old"));
        assertEquals(1, counters.get("parser.feeds"));
        assertEquals(1, counters.get("urlfilter.rejected.extension"));
        // five dated entries, the oldest 40 days ago: far rarer than hourly, so the longest interval
        assertEquals("60", md.getFirst(MetadataKeys.FETCH_INTERVAL));
        assertEquals("60", md.getFirst(MetadataKeys.FEED_INTERVAL));
    }

    @Test
    void aFeedIsRecognizedByItsRootWhateverItsXmlTypeButNotWhenServedAsHtml() {
        ParseProcessor p = processor(Map.of(), Counters.NONE);
        byte[] atom = ("<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>A</title>"
                + "<link href=\"/a\"/><updated>" + NOW + "</updated></entry></feed>").getBytes(StandardCharsets.UTF_8);
        for (String type : new String[] {"application/xml", "text/xml; charset=utf-8", "application/atom+xml"}) {
            ParseProcessor.Outcome outcome = p.process("http://blog.example/atom", atom,
                    new Metadata().set("Content-Type", type));
            assertEquals(ParseProcessor.Kind.FEED, outcome.kind(), type);
            assertEquals(NOW.toString(), outcome.discovered().get(0).metadata().getFirst(MetadataKeys.FEED_PUBLISHED));
        }
        assertEquals(ParseProcessor.Kind.FEED, p.process("http://blog.example/atom", atom, new Metadata()).kind(),
                "no Content-Type: by its content");
        assertEquals(ParseProcessor.Kind.PAGE, p.process("http://blog.example/atom", atom,
                new Metadata().set("Content-Type", "text/html")).kind());

        ParseProcessor.Outcome broken = p.process("http://blog.example/rss", "<html>not a feed".getBytes(
                StandardCharsets.UTF_8), new Metadata().set("Content-Type", "application/rss+xml"));
        assertEquals(ParseProcessor.Kind.ERROR, broken.kind());
        assertEquals("parse", broken.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertTrue(broken.metadata().getFirst(MetadataKeys.ERROR_MESSAGE).contains("not a readable feed"),
                broken.metadata().getFirst(MetadataKeys.ERROR_MESSAGE));
    }

    @Test
    void anEntryCarriesItsLatestDateAsFeedUpdatedForTheStatusWriterToCompareWithItsLastFetch() {
        ParseProcessor p = processor(Map.of(), Counters.NONE);
        Instant published = NOW.minus(java.time.Duration.ofDays(3));
        byte[] atom = ("<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>A</title>"
                + "<link href=\"/a\"/><published>" + published + "</published><updated>" + NOW + "</updated></entry>"
                + "<entry><title>B</title><link href=\"/b\"/><published>" + published + "</published></entry>"
                + "<entry><title>C</title><link href=\"/c\"/></entry></feed>").getBytes(StandardCharsets.UTF_8);
        List<Discovered> entries = p.process("http://blog.example/atom", atom,
                new Metadata().set("Content-Type", "application/atom+xml")).discovered();
        assertEquals(published.toString(), entries.get(0).metadata().getFirst(MetadataKeys.FEED_PUBLISHED));
        assertEquals(NOW.toString(), entries.get(0).metadata().getFirst(MetadataKeys.FEED_UPDATED), "updated since");
        assertEquals(published.toString(), entries.get(1).metadata().getFirst(MetadataKeys.FEED_UPDATED));
        assertNull(entries.get(2).metadata().getFirst(MetadataKeys.FEED_UPDATED));
    }

    @Test
    void aFeedCutByTheFetchKeepsItsFirstEntriesAndSaysSo() {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            items.add(item("Entry " + i, "/e/" + i, NOW));
        }
        byte[] whole = rss(items.toArray(String[]::new));
        ParseProcessor.Outcome outcome = processor(Map.of(), Counters.NONE).process(FEED,
                Arrays.copyOf(whole, whole.length / 2), new Metadata().set("Content-Type", "application/rss+xml")
                        .set(MetadataKeys.HTTP_TRIMMED, "true"));
        assertEquals(ParseProcessor.Kind.FEED, outcome.kind());
        assertEquals("true", outcome.metadata().getFirst(MetadataKeys.FEED_TRUNCATED));
        assertTrue(outcome.discovered().size() >= 20 && outcome.discovered().size() < 50,
                outcome.discovered().size() + " entries");
    }

    @Test
    void theFeedsIntervalFollowsItsEntriesButAUrlsOwnIntervalStands() {
        ParseProcessor p = processor(Map.of("fetchInterval.feed", 120, "fetchInterval.feed.min", 15), Counters.NONE);
        List<String> hourly = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            hourly.add(item("Entry " + i, "/e/" + i, NOW.minus(Duration.ofMinutes(30L * i))));
        }
        byte[] feed = rss(hourly.toArray(String[]::new));
        Metadata first = p.process(FEED, feed, new Metadata()).metadata();
        assertEquals("30", first.getFirst(MetadataKeys.FETCH_INTERVAL), "an entry every half hour");

        // the next fetch carries what this one stored: the feed reader chooses again
        Metadata again = p.process(FEED, rss(hourly.get(11)), first.copy()).metadata();
        assertEquals("120", again.getFirst(MetadataKeys.FETCH_INTERVAL), "one entry six hours old: the longest");

        Metadata own = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "5");
        assertEquals("5", p.process(FEED, feed, own).metadata().getFirst(MetadataKeys.FETCH_INTERVAL));

        Metadata never = processor(Map.of("fetchInterval.feed", -1), Counters.NONE).process(FEED, feed, new Metadata())
                .metadata();
        assertNull(never.getFirst(MetadataKeys.FETCH_INTERVAL), "-1: scheduled as any page");
    }

    @Test
    void scheduleWithinItsBounds() {
        FeedSchedule schedule = new FeedSchedule(10, 60);
        assertEquals(60, schedule.minutes(List.of(), NOW), "no dates");
        assertEquals(60, schedule.minutes(Arrays.asList(null, null), NOW), "no dates");
        assertEquals(10, schedule.minutes(List.of(NOW.minusSeconds(60), NOW.minusSeconds(120)), NOW), "a burst");
        assertEquals(10, schedule.minutes(List.of(NOW.plus(Duration.ofDays(1))), NOW), "a date to come");
        List<Instant> every20 = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            every20.add(NOW.minus(Duration.ofMinutes(20L * i)));
        }
        assertEquals(20, schedule.minutes(every20, NOW), "the ten newest of thirty");
        assertEquals(60, schedule.minutes(List.of(NOW.minus(Duration.ofDays(400))), NOW), "a feed that stopped");

        ConfigException e = assertThrows(ConfigException.class, () -> FeedReader.check(CrawlerConfig.defaults()
                .with(Map.of("fetchInterval.feed", 30, "fetchInterval.feed.min", 45), "test")));
        assertTrue(e.getMessage().startsWith("fetchInterval.feed.min (45)"), e.getMessage());
    }

    @Test
    void aPageAnnouncesItsFeedsWhichAreDiscoveredAsFeeds() {
        byte[] page = ("<html><head><link rel=\"alternate\" type=\"application/atom+xml\" href=\"/atom.xml\">"
                + "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/rss\">"
                + "<link rel=\"alternate\" type=\"application/json\" href=\"/feed.json\"></head>"
                + "<body><a href=\"/rss\">our feed</a><a href=\"/page\">page</a></body></html>")
                .getBytes(StandardCharsets.UTF_8);
        var chain = UrlFilters.fromConfig(CrawlerConfig.defaults(), Counters.NONE);
        ParseProcessor.Outcome outcome = ParseProcessor.withFilters(CrawlerConfig.defaults(), chain,
                ParseFilterChain.EMPTY, Counters.NONE).process("http://blog.example/", page,
                        new Metadata().set("Content-Type", "text/html"));
        Map<String, String> feeds = new java.util.TreeMap<>();
        for (Discovered d : outcome.discovered()) {
            feeds.put(d.url(), String.valueOf(d.metadata().getFirst(MetadataKeys.IS_FEED)));
        }
        assertEquals(Map.of("http://blog.example/atom.xml", "true", "http://blog.example/rss", "true",
                "http://blog.example/page", "null"), feeds);
    }
}
