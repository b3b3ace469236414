package io.squall.urls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Settings;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.CounterTally;
import io.squall.metrics.Counters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UrlFiltersTest {
    private static final CrawlerConfig DEFAULTS = CrawlerConfig.defaults();

    private static Settings params(String name, Map<String, Object> values) {
        return DEFAULTS.settings().forEntry(name, "test.yaml: filter '" + name + "'", values);
    }

    private static Metadata md(String... keyValues) {
        Metadata md = new Metadata();
        for (int i = 0; i < keyValues.length; i += 2) {
            md.set(keyValues[i], keyValues[i + 1]);
        }
        return md;
    }

    private static void assertRejected(UrlFilter filter, String url, Metadata md, String name, String reasonPart) {
        FilterVerdict v = filter.filter(new ParsedUrl(url), md);
        assertFalse(v.accepted(), url + " should be rejected");
        assertEquals(name, v.rejectedBy());
        assertTrue(v.reason().contains(reasonPart), v.reason());
    }

    private static void assertAccepted(UrlFilter filter, String url, Metadata md) {
        FilterVerdict v = filter.filter(new ParsedUrl(url), md);
        assertTrue(v.accepted(), url + " rejected: " + v);
    }

    @Test
    void schemeFilter() {
        UrlFilter f = new SchemeFilter(params("scheme", Map.of("allowed", List.of("https"))));
        assertAccepted(f, "https://e.com/", md());
        assertRejected(f, "http://e.com/", md(), "scheme", "'http'");
    }

    @Test
    void maxLengthFilter() {
        UrlFilter f = new MaxLengthFilter(params("len", Map.of("max", 30)));
        assertAccepted(f, "http://e.com/short", md());
        assertRejected(f, "http://e.com/" + "x".repeat(30), md(), "len", "43 > 30");
    }

    @Test
    void extensionFilterLooksAtThePathOnly() {
        UrlFilter f = new ExtensionFilter(params("extension", Map.of()));
        for (String url : List.of("http://e.com/a.ZIP", "http://e.com/x/photo.jpg?v=2", "http://e.com/movie.mp4",
                "http://e.com/setup.exe", "http://e.com/style.css", "http://e.com/d.rar")) {
            assertRejected(f, url, md(), "extension", "extension .");
        }
        // documents, which the parser reads, pass
        for (String url : List.of("http://e.com/", "http://e.com/page.html", "http://e.com/get.php?f=a.zip",
                "http://e.com/v1.2/docs", "http://e.com/pdf", "http://e.com/x/report.pdf?v=2", "http://e.com/b.xls",
                "http://e.com/c.doc", "http://e.com/c.docx", "http://e.com/d.pptx", "http://e.com/e.odt",
                "http://e.com/f.ods", "http://e.com/g.odp", "http://e.com/h.rtf", "http://e.com/i.txt")) {
            assertAccepted(f, url, md());
        }
    }

    @Test
    void aUrlKnownToBeASitemapPassesTheExtensionFilter() {
        UrlFilter f = new ExtensionFilter(params("extension", Map.of()));
        // robots.txt's "Sitemap: .../sitemap.xml.gz" is marked as a sitemap before it is filtered
        assertAccepted(f, "http://e.com/sitemap.xml.gz", md(MetadataKeys.IS_SITEMAP, "true"));
        assertRejected(f, "http://e.com/sitemap.xml.gz", md(), "extension", "extension .gz");
    }

    @Test
    void pathRepetitionFilter() {
        UrlFilter f = new PathRepetitionFilter(params("trap", Map.of("maxRepeats", 2, "maxSegments", 6)));
        assertAccepted(f, "http://e.com/a/b/a/b/c", md());
        assertRejected(f, "http://e.com/a/b/a/b/a/b", md(), "trap", "'a' repeated more than 2");
        assertRejected(f, "http://e.com/1/2/3/4/5/6/7", md(), "trap", "7 path segments > 6");
    }

    @Test
    void depthFilterNeverRejectsSeeds() {
        UrlFilter f = new MaxDepthFilter(params("depth", Map.of("max", 2)));
        assertAccepted(f, "http://e.com/", md());
        assertAccepted(f, "http://e.com/", md(MetadataKeys.DEPTH, "0"));
        assertAccepted(f, "http://e.com/", md(MetadataKeys.DEPTH, "2"));
        assertRejected(f, "http://e.com/", md(MetadataKeys.DEPTH, "3"), "depth", "depth 3 > 2");
        assertAccepted(new MaxDepthFilter(params("depth", Map.of())), "http://e.com/", md(MetadataKeys.DEPTH, "99"));
    }

    @Test
    void regexFilterFirstMatchWins() {
        UrlFilter f = new RegexFilter(params("regex", Map.of(
                "rules", List.of("+/private/public/", "-/private/", "+^https://"), "default", "reject")));
        assertAccepted(f, "http://e.com/private/public/x", md());
        assertRejected(f, "http://e.com/private/x", md(), "regex", "matches -/private/");
        assertAccepted(f, "https://e.com/other", md());
        assertRejected(f, "http://e.com/other", md(), "regex", "no rule matches");
        ConfigException e = assertThrows(ConfigException.class,
                () -> new RegexFilter(params("regex", Map.of("rules", List.of("-[unclosed")))));
        assertTrue(e.getMessage().contains("test.yaml: filter 'regex'"), e.getMessage());
    }

    @Test
    void scopeByHostDomainAndPathIsRelativeToTheSeed() {
        Metadata fromSeed = md(MetadataKeys.SEED_URL, "http://www.example.co.uk/docs/index.html");
        UrlFilter host = new ScopeFilter(params("scope", Map.of("mode", "host")));
        assertAccepted(host, "http://www.example.co.uk/other", fromSeed);
        assertRejected(host, "http://shop.example.co.uk/", fromSeed, "scope", "not the seed's host www.example.co.uk");

        UrlFilter domain = new ScopeFilter(params("scope", Map.of("mode", "domain")));
        assertAccepted(domain, "http://shop.example.co.uk/", fromSeed);
        assertRejected(domain, "http://other.co.uk/", fromSeed, "scope", "domain other.co.uk");

        UrlFilter path = new ScopeFilter(params("scope", Map.of("mode", "path")));
        assertAccepted(path, "http://www.example.co.uk/docs/a/b.html", fromSeed);
        assertRejected(path, "http://www.example.co.uk/blog/", fromSeed, "scope", "/docs/");

        // a seed (no seed.url) defines the scope and is inside it
        assertAccepted(host, "http://anywhere.example.net/", md(MetadataKeys.DEPTH, "0"));

        // links from pages of another seed, in turn: each is judged against its own seed
        Metadata fromOtherSeed = md(MetadataKeys.SEED_URL, "http://shop.example.co.uk/");
        assertAccepted(host, "http://shop.example.co.uk/cart", fromOtherSeed);
        assertRejected(host, "http://shop.example.co.uk/cart", fromSeed, "scope", "not the seed's host");
        assertAccepted(host, "http://www.example.co.uk/", fromSeed);
        assertRejected(host, "http://www.example.co.uk/", fromOtherSeed, "scope", "not the seed's host");
    }

    @Test
    void scopeByAllowedHosts() {
        UrlFilter f = new ScopeFilter(params("scope", Map.of("mode", "hosts",
                "hosts", List.of("example.com", "*.example.org"))));
        assertAccepted(f, "http://example.com/", md());
        assertAccepted(f, "http://a.b.example.org/", md());
        assertAccepted(f, "http://example.org/", md());
        assertRejected(f, "http://www.example.com/", md(), "scope", "www.example.com is not in the allowed hosts");
        assertRejected(f, "http://badexample.org/", md(), "scope", "badexample.org");
    }

    @Test
    void hostBudgetCountsDistinctUrlsPerHost() {
        UrlFilter f = new HostBudgetFilter(params("budget", Map.of("max", 3)));
        for (int i = 0; i < 3; i++) {
            assertAccepted(f, "http://a.com/" + i, md());
        }
        assertAccepted(f, "http://a.com/1", md()); // already counted
        assertRejected(f, "http://a.com/new", md(), "budget", "host a.com has used its budget of 3");
        assertAccepted(f, "http://b.com/new", md());
    }

    @Test
    void hostBudgetMemoryMustHoldOneHost() {
        CrawlerConfig small = DEFAULTS.with(Map.of("urlfilters.host.budget.memory", 10), "test");
        assertThrows(ConfigException.class,
                () -> new HostBudgetFilter(small.settings().forEntry("b", "f", Map.of("max", 11))));
    }

    @Test
    void defaultChainFromTheJarNormalizesFiltersAndCounts() {
        CounterTally counted = new CounterTally();
        UrlFilterChain chain = UrlFilters.fromConfig(DEFAULTS, counted);
        assertEquals("http://example.com/a", chain.filter("HTTP://Example.COM:80/x/../a#top", md()).url());
        FilterVerdict js = chain.resolveAndFilter("http://example.com/", "javascript:void(0)", md());
        assertEquals("scheme", js.rejectedBy());
        assertEquals("normalizer", chain.filter("http://exa mple.com/", md()).rejectedBy());
        assertEquals("extension", chain.filter("http://example.com/a.zip", md()).rejectedBy());
        assertEquals(1, counted.get("urlfilter.rejected.scheme"));
        assertEquals(1, counted.get("urlfilter.rejected.normalizer"));
        assertEquals(1, counted.get("urlfilter.rejected.extension"));
    }

    @Test
    void aFileOnDiskIsReadBeforeTheJarAndCheckedForTypos(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("my-filters.json");
        Files.writeString(file, "{\"filters\": [{\"type\": \"regex\", \"name\": \"noblog\", "
                + "\"params\": {\"rules\": [\"-/blog/\"]}}]}");
        UrlFilterChain chain = UrlFilters.fromConfig(DEFAULTS.with(
                Map.of("urlfilters.config.file", file.toString()), "test"), Counters.NONE);
        assertEquals("REJECTED noblog: matches -/blog/", chain.filter("http://e.com/blog/1", md()).toString());
        assertTrue(chain.filter("http://e.com/a.zip", md()).accepted()); // the jar's chain is not used

        Files.writeString(file, "{\"filters\": [{\"type\": \"depth\", \"params\": {\"maxx\": 3}}]}");
        ConfigException e = assertThrows(ConfigException.class, () -> UrlFilters.fromConfig(DEFAULTS.with(
                Map.of("urlfilters.config.file", file.toString()), "test"), Counters.NONE));
        assertTrue(e.getMessage().endsWith("filter 1 (\"depth\", type depth): unknown parameter 'maxx'"),
                e.getMessage());
        Files.writeString(file, "{\"filters\": [{\"type\": \"nosuch\"}]}");
        e = assertThrows(ConfigException.class, () -> UrlFilters.fromConfig(DEFAULTS.with(
                Map.of("urlfilters.config.file", file.toString()), "test"), Counters.NONE));
        assertTrue(e.getMessage().contains("(\"nosuch\", type nosuch): unknown type"), e.getMessage());

        Path yaml = dir.resolve("my-filters.yaml");
        Files.writeString(yaml, "filters:\n  - type: depth\n    params: {max: 3\n  - type: hostBudget\n");
        e = assertThrows(ConfigException.class, () -> UrlFilters.fromConfig(DEFAULTS.with(
                Map.of("urlfilters.config.file", yaml.toString()), "test"), Counters.NONE));
        assertTrue(e.getMessage().startsWith(yaml + ":4: not valid YAML: "), e.getMessage());
    }

    /** A URL filter of a user's own: rejects the URLs that contain its "word" parameter. */
    public static final class NoWord implements UrlFilter {
        private String name;
        private String word;

        @Override
        public void configure(Settings params) {
            name = params.name();
            word = params.getString("word", "forbidden");
        }

        @Override
        public FilterVerdict filter(Url url, Metadata metadata) {
            return url.toString().contains(word) ? FilterVerdict.reject(name, "has " + word)
                    : FilterVerdict.accept(url.toString());
        }
    }

    @Test
    void aClassOfOnesOwnIsNamedAsTheParseFiltersNameTheirs(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("mine.yaml");
        Files.writeString(yaml, "filters:\n  - type: class\n    class: " + NoWord.class.getName()
                + "\n    name: nocat\n    params: {word: cat}\n  - type: class\n    class: " + NoWord.class.getName()
                + "\n");
        UrlFilterChain chain = UrlFilters.fromConfig(DEFAULTS.with(
                Map.of("urlfilters.config.file", yaml.toString()), "test"), Counters.NONE);
        assertEquals("REJECTED nocat: has cat", chain.filter("http://e.com/cat", md()).toString());
        assertEquals("REJECTED class: has forbidden",
                chain.filter("http://e.com/forbidden", md()).toString());
        assertTrue(chain.filter("http://e.com/dog", md()).accepted());

        Files.writeString(yaml, "filters:\n  - type: class\n");
        ConfigException e = assertThrows(ConfigException.class, () -> UrlFilters.fromConfig(DEFAULTS.with(
                Map.of("urlfilters.config.file", yaml.toString()), "test"), Counters.NONE));
        assertEquals(yaml + ": filter 1 (\"class\", type class): needs 'class', the name of a class of yours",
                e.getMessage());
    }

    /** A calendar whose every page links to the next day: the crawl must end by depth or by the host budget. */
    private static int followCalendar(UrlFilterChain chain) {
        OutlinkMetadata outlinks = new OutlinkMetadata(List.of(), true, true);
        String url = "http://cal.example.com/cal?date=2024-01-01";
        Metadata md = md(MetadataKeys.DEPTH, "0");
        assertTrue(chain.filter(url, md).accepted(), "the seed passes the chain");
        LocalDate date = LocalDate.of(2024, 1, 1);
        for (int pages = 1; pages < 10_000; pages++) {
            date = date.plusDays(1);
            Metadata next = outlinks.forOutlink(url, md, Instant.EPOCH);
            FilterVerdict v = chain.resolveAndFilter(url, "?date=" + date, next);
            if (!v.accepted()) {
                return pages;
            }
            url = v.url();
            md = next;
        }
        throw new AssertionError("the calendar trap was never stopped");
    }

    @Test
    void calendarTrapStopsAtTheDepthLimit() {
        CounterTally counted = new CounterTally();
        assertEquals(21, followCalendar(UrlFilters.fromConfig(DEFAULTS, counted))); // depth max 20 in the jar's chain
        assertEquals(1, counted.get("urlfilter.rejected.depth"));
    }

    @Test
    void calendarTrapStopsAtTheHostBudgetWithoutDepthLimit(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("f.yaml");
        Files.writeString(file, "filters:\n  - type: depth\n    params: {max: -1}\n  - type: hostBudget\n");
        CrawlerConfig config = DEFAULTS.with(Map.of("urlfilters.config.file", file.toString(),
                "max.urls.per.host", 50), "test");
        CounterTally counted = new CounterTally();
        assertEquals(50, followCalendar(UrlFilters.fromConfig(config, counted))); // the seed counts as one URL
        assertEquals(1, counted.get("urlfilter.rejected.hostBudget"));
    }
}
