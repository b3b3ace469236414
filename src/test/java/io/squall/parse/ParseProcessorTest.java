package io.squall.parse;

import io.squall.api.Discovered;
import io.squall.urls.OutlinkMetadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.CounterTally;
import io.squall.metrics.Counters;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParseProcessorTest {
    private static final String PAGE_URL = "http://www.example.com/dir/page.html";

    private static ParseProcessor processor(Map<String, Object> settings) {
        return processor(settings, Counters.NONE);
    }

    private static ParseProcessor processor(Map<String, Object> settings, Counters counters) {
        CrawlerConfig config = CrawlerConfig.defaults().with(settings, "test");
        ParseProcessor p = ParseProcessor.fromConfig(config, counters);
        return new ParseProcessor(HtmlParser.fromConfig(config, p.filters().normalizer()),
                new SitemapExtractor(config.getInt("sitemap.max.bytes"), config.getInt("sitemap.max.urls")),
                FeedReader.fromConfig(config, p.filters(), counters), p.filters(), OutlinkMetadata.fromConfig(config), config.getBoolean("parser.emitOutlinks"),
                config.getInt("parser.emitOutlinks.max.per.page"), config.getString("parser.digest"),
                config.getBoolean("sitemap.discovery"), Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"),
                        ZoneOffset.UTC), counters);
    }

    private static Metadata html() {
        return new Metadata().set("Content-Type", "text/html; charset=utf-8");
    }

    private static List<String> urls(ParseProcessor.Outcome outcome) {
        return outcome.discovered().stream().map(Discovered::url).toList();
    }

    private static final String LINKS_PAGE = """
            <!DOCTYPE html><html lang="en-GB"><head>
            <title> Links &amp; more </title>
            <base href="/base/sub/">
            <meta name="description" content="A page of links">
            <meta name="keywords" content="links, tests">
            <link rel="canonical" href="../canonical.html#x">
            <link rel="stylesheet" href="style.css">
            <link rel="next" href="page2.html">
            <link rel="alternate" type="application/rss+xml" href="feed.xml">
            <script>var x = "<a href='/in-script'>";</script><style>p { color: red }</style>
            </head><body>
            <p>Hello <b>world</b></p><div>Second block</div>
            <a href="rel.html">relative</a>
            <a href="./dot/../seg.html">dots</a>
            <a href="../up.html">up</a>
            <a href="/root.html#fragment">root with fragment</a>
            <a href="\\\\other.example.com\\back\\slash.html">backslashes</a>
            <a href="  spaced name.html  ">spaces</a>
            <a href="new\nli\tne.html\r\n">newlines and tabs</a>
            <a href="http://b\u00fccher.example/">idn</a>
            <a href="javascript:void(0)">js</a>
            <a href="mailto:me@example.com">mail</a>
            <a href="#only-fragment">fragment</a>
            <a href="rel.html">relative again</a>
            <a href="nofollowed.html" rel="external nofollow">nofollow</a>
            <a href="archive.zip">zip</a>
            <map><area href="area.html" alt="An area"></map>
            <iframe src="frame.html"></iframe>
            </body></html>
            """;

    @Test
    void extractsResolvesAndFiltersLinksAsABrowserWould() {
        ParseProcessor.Outcome outcome = processor(Map.of("urlfilters.config.file", "", "metadata.transfer",
                List.of("customer"))).process(PAGE_URL, LINKS_PAGE.getBytes(StandardCharsets.UTF_8),
                html().set(MetadataKeys.DEPTH, "2").set("customer", "acme").set("ignored", "x"));
        assertEquals(ParseProcessor.Kind.PAGE, outcome.kind());
        assertEquals(List.of(
                "http://www.example.com/base/sub/page2.html",
                "http://www.example.com/base/sub/feed.xml",
                "http://www.example.com/base/sub/rel.html",
                "http://www.example.com/base/sub/seg.html",
                "http://www.example.com/base/up.html",
                "http://www.example.com/root.html",
                "http://other.example.com/back/slash.html",
                "http://www.example.com/base/sub/spaced%20name.html",
                "http://www.example.com/base/sub/newline.html",
                "http://xn--bcher-kva.example/",
                "http://www.example.com/base/sub/", // "#fragment" is the base href, as in a browser
                "http://www.example.com/base/sub/archive.zip",
                "http://www.example.com/base/sub/area.html",
                "http://www.example.com/base/sub/frame.html"), urls(outcome));

        assertEquals("true", outcome.discovered().get(1).metadata().getFirst(MetadataKeys.IS_FEED));
        assertNull(outcome.discovered().get(0).metadata().getFirst(MetadataKeys.IS_FEED));
        Discovered rel = outcome.discovered().get(2);
        assertEquals(List.of("relative", "relative again"), rel.metadata().getValues(MetadataKeys.ANCHORS));
        assertEquals("3", rel.metadata().getFirst(MetadataKeys.DEPTH));
        assertEquals(List.of(PAGE_URL), rel.metadata().getValues(MetadataKeys.URL_PATH));
        assertEquals(PAGE_URL, rel.metadata().getFirst(MetadataKeys.SEED_URL));
        assertEquals("2025-01-02T03:04:05Z", rel.metadata().getFirst(MetadataKeys.DISCOVERY_DATE));
        assertEquals("acme", rel.metadata().getFirst("customer"));
        assertFalse(rel.metadata().containsKey("ignored"));
        assertEquals(List.of("An area"), outcome.discovered().get(12).metadata().getValues(MetadataKeys.ANCHORS));

        Metadata md = outcome.metadata();
        assertEquals("Links & more", md.getFirst(MetadataKeys.PARSE_TITLE));
        assertEquals("A page of links", md.getFirst(MetadataKeys.PARSE_DESCRIPTION));
        assertEquals("links, tests", md.getFirst(MetadataKeys.PARSE_KEYWORDS));
        assertEquals("http://www.example.com/base/canonical.html", md.getFirst(MetadataKeys.PARSE_CANONICAL));
        assertEquals("en-GB", md.getFirst(MetadataKeys.PARSE_LANGUAGE));
        assertEquals("UTF-8", md.getFirst(MetadataKeys.PARSE_CHARSET));
        assertEquals(32, md.getFirst(MetadataKeys.DIGEST).length());
        assertTrue(outcome.text().startsWith("Hello world Second block relative dots"), outcome.text());
        assertFalse(outcome.text().contains("in-script") || outcome.text().contains("color"), outcome.text());
    }

    @Test
    void theDefaultChainDropsWhatItShouldAndCarriesTheSeedOn() {
        Metadata parent = html().set(MetadataKeys.SEED_URL, "http://example.com/").set(MetadataKeys.URL_PATH,
                "http://example.com/");
        ParseProcessor.Outcome outcome = processor(Map.of()).process(PAGE_URL,
                LINKS_PAGE.getBytes(StandardCharsets.UTF_8), parent);
        List<String> urls = urls(outcome);
        assertFalse(urls.contains("http://www.example.com/base/sub/archive.zip")); // extension
        assertTrue(urls.contains("http://other.example.com/back/slash.html"));    // scope: the seed's domain
        assertFalse(urls.contains("http://xn--bcher-kva.example/"));
        assertTrue(urls.contains("http://www.example.com/base/up.html"));
        Metadata md = outcome.discovered().get(0).metadata();
        assertEquals("http://example.com/", md.getFirst(MetadataKeys.SEED_URL));
        assertEquals(List.of("http://example.com/", PAGE_URL), md.getValues(MetadataKeys.URL_PATH));
        assertEquals("1", md.getFirst(MetadataKeys.DEPTH));
    }

    @Test
    void robotsNofollowAndNoindexAreHonoured() {
        byte[] page = "<html><head><meta name=robots content='NOINDEX'></head><a href=/x>x</a></html>"
                .getBytes(StandardCharsets.UTF_8);
        ParseProcessor p = processor(Map.of());
        ParseProcessor.Outcome meta = p.process(PAGE_URL, page, html());
        assertEquals("true", meta.metadata().getFirst(MetadataKeys.ROBOTS_NOINDEX));
        assertEquals(1, meta.discovered().size());

        ParseProcessor.Outcome header = p.process(PAGE_URL, page, html().set("X-Robots-Tag", "nofollow"));
        assertEquals("true", header.metadata().getFirst(MetadataKeys.ROBOTS_NOFOLLOW));
        assertEquals(List.of(), header.discovered());

        ParseProcessor.Outcome otherBot = p.process(PAGE_URL, page, html().set("x-robots-tag", "otherbot: none"));
        assertNull(otherBot.metadata().getFirst(MetadataKeys.ROBOTS_NOFOLLOW));
        assertEquals(1, otherBot.discovered().size());

        String none = "<meta name=robots content='none'><a href=/x>x</a>";
        ParseProcessor.Outcome both = p.process(PAGE_URL, none.getBytes(StandardCharsets.UTF_8), html());
        assertEquals("true", both.metadata().getFirst(MetadataKeys.ROBOTS_NOINDEX));
        assertEquals(List.of(), both.discovered());
    }

    @Test
    void outlinksAreCappedPerPageAndCanBeTurnedOff() {
        StringBuilder page = new StringBuilder("<html><body>");
        for (int i = 0; i < 50; i++) {
            page.append("<a href='/p").append(i).append("'>p</a>");
        }
        byte[] bytes = page.toString().getBytes(StandardCharsets.UTF_8);
        assertEquals(10, processor(Map.of("parser.emitOutlinks.max.per.page", 10))
                .process(PAGE_URL, bytes, html()).discovered().size());
        assertEquals(0, processor(Map.of("parser.emitOutlinks", false)).process(PAGE_URL, bytes, html())
                .discovered().size());
        assertEquals(49, processor(Map.of("parser.follow.frames", false)).process(
                "http://www.example.com/p0", bytes, html()).discovered().size()); // the page itself is left out
    }

    @Test
    void countsWhatItParsesAndWhatItsFiltersRejectInTheCountersItWasGiven() {
        StringBuilder page = new StringBuilder("<html><body>");
        for (int i = 0; i < 10; i++) {
            page.append("<a href='/p").append(i).append("'>p</a>");
        }
        page.append("<a href='/pack.zip'>zip</a><a href='javascript:void(0)'>js</a>");
        CounterTally counted = new CounterTally();
        ParseProcessor p = processor(Map.of("parser.emitOutlinks.max.per.page", 5), counted);

        byte[] links = page.toString().getBytes(StandardCharsets.UTF_8);
        assertEquals(5, p.process(PAGE_URL, links, html()).discovered().size());
        p.process(PAGE_URL, "%PDF-1.4".getBytes(StandardCharsets.ISO_8859_1),
                new Metadata().set("content-type", "application/pdf"));

        assertEquals(1, counted.get("parser.pages"));
        assertEquals(5, counted.get("parser.outlinks"));
        assertEquals(5, counted.get("parser.outlinks.over.max"));
        assertEquals(1, counted.get("urlfilter.rejected.extension"));
        assertEquals(1, counted.get("urlfilter.rejected.scheme"));
        assertEquals(1, counted.get("parser.nonhtml"));
        CounterTally other = new CounterTally();
        processor(Map.of(), other).process(PAGE_URL, "<p>x</p>".getBytes(StandardCharsets.UTF_8), html());
        assertEquals(1, other.get("parser.pages"));
        assertEquals(1, counted.get("parser.pages"), "each parser counts in its own counters only");
    }

    @Test
    void metaRefreshIsARedirectThatKeepsDepth() {
        byte[] page = "<meta http-equiv='refresh' content='0; URL=\"/new place\"'><a href=/x>x</a>"
                .getBytes(StandardCharsets.UTF_8);
        ParseProcessor.Outcome outcome = processor(Map.of()).process(PAGE_URL, page,
                html().set(MetadataKeys.DEPTH, "3"));
        assertEquals(ParseProcessor.Kind.REDIRECT, outcome.kind());
        assertEquals("http://www.example.com/new%20place", outcome.metadata().getFirst(MetadataKeys.REDIRECT_TO));
        assertEquals(List.of("http://www.example.com/new%20place"), urls(outcome));
        assertEquals("3", outcome.discovered().get(0).metadata().getFirst(MetadataKeys.DEPTH));

        byte[] reload = "<meta http-equiv='refresh' content='300'><a href=/x>x</a>".getBytes(StandardCharsets.UTF_8);
        assertEquals(ParseProcessor.Kind.PAGE, processor(Map.of()).process(PAGE_URL, reload, html()).kind());
    }

    @Test
    void textSelectorsAndCap() {
        byte[] page = "<body><nav>Menu</nav><article>Main <aside>ad</aside>story</article><p>tail</p></body>"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals("Main story", processor(Map.of("textextractor.include.pattern", List.of("article"),
                "textextractor.exclude.tags", List.of("aside"))).process(PAGE_URL, page, html()).text());
        assertEquals("Menu Main", processor(Map.of("textextractor.skip.after", 9)).process(PAGE_URL, page, html())
                .text());
    }

    @Test
    void nonHtmlIsPassedOnUnparsedWithItsDigest() {
        byte[] pdf = "%PDF-1.4 <a href='/x'>".getBytes(StandardCharsets.ISO_8859_1);
        ParseProcessor.Outcome outcome = processor(Map.of("parser.digest", "SHA-1")).process(PAGE_URL, pdf,
                new Metadata().set("content-type", "application/pdf"));
        assertEquals(ParseProcessor.Kind.NON_HTML, outcome.kind());
        assertEquals(List.of(), outcome.discovered());
        assertEquals("application/pdf", outcome.metadata().getFirst(MetadataKeys.PARSE_CONTENT_TYPE));
        assertEquals(40, outcome.metadata().getFirst(MetadataKeys.DIGEST).length());
        // without a content type, HTML is recognized by its first bytes
        assertEquals(ParseProcessor.Kind.PAGE, processor(Map.of()).process(PAGE_URL,
                "<!DOCTYPE html><p>x".getBytes(StandardCharsets.UTF_8), new Metadata()).kind());
    }

    @Test
    void identicalContentHasIdenticalDigests() {
        ParseProcessor p = processor(Map.of());
        byte[] page = "<p>same</p>".getBytes(StandardCharsets.UTF_8);
        assertEquals(p.process("http://a.com/", page, html()).metadata().getFirst(MetadataKeys.DIGEST),
                p.process("http://b.com/x", page, html()).metadata().getFirst(MetadataKeys.DIGEST));
    }

    @Test
    void pathologicalPagesFinishInBoundedTime() {
        ParseProcessor p = processor(Map.of());
        byte[] deep = ("<html><body>" + "<div><span>".repeat(100_000) + "x").getBytes(StandardCharsets.UTF_8);
        byte[] oneLine = ("<html><body><p>" + "word <a href='/l'>link</a> ".repeat(400_000))
                .getBytes(StandardCharsets.UTF_8);
        assertTrue(oneLine.length > 10_000_000);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ParseProcessor.Outcome d = p.process(PAGE_URL, deep, html());
            assertEquals(ParseProcessor.Kind.PAGE, d.kind());
            ParseProcessor.Outcome o = p.process(PAGE_URL, oneLine, html());
            assertEquals(List.of("http://www.example.com/l"), urls(o));
        });
    }
}
