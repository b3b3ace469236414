package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.Discovered;
import io.squall.api.Settings;
import io.squall.api.Metadata;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import io.squall.config.CrawlerConfig;
import io.squall.config.ShippedFiles;
import io.squall.core.MetadataKeys;
import io.squall.metrics.CounterTally;
import io.squall.urls.UrlFilters;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each built-in parse filter type and a class of one's own, on generated pages, and the errors of a bad file. */
class ParseFiltersTest {
    private static final String URL = "http://shop.example.com/item/7";
    private static final CrawlerConfig CONFIG = CrawlerConfig.defaults();

    /** A user's filter: the number of words of the page's text, in the field its params name. */
    public static final class WordCount implements ParseFilter {
        private String field;

        @Override
        public void configure(Settings params) {
            field = params.getString("field", "words");
        }

        @Override
        public void filter(ParseContext page) {
            page.metadata().set(field, Integer.toString(page.text().split("\\s+").length));
        }
    }

    /** A user's filter with a bug. */
    public static final class Broken implements ParseFilter {
        @Override
        public void filter(ParseContext page) {
            throw new IllegalStateException("no price here");
        }
    }

    private static ParseFilterChain chain(String yaml) {
        return ParseFilters.fromFile(new ShippedFiles.File("parsefilters.yaml", "test", yaml), CONFIG);
    }

    private static ParseProcessor.Outcome parse(String yaml, String html) {
        return parse(yaml, html, new CounterTally());
    }

    private static ParseProcessor.Outcome parse(String yaml, String html, CounterTally counters) {
        ParseProcessor p = ParseProcessor.withFilters(CONFIG, UrlFilters.fromConfig(CONFIG, counters), chain(yaml),
                counters);
        return p.process(URL, html.getBytes(StandardCharsets.UTF_8),
                new Metadata().set("Content-Type", "text/html; charset=utf-8"));
    }

    private static Map<String, String> discovered(ParseProcessor.Outcome outcome) {
        Map<String, String> priorities = new LinkedHashMap<>();
        for (Discovered d : outcome.discovered()) {
            priorities.put(d.url().substring("http://shop.example.com".length()),
                    d.metadata().getFirst(MetadataKeys.PRIORITY, "0"));
        }
        return priorities;
    }

    private static final String PRODUCT = """
            <html><head><title>Widget</title>
            <meta property="og:title" content="The Widget">
            <meta name="Author" content="Ada">
            <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
              {"@type": "BreadcrumbList", "name": "crumbs"},
              {"@type": ["Product", "Thing"], "name": "Widget", "offers": [
                {"@type": "Offer", "price": "19.99", "priceCurrency": "EUR"},
                {"@type": "Offer", "price": 17.5}]}]}</script>
            <script type="application/ld+json">{not json</script>
            </head><body>
            <nav><a href="/nav/home">Home</a></nav>
            <main>
              <h1 class="name">Widget</h1>
              <p id="price">19.99 EUR</p>
              <ul><li class="tag">blue</li><li class="tag">small</li></ul>
              <a href="/item/8">Next item</a>
              <a href="/sale/9">On sale</a>
              <a href="/item/10?session=1">Tracked</a>
              <aside><a href="/related/1">Related</a></aside>
              <div class="reviews"><a href="/item/11">Reviewed</a><a href="/sale/9">Sale again</a></div>
            </main>
            <footer><a href="/legal">Legal</a></footer>
            </body></html>
            """;

    @Test
    void xpathFieldsTakeTheFirstOrAllMatchesTextOrAttribute() {
        Metadata md = parse("""
                filters:
                  - type: xpath
                    params:
                      price: "//p[@id='price']"
                      tags: {expr: "//li[@class='tag']", all: true}
                      firstLink: {expr: "//main//a", attr: href}
                      hrefs: {expr: "//footer//a/@href", all: true}
                      title: "string(//title)"
                      missing: "//p[@id='none']"
                """, PRODUCT).metadata();
        assertEquals("19.99 EUR", md.getFirst("price"));
        assertEquals(List.of("blue", "small"), md.getValues("tags"));
        assertEquals(List.of("/item/8"), md.getValues("firstLink"));
        assertEquals(List.of("/legal"), md.getValues("hrefs"));
        assertEquals("Widget", md.getFirst("title"));
        assertTrue(!md.containsKey("missing"), "nothing matched: no field");
    }

    @Test
    void cssFieldsTakeTheFirstOrAllMatchesTextOrAttribute() {
        Metadata md = parse("""
                filters:
                  - type: css
                    params:
                      name: "h1.name"
                      tags: {expr: "li.tag", all: true}
                      legal: {expr: "footer a", attr: "abs:href"}
                """, PRODUCT).metadata();
        assertEquals(List.of("Widget"), md.getValues("name"));
        assertEquals(List.of("blue", "small"), md.getValues("tags"));
        assertEquals(List.of("http://shop.example.com/legal"), md.getValues("legal"));
    }

    @Test
    void structuredFieldsComeFromJsonLdOpenGraphAndMeta() {
        Metadata md = parse("""
                filters:
                  - type: structured
                    params:
                      price: "jsonld:Product.offers.price"
                      productName: "jsonld:Product.name"
                      offerCurrency: "jsonld:Offer.priceCurrency"
                      ogTitle: "og:title"
                      author: "meta:author"
                      none: "jsonld:Recipe.name"
                """, PRODUCT).metadata();
        assertEquals(List.of("19.99", "17.5"), md.getValues("price"), "every offer, through the @graph and the array");
        assertEquals(List.of("Widget"), md.getValues("productName"), "a type among several");
        assertEquals(List.of("EUR"), md.getValues("offerCurrency"), "a type nested in another");
        assertEquals(List.of("The Widget"), md.getValues("ogTitle"));
        assertEquals(List.of("Ada"), md.getValues("author"), "meta names in any case");
        assertTrue(!md.containsKey("none"));
    }

    @Test
    void linksAreKeptOrDroppedByRegionAndPatternBeforeTheUrlFilters() {
        ParseProcessor.Outcome outcome = parse("""
                filters:
                  - type: links
                    params: {keepInside: [main], dropInside: [aside], dropMatching: ["session="]}
                """, PRODUCT);
        assertEquals(List.of("/item/8", "/sale/9", "/item/11"), List.copyOf(discovered(outcome).keySet()));
        assertEquals(List.of("/nav/home", "/item/8", "/sale/9", "/item/10?session=1", "/related/1", "/item/11",
                "/legal"), List.copyOf(discovered(parse("filters: []", PRODUCT)).keySet()), "all of them without the filter");
    }

    @Test
    void linksKeptByPatternOnly() {
        ParseProcessor.Outcome outcome = parse("""
                filters:
                  - type: links
                    params: {keepMatching: ["/item/\\\\d+$"]}
                """, PRODUCT);
        assertEquals(List.of("/item/8", "/item/11"), List.copyOf(discovered(outcome).keySet()));
    }

    @Test
    void skipKeepsAPageOutOfTheIndexOrItsLinksUnfollowed() {
        ParseProcessor.Outcome noIndex = parse("""
                filters:
                  - type: skip
                    params: {selector: "div.reviews", noIndex: true}
                """, PRODUCT);
        assertEquals("true", noIndex.metadata().getFirst(MetadataKeys.ROBOTS_NOINDEX));
        assertEquals(7, noIndex.discovered().size(), "its links are still followed");

        ParseProcessor.Outcome noFollow = parse("""
                filters:
                  - type: skip
                    params: {text: "(?i)out of stock|19\\\\.99", noFollow: true}
                """, PRODUCT);
        assertEquals(List.of(), noFollow.discovered());
        assertNull(noFollow.metadata().getFirst(MetadataKeys.ROBOTS_NOINDEX), "still indexed");

        ParseProcessor.Outcome neither = parse("""
                filters:
                  - type: skip
                    params: {selector: "div.absent", text: "absent", noIndex: true, noFollow: true}
                """, PRODUCT);
        assertEquals(7, neither.discovered().size());
        assertNull(neither.metadata().getFirst(MetadataKeys.ROBOTS_NOINDEX));
    }

    @Test
    void priorityRulesRankOutlinksFirstRuleWinsAndARepeatedLinkKeepsTheHighest() {
        ParseProcessor.Outcome outcome = parse("""
                filters:
                  - type: links
                    params: {keepInside: [main]}
                  - type: priority
                    params:
                      rules:
                        - {inside: "div.reviews", priority: 3}
                        - {matching: "/sale/", priority: 10}
                        - {matching: "session=", inside: main, priority: -1}
                """, PRODUCT);
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("/item/8", "0");
        expected.put("/sale/9", "10"); // also in the reviews (3): the highest of its links
        expected.put("/item/10?session=1", "-1");
        expected.put("/related/1", "0");
        expected.put("/item/11", "3");
        assertEquals(expected, discovered(outcome));
    }

    @Test
    void aClassOfOnesOwnRunsInTheChainWithItsParams() {
        Metadata md = parse("""
                filters:
                  - type: class
                    class: io.squall.parse.ParseFiltersTest$WordCount
                    params: {field: wordCount}
                """, "<html><body><p>one two three</p></body></html>").metadata();
        assertEquals("3", md.getFirst("wordCount"));
    }

    @Test
    void aFilterThatThrowsMakesThePageAParseFilterErrorNamingIt() {
        CounterTally counters = new CounterTally();
        ParseProcessor.Outcome outcome = parse("""
                filters:
                  - type: css
                    params: {name: h1}
                  - type: class
                    name: buggy
                    class: io.squall.parse.ParseFiltersTest$Broken
                """, PRODUCT, counters);
        assertEquals(ParseProcessor.Kind.ERROR, outcome.kind());
        assertEquals("parse.filter", outcome.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertEquals("filter 'buggy': IllegalStateException: no price here",
                outcome.metadata().getFirst(MetadataKeys.ERROR_MESSAGE));
        assertEquals(List.of(), outcome.discovered());
        assertEquals(1, counters.get("parser.filter.errors"));
    }

    @Test
    void noFileIsTheEmptyChain() {
        assertSame(ParseFilterChain.EMPTY, ParseFilters.fromConfig(CONFIG));
        assertTrue(chain("filters: []").isEmpty());
    }

    @Test
    void aBrokenFileIsRefusedWithOneLineNamingTheFileAndTheEntry() {
        String head = "filters:\n  - type: css\n    params: {a: h1}\n";
        assertError("parsefilters.yaml: filter 2 (\"price\", type xpath): parameter 'price' //p[ does not compile: ",
                head + "  - type: xpath\n    name: price\n    params: {price: \"//p[\"}\n");
        assertError("parsefilters.yaml: filter 2 (\"css\", type css): parameter 'x' div[ does not compile: ",
                head + "  - type: css\n    params: {x: \"div[\"}\n");
        assertError("parsefilters.yaml: filter 2 (\"jsonpath\", type jsonpath): unknown type (known: css, links,"
                + " priority, skip, structured, xpath, or class with 'class: com.example.MyFilter')",
                head + "  - type: jsonpath\n");
        assertError("parsefilters.yaml: filter 2 (\"class\", type class): class com.example.Missing not found",
                head + "  - type: class\n    class: com.example.Missing\n");
        assertError("parsefilters.yaml: filter 2 (\"class\", type class): java.lang.String does not implement"
                + " io.squall.api.ParseFilter", head + "  - type: class\n    class: java.lang.String\n");
        assertError("parsefilters.yaml: filter 2 (\"css\", type css): parameter 'x' expects an expression, or"
                + " {expr: ..., all: true|false, attr: name}, got '[a, b]'", head + "  - type: css\n    params: {x: [a, b]}\n");
        assertError("parsefilters.yaml: filter 2 (\"links\", type links): unknown parameter 'keepInsde'",
                head + "  - type: links\n    params: {keepInsde: [main], dropInside: [footer]}\n");
        assertError("parsefilters.yaml: filter 2 (\"structured\", type structured): parameter 'p' expects"
                + " jsonld:Type.path, og:name, property:name or meta:name, got 'Product.price'",
                head + "  - type: structured\n    params: {p: Product.price}\n");
        assertError("parsefilters.yaml: filter 2 (\"skip\", type skip): needs noIndex: true or noFollow: true",
                head + "  - type: skip\n    params: {selector: div}\n");
        assertError("parsefilters.yaml: filter 2 (\"priority\", type priority): parameter 'rules' expects",
                head + "  - type: priority\n    params: {rules: [{matching: x, priority: high}]}\n");
        assertError("parsefilters.yaml: filter 2 (\"css\", type css): 'params' must be a map",
                head + "  - type: css\n    params: [a]\n");
        assertError("parsefilters.yaml: filter 2 (\"css\", type css): unknown key 'class'",
                head + "  - type: css\n    class: x.Y\n    params: {a: h1}\n");
        assertError("parsefilters.yaml: expected one top-level key 'filters' holding a list", "parsefilters: []");
    }

    private static void assertError(String expectedStart, String yaml) {
        ConfigException e = assertThrows(ConfigException.class, () -> chain(yaml));
        assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
