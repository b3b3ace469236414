package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Discovered;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import io.squall.api.Status;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFiles;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.BoltDriver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParserBoltTest {

    private static ParserBolt prepared(BoltDriver driver) {
        ParserBolt bolt = new ParserBolt();
        bolt.prepare(new HashMap<>(CrawlerConfig.defaults().asMap()), driver.context(), driver.collector());
        return bolt;
    }

    private static BoltDriver driver() {
        return new BoltDriver(Map.of("default", new Fields("url", "content", "metadata")));
    }

    @Test
    void aPageGoesOnWithItsTextAndItsOutlinksAnchoredToThePage() {
        BoltDriver driver = driver();
        ParserBolt bolt = prepared(driver);
        byte[] html = ("<html><head><title>Home</title></head><body><p>Hello crawler.</p>"
                + "<a href=\"/a\">a</a> <a href=\"b.html\">b</a> <a href=\"/a#top\">a again</a></body></html>")
                .getBytes(StandardCharsets.UTF_8);
        Tuple page = driver.tuple("default", "https://example.org/dir/", html,
                new Metadata().set("Content-Type", "text/html; charset=utf-8"));

        bolt.execute(page);

        assertEquals(List.of(page), driver.acked());
        List<BoltDriver.Emitted> emitted = driver.emitted();
        assertEquals(1, emitted.size(), "the outlinks travel with the page, to be stored with its status");
        BoltDriver.Emitted onwards = emitted.get(0);
        assertEquals("default", onwards.stream());
        assertEquals(List.of(page), onwards.anchors(), "anchored to the page");
        assertEquals("https://example.org/dir/", onwards.values().get(0));
        assertTrue(((String) onwards.values().get(3)).contains("Hello crawler."));
        List<String> discovered = discoveredUrls(onwards.values().get(4));
        assertEquals(List.of("https://example.org/a", "https://example.org/dir/b.html"), discovered,
                "each outlink once, resolved against the page");
        assertEquals(1, driver.counter("parser.pages"), "in the task's own metrics");
        assertEquals(2, driver.counter("parser.outlinks"));
    }

    @Test
    void aMetaRefreshAndASitemapGoOnlyToTheStatusStreamWithTheirTargetsDiscovered() {
        BoltDriver driver = driver();
        ParserBolt bolt = prepared(driver);
        Tuple refresh = driver.tuple("default", "https://example.org/old", ("<html><head><meta http-equiv=\"refresh\""
                + " content=\"0; url=/new\"></head><body></body></html>").getBytes(StandardCharsets.UTF_8),
                new Metadata().set("Content-Type", "text/html"));
        Tuple sitemap = driver.tuple("default", "https://example.org/sitemap.xml", ("<?xml version=\"1.0\"?>"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.org/s1</loc>"
                + "</url></urlset>").getBytes(StandardCharsets.UTF_8),
                new Metadata().set("Content-Type", "application/xml").set("isSitemap", "true"));

        bolt.execute(refresh);
        bolt.execute(sitemap);

        assertEquals(List.of(refresh, sitemap), driver.acked());
        List<BoltDriver.Emitted> emitted = driver.emitted();
        emitted.forEach(e -> assertEquals("status", e.stream(), "not indexed: " + e.values().get(0)));
        Map<Object, Object> statusByUrl = new HashMap<>();
        Map<Object, List<String>> discoveredByUrl = new HashMap<>();
        emitted.forEach(e -> statusByUrl.put(e.values().get(0), e.values().get(2)));
        emitted.forEach(e -> discoveredByUrl.put(e.values().get(0), discoveredUrls(e.values().get(3))));
        assertEquals(Map.of("https://example.org/old", Status.REDIRECTION, "https://example.org/sitemap.xml",
                Status.FETCHED), statusByUrl);
        assertEquals(Map.of("https://example.org/old", List.of("https://example.org/new"),
                "https://example.org/sitemap.xml", List.of("https://example.org/s1")), discoveredByUrl);
    }

    @Test
    void theParserTasksOfAWorkerFindCopiesOfEachOthersPagesUntilTheTopologyEnds() {
        Map<String, Object> topoConf = new HashMap<>(CrawlerConfig.defaults().asMap());
        topoConf.put("topology.name", "near-duplicates-" + System.nanoTime());
        byte[] article = ("<html><body><nav><a href=\"/\">Home</a></nav><main><p>The ferry to the islands runs"
                + " again from Monday, the harbour master said, after the storm damaged its slipway last week. Boats"
                + " leave the quay at eight and at noon, and come back from the islands before dark.</p>"
                + "<a href=\"/ferry\">timetable</a></main></body></html>").getBytes(StandardCharsets.UTF_8);
        Metadata html = new Metadata().set("Content-Type", "text/html");
        BoltDriver firstDriver = driver();
        BoltDriver secondDriver = driver();
        ParserBolt first = new ParserBolt();
        ParserBolt second = new ParserBolt();
        first.prepare(topoConf, firstDriver.context(), firstDriver.collector());
        second.prepare(topoConf, secondDriver.context(), secondDriver.collector());

        first.execute(firstDriver.tuple("default", "https://news.example/ferry-news", article, html));
        second.execute(secondDriver.tuple("default", "https://mirror.example/ferry-news", article, html));

        List<Object> copy = secondDriver.emitted().get(0).values();
        assertEquals("https://news.example/ferry-news", ((Metadata) copy.get(2)).getFirst("duplicate.of"));
        assertEquals(List.of(), discoveredUrls(copy.get(4)));
        assertEquals(1, secondDriver.counter("parser.duplicates"));

        first.cleanup();
        second.cleanup();
        BoltDriver againDriver = driver();
        ParserBolt again = new ParserBolt();
        again.prepare(topoConf, againDriver.context(), againDriver.collector());
        again.execute(againDriver.tuple("default", "https://mirror.example/ferry-news", article, html));
        again.cleanup();
        assertNull(((Metadata) againDriver.emitted().get(0).values().get(2)).getFirst("duplicate.of"),
                "the topology submitted again starts with no pages");
    }

    @SuppressWarnings("unchecked")
    private static List<String> discoveredUrls(Object discovered) {
        assertEquals(ArrayList.class, discovered.getClass(), "a list Storm's Kryo knows");
        return ((List<Discovered>) discovered).stream().map(Discovered::url).sorted().toList();
    }

    /** A user's parse filter, as StormCrawler's LinkParseFilter: adds the links of data attributes, and marks the first link. */
    public static final class AddsLinks implements ParseFilter {
        @Override
        public void filter(ParseContext page) {
            page.outlinks().get(0).metadata().set("linkType", "first");
            for (Element e : page.document().select("[data-href]")) {
                page.addOutlink(e.attr("data-href")).metadata().set("linkType", "data");
            }
        }
    }

    /** A user's URL filter with a bug: it throws on every path with "boom" in it. */
    public static final class ThrowsOnBoom implements UrlFilter {
        @Override
        public FilterVerdict filter(Url url, Metadata metadata) {
            if (url.path().contains("boom")) {
                throw new IllegalStateException("boom");
            }
            return FilterVerdict.accept(url.toString());
        }
    }

    @Test
    void linksAParseFilterAddsGoThroughTheUrlFiltersAndOnWithTheirMetadata(@TempDir Path dir) throws Exception {
        Path parseFilters = Files.writeString(dir.resolve("parsefilters.yaml"),
                "filters:\n  - type: class\n    class: " + AddsLinks.class.getName() + "\n");
        Path urlFilters = Files.writeString(dir.resolve("urlfilters.yaml"), "filters:\n"
                + "  - type: regex\n    params: {rules: [\"-/private/\"]}\n"
                + "  - type: class\n    name: boom\n    class: " + ThrowsOnBoom.class.getName() + "\n");
        CrawlerConfig config = ShippedFiles.ship(CrawlerConfig.defaults().with(Map.of(
                "parsefilters.config.file", parseFilters.toString(), "urlfilters.config.file", urlFilters.toString()),
                "test"));
        BoltDriver driver = driver();
        ParserBolt bolt = new ParserBolt();
        bolt.prepare(new HashMap<>(config.asMap()), driver.context(), driver.collector());
        byte[] html = ("<html><body><p>Links.</p><a href=\"/a\">a</a><div data-href=\"/added\"></div>"
                + "<div data-href=\"/private/x\"></div><div data-href=\"/boom|{x}\"></div></body></html>")
                .getBytes(StandardCharsets.UTF_8);
        Tuple page = driver.tuple("default", "https://example.org/", html,
                new Metadata().set("Content-Type", "text/html; charset=utf-8"));

        bolt.execute(page);

        assertEquals(List.of(page), driver.acked(), "a URL filter that throws costs the URL, not the page");
        BoltDriver.Emitted onwards = driver.emitted().get(0);
        assertEquals("default", onwards.stream());
        @SuppressWarnings("unchecked")
        List<Discovered> discovered = (List<Discovered>) onwards.values().get(4);
        assertEquals(List.of("https://example.org/a", "https://example.org/added"),
                discovered.stream().map(Discovered::url).toList(), "the private link and the one that threw are out");
        assertEquals("first", discovered.get(0).metadata().getFirst("linkType"));
        assertEquals("data", discovered.get(1).metadata().getFirst("linkType"));
        assertEquals("1", discovered.get(1).metadata().getFirst(MetadataKeys.DEPTH), "as any outlink's");
        assertEquals(1, driver.counter("urlfilter.errors.boom"));
        assertEquals(1, driver.counter("urlfilter.rejected.boom"));
        bolt.cleanup();
    }
}
