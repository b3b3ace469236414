package io.squall.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.testsupport.FetchTestConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class RenderRuleTest {

    private static RenderRule rule(Object... keyValues) {
        return RenderRule.fromConfig(FetchTestConfig.with(keyValues));
    }

    @Test
    void nothingIsRenderedByDefault() {
        RenderRule rule = RenderRule.fromConfig(CrawlerConfig.defaults());
        assertFalse(rule.isOn());
        assertFalse(rule.renders("https://app.example/"));
    }

    @Test
    void hostsMatchExactlyOrWithALeadingDotTheNameAndEveryNameUnderIt() {
        RenderRule rule = rule("fetcher.render.hosts", List.of("app.example", ".spa.example"));
        assertTrue(rule.isOn());
        assertTrue(rule.renders("https://app.example/page"));
        assertTrue(rule.renders("http://APP.example:8080/page"));
        assertFalse(rule.renders("https://www.app.example/"), "app.example is that host only");
        assertTrue(rule.renders("https://spa.example/"));
        assertTrue(rule.renders("https://a.b.spa.example/"));
        assertFalse(rule.renders("https://notspa.example/"));
        assertFalse(rule.renders("https://app.example/robots.txt"), "robots.txt is read, never rendered");
        assertFalse(rule.renders("ftp://app.example/"));
    }

    @Test
    void urlsMatchByRegularExpressionsFoundInThem() {
        RenderRule rule = rule("fetcher.render.urls", List.of("/app/", "\\?view=js$"));
        assertTrue(rule.renders("https://site.example/app/list"));
        assertTrue(rule.renders("https://site.example/a?view=js"));
        assertFalse(rule.renders("https://site.example/about"));
    }

    @Test
    void theBrowsersRequestsGoToThePagesHostAndTheAllowedHostsOnly() {
        RenderRule rule = rule("fetcher.render.hosts", List.of("app.example"),
                "fetcher.render.allow.hosts", List.of("cdn.example", ".static.example"));
        String page = "https://app.example/";
        assertEquals(RenderRule.Verdict.ALLOWED, rule.request(page, "GET", "https://app.example/app.js", "Script"));
        assertEquals(RenderRule.Verdict.ALLOWED, rule.request(page, "GET", "http://app.example:81/x", "XHR"));
        assertEquals(RenderRule.Verdict.ALLOWED, rule.request(page, "GET", "https://cdn.example/lib.js", "Script"));
        assertEquals(RenderRule.Verdict.ALLOWED, rule.request(page, "GET", "https://a.static.example/s.css",
                "Stylesheet"));
        assertEquals(RenderRule.Verdict.OTHER_HOST, rule.request(page, "GET", "https://tracker.example/t.js",
                "Script"));
        assertEquals(RenderRule.Verdict.OTHER_HOST, rule.request(page, "GET", "http://10.0.0.1/", "XHR"));
        assertEquals(RenderRule.Verdict.NOT_FETCHABLE, rule.request(page, "POST", "https://app.example/api", "XHR"));
        assertEquals(RenderRule.Verdict.NOT_FETCHABLE, rule.request(page, "GET", "wss://app.example/live",
                "WebSocket"));
    }

    @Test
    void imagesMediaAndFontsAreBlockedByDefaultWhereverTheyGo() {
        RenderRule rule = rule("fetcher.render.hosts", List.of("app.example"));
        for (String type : List.of("Image", "Media", "Font")) {
            assertEquals(RenderRule.Verdict.BLOCKED_TYPE,
                    rule.request("https://app.example/", "GET", "https://app.example/x", type), type);
        }
        RenderRule none = rule("fetcher.render.hosts", List.of("app.example"), "fetcher.render.block.types",
                List.of());
        assertEquals(RenderRule.Verdict.ALLOWED,
                none.request("https://app.example/", "GET", "https://app.example/x.png", "Image"));
    }

    @Test
    void aBadEntryIsRefusedNamingItsKeyAndItself() {
        ConfigException regex = assertThrows(ConfigException.class, () -> rule("fetcher.render.urls", List.of("(")));
        assertTrue(regex.getMessage().startsWith("fetcher.render.urls: '('"), regex.getMessage());
        ConfigException host = assertThrows(ConfigException.class,
                () -> rule("fetcher.render.hosts", List.of("https://app.example/")));
        assertTrue(host.getMessage().startsWith("fetcher.render.hosts: 'https://app.example/'"), host.getMessage());
        ConfigException allow = assertThrows(ConfigException.class,
                () -> rule("fetcher.render.allow.hosts", List.of("*.example")));
        assertTrue(allow.getMessage().startsWith("fetcher.render.allow.hosts: '*.example'"), allow.getMessage());
    }
}
