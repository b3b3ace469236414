package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.testsupport.BoltDriver;
import java.nio.charset.StandardCharsets;
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
    void aPageGoesOnWithItsTextAndEachOutlinkGoesToTheStatusStreamAsDiscoveredAllAnchoredToThePage() {
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
        emitted.forEach(e -> assertEquals(List.of(page), e.anchors(), "anchored to the page"));
        List<BoltDriver.Emitted> statuses = emitted.stream().filter(e -> e.stream().equals("status")).toList();
        statuses.forEach(e -> assertEquals(Status.DISCOVERED, e.values().get(2)));
        List<String> discovered = statuses.stream().map(e -> (String) e.values().get(0)).sorted().toList();
        assertEquals(List.of("https://example.org/a", "https://example.org/dir/b.html"), discovered,
                "each outlink once, resolved against the page");
        List<BoltDriver.Emitted> onwards = emitted.stream().filter(e -> e.stream().equals("default")).toList();
        assertEquals(1, onwards.size());
        assertEquals("https://example.org/dir/", onwards.get(0).values().get(0));
        assertTrue(((String) onwards.get(0).values().get(3)).contains("Hello crawler."));
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
        emitted.forEach(e -> statusByUrl.put(e.values().get(0), e.values().get(2)));
        assertEquals(Map.of("https://example.org/old", Status.REDIRECTION, "https://example.org/new", Status.DISCOVERED,
                "https://example.org/sitemap.xml", Status.FETCHED, "https://example.org/s1", Status.DISCOVERED),
                statusByUrl);
    }
}
