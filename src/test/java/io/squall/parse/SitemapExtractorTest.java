package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import io.squall.testsupport.Corpora;
import io.squall.testsupport.DtdBait;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SitemapExtractorTest {
    private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    private final SitemapExtractor extractor = new SitemapExtractor(50_000_000, 50_000);

    private static byte[] corpus(String name) throws IOException {
        return Files.readAllBytes(Corpora.require("sitemaps").resolve(name));
    }

    /** An XML sitemap of {@code count} pages under http://www.example.com/, each with a lastmod. */
    private static byte[] urlset(int count) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"")
                .append(NS).append("\">\n");
        for (int i = 0; i < count; i++) {
            xml.append("<url><loc>http://www.example.com/page").append(i).append(".html</loc><lastmod>2005-01-0")
                    .append(i % 9 + 1).append("</lastmod><changefreq>monthly</changefreq></url>\n");
        }
        return xml.append("</urlset>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] index(String... sitemaps) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?><sitemapindex xmlns=\"").append(NS).append("\">");
        for (String sitemap : sitemaps) {
            xml.append("<sitemap><loc>").append(sitemap).append("</loc></sitemap>");
        }
        return xml.append("</sitemapindex>").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(content);
        }
        return gz.toByteArray();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void textXmlGzipAndIndexSitemapsYieldTheirUrls() throws IOException {
        byte[] text = utf8("http://www.example.com/a.html\nhttp://www.example.com/b.html\r\n\n");
        assertEquals(List.of("http://www.example.com/a.html", "http://www.example.com/b.html"),
                urls(extractor.extract("http://www.example.com/sitemap.txt", text)));
        byte[] withBom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        assertEquals(List.of("http://www.example.com/a.html", "http://www.example.com/b.html"),
                urls(extractor.extract("http://www.example.com/sitemap.txt", concat(withBom, text))));
        assertEquals(2, extractor.extract("http://www.example.com/sitemap.txt.gz", gzip(text)).entries().size());

        SitemapExtractor.Result xml = extractor.extract("http://www.example.com/sitemap.xml", urlset(5));
        assertEquals(5, xml.entries().size());
        assertEquals("http://www.example.com/page4.html", xml.entries().get(4).url());
        assertTrue(xml.entries().stream().noneMatch(SitemapExtractor.Entry::isSitemap));
        assertEquals(5, extractor.extract("http://www.example.com/sitemap.xml.gz", gzip(urlset(5))).entries().size());

        SitemapExtractor.Result index = extractor.extract("http://www.example.com/sitemap.xml",
                index("http://www.example.com/s1.xml", "http://www.example.com/s2.xml.gz"));
        assertEquals(List.of("http://www.example.com/s1.xml", "http://www.example.com/s2.xml.gz"), urls(index));
        assertTrue(index.entries().stream().allMatch(SitemapExtractor.Entry::isSitemap));
        assertFalse(index.truncated());
    }

    private static List<String> urls(SitemapExtractor.Result result) {
        return result.entries().stream().map(SitemapExtractor.Entry::url).toList();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    @ParameterizedTest
    @CsvSource({
        "sitemap.txt, http://www.domain.com/sitemap.txt, 2, false",
        "sitemap-with-bom.txt, http://www.domain.com/sitemap.txt, 2, false",
        "sitemap.txt.gz, http://www.example.com/sitemap.txt.gz, 5, false",
        "xmlSitemap.gz, http://www.example.com/sitemap.xml.gz, 5, false",
        "sitemap.index.xml, https://example.com/sitemap.xml, 15, true",
        "sitemap.ns.xml, http://www.example.com/sitemap.xml, 2, false",
        "sitemap.badns.xml, http://www.example.com/sitemap.xml, 2, false",
        "atom.xml, http://example.org/feed/, 1, false",
        "extension/hebdenbridgetimes-articles-sitemap.xml, https://www.hebdenbridgetimes.co.uk/sitemap.xml, 74, false",
        "extension/shinpaideshou-news-sitemap.xml, https://shinpaideshou.wordpress.com/news-sitemap.xml, 3, false",
        "extension/sitemap-images.xml, http://example.com/sitemap.xml, 1, false",
        "extension/sitemap-videos.xml, http://www.example.com/sitemap.xml, 3, false",
        "extension/sitemap-news.xml, http://www.example.org/sitemap.xml, 2, false",
    })
    void corpusSitemapsYieldTheirUrls(String file, String url, int expected, boolean index) throws IOException {
        SitemapExtractor.Result result = extractor.extract(url, corpus(file));
        assertEquals(expected, result.entries().size(), file);
        assertTrue(result.entries().stream().allMatch(e -> e.isSitemap() == index));
        assertFalse(result.truncated());
    }

    @Test
    void limitsCutUrlsAndInflatedBytes() throws IOException {
        SitemapExtractor.Result fewUrls = new SitemapExtractor(50_000_000, 3)
                .extract("http://www.example.com/sitemap.xml", urlset(74));
        assertEquals(3, fewUrls.entries().size());
        assertTrue(fewUrls.truncated());

        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            text.append("http://e.com/page").append(i).append('\n');
        }
        SitemapExtractor.Result fewBytes = new SitemapExtractor(1000, 50_000).extract("http://e.com/s.txt.gz",
                gzip(utf8(text.toString())));
        assertTrue(fewBytes.truncated());
        assertTrue(fewBytes.entries().size() < 100 && fewBytes.entries().size() > 30, "" + fewBytes.entries().size());
    }

    @Test
    void aSitemapWithADtdIsRefusedWithoutAnyRequest() throws IOException {
        try (DtdBait bait = new DtdBait()) {
            String dtd = bait.dtdUrl();
            String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE urlset SYSTEM \"" + dtd + "\" [\n"
                    + "<!ENTITY % remote SYSTEM \"" + dtd + "\"> %remote;\n<!ENTITY ext SYSTEM \"" + dtd + "?e\">]>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                    + "<url><loc>http://www.example.com/&ext;</loc></url></urlset>";
            IOException e = assertThrows(IOException.class,
                    () -> extractor.extract("http://www.example.com/sitemap.xml", xml.getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().startsWith("not a sitemap"), e.getMessage());
            assertEquals(0, bait.requests(), "the parser reached out for the DTD");
        }
    }

    @Test
    void theProcessorEmitsEntriesWithLastmodAndSubSitemapsStaySitemaps() throws IOException {
        ParseProcessor p = ParseProcessor.fromConfig(CrawlerConfig.defaults(), Counters.NONE);
        ParseProcessor.Outcome pages = p.process("http://www.example.com/sitemap.xml.gz", gzip(urlset(5)),
                new Metadata().set(MetadataKeys.IS_SITEMAP, "true").set(MetadataKeys.DEPTH, "0"));
        assertEquals(ParseProcessor.Kind.SITEMAP, pages.kind());
        assertEquals(5, pages.discovered().size());
        Metadata first = pages.discovered().get(0).metadata();
        assertEquals("2005-01-01T00:00:00Z", first.getFirst(MetadataKeys.SITEMAP_LASTMOD));
        assertEquals("1", first.getFirst(MetadataKeys.DEPTH));
        assertFalse(first.containsKey(MetadataKeys.IS_SITEMAP));

        // an index nobody declared is recognized by its content
        ParseProcessor.Outcome index = p.process("https://example.com/sitemap.xml",
                index("https://example.com/sitemap.jss?portalCode=10260&amp;lang=en", "https://example.com/s2.xml"),
                new Metadata().set("Content-Type", "application/xml"));
        assertEquals(ParseProcessor.Kind.SITEMAP, index.kind());
        assertEquals(2, index.discovered().size());
        assertTrue(index.discovered().stream().allMatch(d -> "true".equals(d.metadata().getFirst(MetadataKeys.IS_SITEMAP))));
        assertEquals("https://example.com/sitemap.jss?portalCode=10260&lang=en", index.discovered().get(0).url());

        ParseProcessor.Outcome broken = p.process("http://e.com/sitemap.xml", "<html>oops</html>".getBytes(
                StandardCharsets.UTF_8), new Metadata().set(MetadataKeys.IS_SITEMAP, "true"));
        assertEquals(ParseProcessor.Kind.ERROR, broken.kind());
        assertEquals("parse", broken.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertEquals(List.of(), broken.discovered());
    }

    @Test
    void theProcessorReadsTheCorpusSitemapsAsItReadsItsOwn() throws IOException {
        ParseProcessor p = ParseProcessor.fromConfig(CrawlerConfig.defaults(), Counters.NONE);
        ParseProcessor.Outcome pages = p.process("http://www.example.com/sitemap.xml.gz", corpus("xmlSitemap.gz"),
                new Metadata().set(MetadataKeys.IS_SITEMAP, "true").set(MetadataKeys.DEPTH, "0"));
        assertEquals(5, pages.discovered().size());
        assertEquals("2005-01-01T00:00:00Z", pages.discovered().get(0).metadata().getFirst(MetadataKeys.SITEMAP_LASTMOD));
        ParseProcessor.Outcome index = p.process("https://example.com/sitemap.xml", corpus("sitemap.index.xml"),
                new Metadata().set("Content-Type", "application/xml"));
        assertEquals(15, index.discovered().size());
        assertEquals("https://example.com/sitemap.jss?portalCode=10260&lang=en", index.discovered().get(0).url());
    }

    @Test
    void aSitemapOnAnUnderscoreHostIsReadWithItsEntries() throws IOException {
        // java.net.URI has no host for a_b.example: the sitemap used to be refused as "not usable"
        byte[] xml = utf8("<?xml version=\"1.0\"?><urlset xmlns=\"" + NS + "\"><url><loc>http://a_b.example/p</loc></url>"
                + "<url><loc>http://a_b.example/q</loc></url></urlset>");
        assertEquals(List.of("http://a_b.example/p", "http://a_b.example/q"),
                urls(extractor.extract("http://a_b.example/sitemap.xml", xml)));
    }
}
