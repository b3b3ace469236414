package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.core.Discovered;
import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.testsupport.BoltDriver;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

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

    @SuppressWarnings("unchecked")
    private static List<String> discoveredUrls(Object discovered) {
        assertEquals(ArrayList.class, discovered.getClass(), "a list Storm's Kryo knows");
        return ((List<Discovered>) discovered).stream().map(Discovered::url).sorted().toList();
    }
}
