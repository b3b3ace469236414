package io.squall.api.testing;

import io.squall.api.Metadata;
import io.squall.api.ParseFilter;
import io.squall.api.Status;
import io.squall.api.UrlFilter;
import io.squall.config.CrawlerConfig;
import io.squall.index.ContentIndexer;
import io.squall.metrics.Counters;
import io.squall.parse.ParseFilterChain;
import io.squall.parse.ParseProcessor;
import io.squall.urls.UrlFilterChain;
import io.squall.urls.UrlNormalizer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fetched page for a test: a URL and its HTML (or other content), with the response's headers and the
 * metadata it was fetched with if the test likes. {@link #parse} runs it through Squall's parser as a
 * crawl's parser task does (text, links, robots directives, the parse filters given, then the outlinks
 * through the URL filters given), and tells what came out.
 *
 * <pre>
 * ParseResult page = TestPage.html("https://example.org/", "&lt;p&gt;Hello&lt;/p&gt;")
 *         .parse(TestExtensions.configure(new WordCountFilter(), Map.of("minWords", 3)));
 * assertEquals("1", page.metadata().getFirst("words"));
 * </pre>
 */
public final class TestPage {
    private final String url;
    private final byte[] content;
    private final Metadata metadata = new Metadata();
    private final Map<String, Object> settings = new LinkedHashMap<>();
    private final List<UrlFilter> urlFilters = new ArrayList<>();

    private TestPage(String url, byte[] content, String contentType) {
        this.url = url;
        this.content = content;
        header("Content-Type", contentType);
    }

    /** An HTML page served as {@code text/html; charset=utf-8}. */
    public static TestPage html(String url, String html) {
        return new TestPage(url, html.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8");
    }

    /** Content of another type (a PDF, say, which Squall reads through Tika). */
    public static TestPage content(String url, byte[] content, String contentType) {
        return new TestPage(url, content, contentType);
    }

    /** A response header, such as {@code X-Robots-Tag}; Content-Type replaces the one given. */
    public TestPage header(String name, String value) {
        metadata.set(name, value);
        return this;
    }

    /** A metadata key the page was fetched with (its depth, a key {@code metadata.transfer} passes on...). */
    public TestPage metadata(String key, String value) {
        metadata.add(key, value);
        return this;
    }

    /** A crawl setting, over Squall's defaults, as in crawler-conf.yaml ({@code indexer.md.mapping}, say). */
    public TestPage setting(String key, Object value) {
        settings.put(key, value);
        return this;
    }

    /** A URL filter the page's outlinks go through, configured already; none unless given (URLs are normalized). */
    public TestPage urlFilter(UrlFilter filter) {
        urlFilters.add(filter);
        return this;
    }

    /** Parses the page with these parse filters, configured already, as a chain in this order. */
    public ParseResult parse(ParseFilter... filters) {
        CrawlerConfig config = CrawlerConfig.defaults().with(settings, "the test's settings");
        UrlFilterChain urls = new UrlFilterChain(UrlNormalizer.fromConfig(config), namesOf(urlFilters), urlFilters,
                Counters.NONE);
        List<ParseFilter> chain = List.of(filters);
        ParseProcessor parser = ParseProcessor.withFilters(config, urls, new ParseFilterChain(namesOf(chain), chain),
                Counters.NONE);
        try {
            ParseProcessor.Outcome outcome = parser.process(url, content, metadata);
            Status status = switch (outcome.kind()) {
                case ERROR -> Status.ERROR;
                case REDIRECT -> Status.REDIRECTION;
                default -> Status.FETCHED;
            };
            return new ParseResult(status, outcome.metadata(), outcome.text(), outcome.discovered(),
                    ContentIndexer.mapping(config.getStringList("indexer.md.mapping")));
        } finally {
            parser.close();
        }
    }

    /** Errors name a filter by its class, as the file names it by its type when it has no name. */
    private static List<String> namesOf(List<?> filters) {
        return filters.stream().map(f -> f.getClass().getSimpleName()).toList();
    }
}
