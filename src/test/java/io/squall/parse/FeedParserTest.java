package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.testsupport.DtdBait;
import io.squall.urls.UrlNormalizer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FeedParserTest {
    private static final UrlNormalizer NORMALIZER = new UrlNormalizer(false, List.of(), false);
    private final FeedParser parser = new FeedParser(NORMALIZER, 1_000_000);

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String resolved(FeedParser.Entry entry) throws Exception {
        return NORMALIZER.resolve(entry.base(), entry.href());
    }

    @Test
    void rss2EntriesHaveTheirLinksTitlesAndRfc822Dates() throws Exception {
        String rss = """
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
                <channel><title>News</title><link>http://news.example/</link>
                <item><title>First &amp; foremost</title><link>http://news.example/a/1</link>
                  <pubDate>Tue, 05 Nov 2024 10:15:00 GMT</pubDate><media:title>not the title</media:title></item>
                <item><title><![CDATA[<b>Bold</b>   move]]></title><link> /a/2 </link>
                  <pubDate>Wed, 6 Nov 2024 08:00 EST</pubDate></item>
                <item><title>Guid only</title><guid>http://news.example/a/3</guid>
                  <dc:date>2024-11-07T12:00:00+01:00</dc:date></item>
                <item><title>Not a permalink</title><guid isPermaLink="false">tag:news.example,2024:4</guid></item>
                <item><link>http://news.example/a/5</link><pubDate>sometime</pubDate></item>
                <item><title>Wrong day name</title><link>http://news.example/a/6</link>
                  <pubDate>Mon, 07 Nov 2024 10:00:00 +0100</pubDate></item>
                </channel></rss>
                """;
        FeedParser.Result result = parser.parse("http://news.example/feed.rss", utf8(rss), false);
        List<FeedParser.Entry> entries = result.entries();
        assertEquals(5, entries.size(), entries.toString());
        assertEquals(1, result.linkless(), "the item with a guid that is no permalink");
        assertFalse(result.truncated());

        assertEquals("http://news.example/a/1", resolved(entries.get(0)));
        assertEquals("First & foremost", entries.get(0).title());
        assertEquals(Instant.parse("2024-11-05T10:15:00Z"), entries.get(0).published());

        assertEquals("http://news.example/a/2", resolved(entries.get(1)), "relative to the feed's URL");
        assertEquals("Bold move", entries.get(1).title(), "markup in a title is read as its text");
        assertEquals(Instant.parse("2024-11-06T13:00:00Z"), entries.get(1).published(), "EST, no seconds");

        assertEquals("http://news.example/a/3", resolved(entries.get(2)), "a permalink guid stands for the link");
        assertEquals(Instant.parse("2024-11-07T11:00:00Z"), entries.get(2).published(), "dc:date");

        assertEquals("http://news.example/a/5", resolved(entries.get(3)));
        assertNull(entries.get(3).title());
        assertNull(entries.get(3).published(), "no date is made up from text that is none");

        assertEquals(Instant.parse("2024-11-07T09:00:00Z"), entries.get(4).published());
    }

    @Test
    void rss1ItemsAreSiblingsOfTheChannelAndNamedByTheirAbout() throws Exception {
        String rdf = """
                <?xml version="1.0"?>
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                    xmlns:dc="http://purl.org/dc/elements/1.1/">
                <channel rdf:about="http://news.example/rss"><title>News</title><link>http://news.example/</link>
                  <items><rdf:Seq><rdf:li rdf:resource="http://news.example/r/1"/></rdf:Seq></items></channel>
                <item rdf:about="http://news.example/r/1"><title>One</title><link>http://news.example/r/one</link>
                  <dc:date>2024-11-01</dc:date></item>
                <item rdf:about="http://news.example/r/2"><title>Two</title><dc:date>2024-11-02T10:00:00Z</dc:date></item>
                </rdf:RDF>
                """;
        List<FeedParser.Entry> entries = parser.parse("http://news.example/rss", utf8(rdf), false).entries();
        assertEquals(2, entries.size(), entries.toString());
        assertEquals("http://news.example/r/one", resolved(entries.get(0)), "the link, when there is one");
        assertEquals("One", entries.get(0).title());
        assertEquals(Instant.parse("2024-11-01T00:00:00Z"), entries.get(0).published(), "a date alone");
        assertEquals("http://news.example/r/2", resolved(entries.get(1)), "else the item's rdf:about");
        assertEquals(Instant.parse("2024-11-02T10:00:00Z"), entries.get(1).published());
    }

    @Test
    void atomEntriesResolveTheirLinksAgainstXmlBaseAndPreferPublished() throws Exception {
        String atom = """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://blog.example/base/">
                <title>Blog</title><link href="http://blog.example/"/><link rel="self" href="/atom.xml"/>
                <entry><title type="html">A &lt;em&gt;fine&lt;/em&gt; day</title>
                  <link rel="edit" href="/edit/1"/><link rel="alternate" type="text/html" href="posts/1"/>
                  <id>urn:uuid:1</id><published>2024-11-05T10:15:30+02:00</published>
                  <updated>2024-11-06T00:00:00Z</updated></entry>
                <entry xml:base="/other/"><title>Second</title><link href="2"/><updated>2024-11-04T09:00:00.5Z</updated>
                  <author><name>Somebody</name></author></entry>
                <entry><title>Edit only</title><link rel="edit" href="/e"/></entry>
                <entry><title>Own base</title><link xml:base="http://elsewhere.example/x/" href="y"/></entry>
                </feed>
                """;
        FeedParser.Result result = parser.parse("http://blog.example/atom.xml", utf8(atom), false);
        List<FeedParser.Entry> entries = result.entries();
        assertEquals(3, entries.size(), entries.toString());
        assertEquals(1, result.linkless(), "an entry with no alternate link");
        assertEquals("http://blog.example/base/posts/1", resolved(entries.get(0)));
        assertEquals("A fine day", entries.get(0).title());
        assertEquals(Instant.parse("2024-11-05T08:15:30Z"), entries.get(0).published(), "published, not updated");
        assertEquals("http://blog.example/other/2", resolved(entries.get(1)), "the entry's xml:base, relative");
        assertEquals(Instant.parse("2024-11-04T09:00:00.500Z"), entries.get(1).published(), "updated, lacking published");
        assertEquals("http://elsewhere.example/x/y", resolved(entries.get(2)), "the link's own xml:base");
    }

    @Test
    void entitiesDeclaredInTheFeedAreRefused() {
        StringBuilder laughs = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY l0 \"lol\">\n");
        for (int i = 1; i < 10; i++) {
            laughs.append("<!ENTITY l").append(i).append(" \"").append(("&l" + (i - 1) + ";").repeat(10)).append("\">\n");
        }
        laughs.append("]>\n<rss><channel><item><title>&l9;</title><link>http://x.example/</link></item></channel></rss>");
        IOException e = assertThrows(IOException.class,
                () -> parser.parse("http://x.example/feed", utf8(laughs.toString()), false));
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
        // refused however the feed was cut: a cut feed keeps its entries only when it is otherwise readable
        assertThrows(IOException.class, () -> parser.parse("http://x.example/feed", utf8(laughs.toString()), true));
    }

    @Test
    void noExternalEntityOrDtdIsFetched() throws Exception {
        try (DtdBait bait = new DtdBait()) {
            String dtd = bait.dtdUrl();
            String external = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY ext SYSTEM \"" + dtd + "\">]>\n"
                    + "<rss><channel><item><title>&ext;</title><link>http://x.example/1</link></item></channel></rss>";
            IOException e = assertThrows(IOException.class, () -> parser.parse("http://x.example/f", utf8(external), false));
            assertTrue(e.getMessage().contains("refused"), e.getMessage());

            // RSS 0.91's DOCTYPE names a DTD: the feed is read without it
            String rss091 = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \""
                    + dtd + "\">\n<rss version=\"0.91\"><channel><item><title>Old</title><link>http://x.example/2</link>"
                    + "</item></channel></rss>";
            assertEquals("http://x.example/2", parser.parse("http://x.example/f", utf8(rss091), false).entries().get(0).href());
            // and an entity that only the DTD would declare stays undeclared
            String usesIt = rss091.replace("<title>Old</title>", "<title>&secret;</title>");
            assertThrows(IOException.class, () -> parser.parse("http://x.example/f", utf8(usesIt), false));
            assertEquals(0, bait.requests(), "the parser reached out");
        }
    }

    @Test
    void anOversizedFeedIsReadUpToItsBoundAndSaysSo() throws Exception {
        StringBuilder rss = new StringBuilder("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel>");
        for (int i = 0; i < 1000; i++) {
            rss.append("<item><title>Entry ").append(i).append("</title><link>http://x.example/e/").append(i)
                    .append("</link></item>\n");
        }
        rss.append("</channel></rss>");
        byte[] bytes = utf8(rss.toString());
        FeedParser.Result cut = new FeedParser(NORMALIZER, 5000).parse("http://x.example/feed", bytes, false);
        assertTrue(cut.truncated());
        assertTrue(cut.entries().size() > 20 && cut.entries().size() < 100, cut.entries().size() + " entries");
        assertEquals("http://x.example/e/0", cut.entries().get(0).href());

        FeedParser.Result whole = parser.parse("http://x.example/feed", bytes, false);
        assertFalse(whole.truncated());
        assertEquals(1000, whole.entries().size());
        // cut by the fetch's content limit already: the broken end is the cut, not an error
        byte[] fetchedCut = java.util.Arrays.copyOf(bytes, 5000);
        assertTrue(parser.parse("http://x.example/feed", fetchedCut, true).entries().size() > 20);
        IOException e = assertThrows(IOException.class, () -> parser.parse("http://x.example/feed", fetchedCut, false));
        assertTrue(e.getMessage().startsWith("not a readable feed: "), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "<rss version=\"2.0\"><channel/></rss>| true",
        "\uFEFF<?xml version=\"1.0\"?> <!-- a comment --> <rss version=\"0.91\">| true",
        "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"x.dtd\"><rss>| true",
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title></feed>| true",
        "<?xml version=\"1.0\"?><atom:feed xmlns:atom=\"http://www.w3.org/2005/Atom\">| true",
        "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">| true",
        "<feed><title>no namespace: not Atom</title></feed>| false",
        "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description/></rdf:RDF>| false",
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>http://x/rss</loc></url></urlset>| false",
        "<html><head><title>rss</title></head></html>| false",
        "{\"rss\": true}| false",
    })
    void aFeedIsRecognizedByItsRootElement(String head, boolean feed) {
        assertEquals(feed, FeedParser.looksLikeFeed(utf8(head)), head);
    }

    @Test
    void feedContentTypes() {
        assertTrue(FeedParser.isFeedType("application/rss+xml; charset=UTF-8"));
        assertTrue(FeedParser.isFeedType("Application/Atom+XML"));
        assertFalse(FeedParser.isFeedType("application/xml"));
        assertFalse(FeedParser.isFeedType(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Tue, 05 Nov 2024 10:15:00 GMT| 2024-11-05T10:15:00Z",
        "Tue, 05 Nov 2024 10:15:00 +0200| 2024-11-05T08:15:00Z",
        "5 Nov 2024 10:15 PDT| 2024-11-05T17:15:00Z",
        "Tue,  5 Nov 2024 10:15:00 UT| 2024-11-05T10:15:00Z",
        "2024-11-05T10:15:30Z| 2024-11-05T10:15:30Z",
        "2024-11-05T10:15:30.25-05:00| 2024-11-05T15:15:30.250Z",
        "2024-11-05| 2024-11-05T00:00:00Z",
    })
    void datesInRfc822AndRfc3339(String text, String instant) {
        assertEquals(Instant.parse(instant), FeedDates.parse(text), text);
    }

    @Test
    void whatIsNoDateGivesNone() {
        assertNull(FeedDates.parse("yesterday"));
        assertNull(FeedDates.parse(""));
        assertNull(FeedDates.parse(null));
    }
}
