package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.urls.UrlNormalizer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The HTML standard's "change the encoding": a {@code <meta>} the parser meets while the encoding is only a
 * guess (prescan, detection or default, not a byte order mark or the HTTP header) and that names another
 * encoding makes the page be read again in that encoding.
 */
class ChangeTheEncodingTest {
    private static final String URL = "http://www.example.com/page.html";
    private static final Charset WINDOWS_1251 = Charset.forName("windows-1251");
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final String RUSSIAN = "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440";
    private static final String FRENCH = "caf\u00e9 na\u00efve";

    private final HtmlParser parser = new HtmlParser(new UrlNormalizer(false, List.of(), false), true, true,
            List.of(), List.of(), 100_000);

    /** More than the prescan's 1,024 bytes of head before {@code meta}, then a paragraph of {@code text}. */
    private static byte[] page(String meta, String text, Charset charset) {
        String head = "<!DOCTYPE html><html><head><title>Late</title>"
                + "<!-- " + "a long comment ".repeat(100) + "-->"
                + "<script>var padding = '" + "x".repeat(600) + "';</script>" + meta;
        assertTrue(head.indexOf("<meta") > CharsetSniffer.PRESCAN_BYTES);
        return (head + "</head><body><p>" + text + "</p></body></html>").getBytes(charset);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private ParsedPage parse(byte[] content, String contentType) {
        return parser.parse(URL, content, contentType, List.of());
    }

    @Test
    void aLateMetaRereadsAPageTheDefaultWouldMisread() {
        ParsedPage page = parse(page("<meta charset=\"windows-1251\">", RUSSIAN, WINDOWS_1251), "text/html");
        assertEquals("windows-1251", page.charset());
        assertEquals("meta-reparse", page.charsetSource());
        assertTrue(page.text().contains(RUSSIAN), page.text());
    }

    @Test
    void aLateMetaWhoseHttpEquivIsNotExactlyContentTypeChangesNothing() {
        ParsedPage page = parse(page("<meta http-equiv=\"Content-Type \" content=\"text/html; charset=windows-1251\">",
                FRENCH, WINDOWS_1252), "text/html");
        assertEquals("windows-1252", page.charset());
        assertTrue(page.text().contains(FRENCH), page.text());
    }

    @Test
    void aLateUtf8MetaWinsOverTheWindows1252DefaultOfAPageWithOneBadByte() {
        // one stray byte makes the page invalid UTF-8, so no detection: windows-1252 until the meta is met
        byte[] content = concat(page("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">",
                FRENCH, StandardCharsets.UTF_8), new byte[] {(byte) 0xFF});
        assertEquals("default", CharsetSniffer.sniff(content, null).source());
        ParsedPage page = parse(content, null);
        assertEquals("UTF-8", page.charset());
        assertTrue(page.text().contains(FRENCH), page.text());
    }

    @Test
    void theHttpHeaderAndTheByteOrderMarkAreCertain() {
        byte[] content = page("<meta charset=\"windows-1251\">", RUSSIAN, WINDOWS_1251);
        ParsedPage byHeader = parse(content, "text/html; charset=windows-1252");
        assertEquals("windows-1252", byHeader.charset());
        assertEquals("http", byHeader.charsetSource());
        assertTrue(byHeader.text().contains(new String(RUSSIAN.getBytes(WINDOWS_1251), WINDOWS_1252)));

        byte[] withBom = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                page("<meta charset=\"windows-1251\">", FRENCH, StandardCharsets.UTF_8));
        ParsedPage byBom = parse(withBom, "text/html");
        assertEquals("UTF-8", byBom.charset());
        assertEquals("bom", byBom.charsetSource());
        assertTrue(byBom.text().contains(FRENCH), byBom.text());
    }

    @Test
    void aMetaThePrescanMisreadIsCorrectedByTheOneTheParserMeets() {
        // the prescan knows no scripts: it takes the meta inside the string for the page's
        byte[] content = concat(("<html><head><script>document.write('<meta charset=koi8-r>');</script>"
                + "<meta charset=utf-8></head><body><p>" + FRENCH + "</p></body></html>")
                .getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF});
        assertEquals("KOI8-R", CharsetSniffer.sniff(content, "text/html").charset().name());
        ParsedPage page = parse(content, "text/html");
        assertEquals("UTF-8", page.charset());
        assertTrue(page.text().contains(FRENCH), page.text());
    }

    @Test
    void onlyTheFirstMetaWithAKnownEncodingCounts() {
        // an unknown label declares nothing; the next meta decides
        ParsedPage unknownFirst = parse(page("<meta charset=\"no-such-label\"><meta charset=\"windows-1251\">",
                RUSSIAN, WINDOWS_1251), "text/html");
        assertEquals("windows-1251", unknownFirst.charset());
        assertTrue(unknownFirst.text().contains(RUSSIAN), unknownFirst.text());

        // a meta naming the encoding in use makes it certain: a later one changes nothing
        ParsedPage sameFirst = parse(page("<meta charset=\"windows-1252\"><meta charset=\"windows-1251\">",
                RUSSIAN, WINDOWS_1251), "text/html");
        assertEquals("windows-1252", sameFirst.charset());
        assertEquals("default", sameFirst.charsetSource());
    }

    @Test
    void aMetaInTheBodyCountsAndUtf16MeansUtf8() {
        byte[] content = concat(("<html><head><title>x</title></head><body><p>" + FRENCH + "</p>"
                + "<!-- " + "a long comment ".repeat(100) + "--><meta charset=\"utf-16\"></body></html>")
                .getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF});
        ParsedPage page = parse(content, "text/html");
        assertEquals("UTF-8", page.charset());
        assertTrue(page.text().contains(FRENCH), page.text());
    }
}
