package io.squall.api.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import io.squall.api.Settings;
import io.squall.api.Status;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The test kit, on filters as a user writes them: what it reports is what Squall's parser made of the page. */
class TestPageTest {

    /** Adds the page's canonical link as an outlink of its own kind, and keeps short pages out of the index. */
    public static final class Canonical implements ParseFilter {
        private int minChars;
        private boolean closed;

        @Override
        public void configure(Settings settings) {
            minChars = settings.getInt("minChars", 0);
        }

        @Override
        public void filter(ParseContext page) {
            String canonical = page.document().select("link[rel=canonical]").attr("href");
            if (!canonical.isEmpty()) {
                page.addOutlink(canonical).metadata().set("kind", "canonical");
            }
            page.metadata().set("chars", Integer.toString(page.text().length()));
            if (page.text().length() < minChars) {
                page.setNoIndex();
            }
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** Keeps out the URLs whose query has a session. */
    public static final class NoSession implements UrlFilter {
        @Override
        public FilterVerdict filter(Url url, Metadata metadata) {
            return url.query() != null && url.query().contains("session=") ? FilterVerdict.reject("noSession", "session")
                    : FilterVerdict.accept(url.toString());
        }
    }

    private static final String PAGE = "<html><head><link rel=\"canonical\" href=\"/home\"></head><body>"
            + "<p>Short.</p><a href=\"/a?session=1\">a</a><a href=\"b.html\">b</a></body></html>";

    @Test
    void aParseFilterRunsAsInTheParserAndWhatItMadeIsToldWithTheOutlinksThroughTheUrlFilters() {
        Canonical filter = TestExtensions.configure(new Canonical(), Map.of("minChars", 20));
        ParseResult page = TestPage.html("https://example.org/dir/", PAGE)
                .setting("indexer.md.mapping", List.of("chars=length"))
                .urlFilter(new NoSession())
                .parse(filter);

        assertEquals(Status.FETCHED, page.status());
        assertEquals("Short. ab", page.text());
        assertEquals(List.of("https://example.org/dir/b.html", "https://example.org/home"), page.outlinkUrls(),
                "the link with a session is out, the added one in");
        assertEquals("canonical", page.outlink("https://example.org/home").metadata().getFirst("kind"));
        assertNull(page.outlink("https://example.org/dir/b.html").metadata().getFirst("kind"));
        assertTrue(page.noIndex());
        assertFalse(page.noFollow());
        assertEquals(Map.of("length", List.of("9")), page.indexFields());
        assertTrue(filter.closed, "closed after the page, as at a task's end");
    }

    @Test
    void aDocumentReadThroughTikaGoesThroughTheParseFiltersToo() {
        ParseResult document = TestPage.content("https://example.org/notes.txt",
                "Notes of a meeting, long enough.".getBytes(StandardCharsets.UTF_8), "text/plain")
                .parse(TestExtensions.configure(new Canonical(), Map.of()));
        assertEquals(Status.FETCHED, document.status());
        assertEquals(Integer.toString(document.text().length()), document.metadata().getFirst("chars"),
                "the filter saw the document's text: " + document.metadata());
    }

    /** A filter with a bug. */
    public static final class Broken implements ParseFilter {
        @Override
        public void filter(ParseContext page) {
            throw new IllegalStateException("no price");
        }
    }

    @Test
    void aFilterThatThrowsMakesThePageAnErrorNamingIt() {
        ParseResult page = TestPage.html("https://example.org/", PAGE).parse(new Broken());
        assertEquals(Status.ERROR, page.status());
        assertEquals("parse.filter", page.errorCause());
        assertTrue(page.errorMessage().contains("Broken") && page.errorMessage().contains("no price"),
                page.errorMessage());
        assertEquals(List.of(), page.outlinks());
    }

    @Test
    void aParameterNotReadIsRefusedAsInACrawlsFile() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> TestExtensions.configure(new Canonical(), Map.of("minChar", 10)));
        assertTrue(e.getMessage().endsWith("unknown parameter 'minChar'"), e.getMessage());
    }

    @Test
    void aUrlFilterGetsTheUrlNormalizedWithItsParts() {
        Url url = TestUrls.url("HTTP://Example.ORG:8080/a|b/../c{d}?x=^|");
        assertEquals("http", url.scheme());
        assertEquals("example.org", url.host());
        assertEquals(8080, url.port());
        assertEquals("/c%7Bd%7D", url.path());
        assertEquals("x=^|", url.query());
        assertEquals("http://example.org:8080/c%7Bd%7D?x=^|", url.toString());
        assertFalse(TestUrls.filter(new NoSession(), "http://example.org/?session=2").accepted());
    }
}
