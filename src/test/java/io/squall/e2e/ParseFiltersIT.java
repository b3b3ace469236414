package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawl (the squall command, local mode) with a parse filter file of every kind: the extracted fields
 * reach the content index under the names of indexer.md.mapping, only the links of the page's main region
 * are followed, a page the skip rule matches is neither indexed nor followed, and a host's high-priority
 * URLs are fetched before its others (whose URLs and discovery dates would otherwise come first).
 */
@ExtendWith(OpenSearchExtension.class)
class ParseFiltersIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    @Test
    void aCrawlWithParseFiltersIndexesTheirFieldsFollowsTheKeptLinksAndFetchesByPriority(TestOpenSearch os)
            throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site a = web.site(0);
            a.on("/", Response.html("""
                    <!DOCTYPE html><html><head><title>Widget</title>
                    <script type="application/ld+json">{"@type": "Product", "offers": {"price": "19.99"}}</script>
                    </head><body>
                    <nav><a href="/nav/home">Home</a></nav>
                    <main>
                      <h1 class="name">The Widget</h1>
                      <p id="price">19.99 EUR</p>
                      <a href="/a/1">a1</a> <a href="/a/2">a2</a> <a href="/a/3">a3</a>
                      <a href="/z/1">z1</a> <a href="/z/2">z2</a> <a href="/z/3">z3</a>
                      <a href="/discontinued">old</a>
                    </main>
                    <footer><a href="/legal">Legal</a></footer>
                    </body></html>
                    """));
            for (String path : List.of("/a/1", "/a/2", "/a/3", "/z/1", "/z/2", "/z/3", "/nav/home", "/legal", "/never")) {
                a.page(path);
            }
            a.on("/discontinued", Response.html("<html><body><main><div class=\"gone\">Discontinued</div>"
                    + "<a href=\"/never\">never</a></main></body></html>"));
            Path filters = dir.resolve("parsefilters.yaml");
            Files.writeString(filters, """
                    filters:
                      - type: xpath
                        params: {price: "//p[@id='price']"}
                      - type: css
                        params: {productName: "h1.name"}
                      - type: structured
                        params: {offerPrice: "jsonld:Product.offers.price"}
                      - type: links
                        params: {keepInside: [main]}
                      - type: skip
                        params: {selector: "div.gone", noIndex: true, noFollow: true}
                      - type: priority
                        params:
                          rules: [{matching: "/z/", priority: 10}]
                      - type: class
                        name: words
                        class: io.squall.parse.ParseFiltersTest$WordCount
                        params: {field: wordCount}
                    """);
            Path conf = ScopedCrawlConf.write(dir, os, List.of(a.host()),
                    "parsefilters.config.file: \"" + SquallProcess.path(filters) + "\"",
                    "indexer.md.mapping: [price, productName=product_name, offerPrice=offer_price, wordCount]");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf", conf.toString(), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0");
            assertEquals(0, run.exitCode(), run.stderr());

            List<String> fetched = web.log().forHost(a.host()).stream().map(LoggedRequest::path)
                    .filter(p -> !p.equals("/robots.txt")).toList();
            assertEquals(List.of("/", "/a/1", "/a/2", "/a/3", "/discontinued", "/z/1", "/z/2", "/z/3"),
                    fetched.stream().sorted().toList(), "only the main region's links, not those of a skipped page");
            List<String> children = fetched.subList(1, fetched.size());
            assertEquals(List.of("/z/1", "/z/2", "/z/3"), children.subList(0, 3),
                    "priority 10 first, then the others: " + fetched);

            Map<String, Map<String, Object>> content = os.documents(SquallIndex.CONTENT).stream()
                    .collect(Collectors.toMap(d -> (String) d.get("url"), d -> d));
            assertEquals(7, content.size(), "every page but the skipped one: " + content.keySet());
            assertTrue(!content.containsKey(a.url("/discontinued")));
            Map<String, Object> home = content.get(a.url("/"));
            assertEquals("19.99 EUR", home.get("price"));
            assertEquals("The Widget", home.get("product_name"));
            assertEquals("19.99", home.get("offer_price"));
            assertTrue(Integer.parseInt((String) home.get("wordCount")) > 5, String.valueOf(home.get("wordCount")));
            assertEquals(10, os.statusDocument(UrlId.of(a.url("/z/1"))).get("priority"),
                    "the priority is kept in the status index after the URL was fetched");
        }
    }
}
