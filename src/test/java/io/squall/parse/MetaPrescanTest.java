package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The rules of the HTML standard's "prescan a byte stream to determine its encoding", one by one. */
class MetaPrescanTest {
    private static final String KOI8_R = "KOI8-R";

    /** The prescan's answer for the whole of {@code html} (as ASCII bytes), as a charset name or null. */
    private static String prescan(String html) {
        byte[] bytes = html.getBytes(StandardCharsets.ISO_8859_1);
        Charset c = MetaPrescan.charset(bytes, bytes.length);
        return c == null ? null : c.name();
    }

    @Test
    void commentsHideWhatTheyHoldAndEndAtTheirFirstCloser() {
        assertNull(prescan("<!-- <meta charset=koi8-r> -->"));
        // "<!-->" is a whole comment: the dashes of its opener count towards its closer
        assertEquals(KOI8_R, prescan("<!--><meta charset=koi8-r>"));
        assertEquals(KOI8_R, prescan("<!-- a -- b --><meta charset=koi8-r>"));
        // a comment never closed swallows the rest
        assertNull(prescan("<!-- <p> --<meta charset=koi8-r>"));
    }

    @Test
    void metaAttributesAreReadWithTheirQuotes() {
        assertEquals(KOI8_R, prescan("<meta charset=\"koi8-r\">"));
        assertEquals(KOI8_R, prescan("<meta charset='koi8-r'>"));
        assertEquals(KOI8_R, prescan("<META CHARSET = KOI8-R>"));
        assertEquals(KOI8_R, prescan("<meta/charset=koi8-r >"));
        // an unquoted value ends at a space or '>' only: "koi8-r/" is no label
        assertNull(prescan("<meta charset=koi8-r/>"));
        assertEquals(KOI8_R, prescan("<meta name='x>y' charset=koi8-r>"));
        // the first of a repeated attribute counts
        assertEquals(KOI8_R, prescan("<meta charset=koi8-r charset=utf-8>"));
        // not a meta tag: "<meta" must be followed by a space or a slash
        assertNull(prescan("<metacharset=koi8-r>"));
        // an attribute name cannot start with '=': this one is "=charset"
        assertNull(prescan("<meta =charset=koi8-r>"));
    }

    @Test
    void httpEquivContentNeedsThePragmaAndReadsTheValueAsTheStandardDoes() {
        assertEquals(KOI8_R, prescan("<meta http-equiv=Content-Type content='text/html; charset=koi8-r'>"));
        assertEquals(KOI8_R, prescan("<meta content='text/html;charset = \"koi8-r\"' http-equiv=content-type>"));
        assertNull(prescan("<meta content='text/html; charset=koi8-r'>"));
        assertNull(prescan("<meta http-equiv=refresh content='text/html; charset=koi8-r'>"));
        // an exact (case-insensitive) match: with a space around it, the value is not Content-Type
        assertNull(prescan("<meta http-equiv='Content-Type ' content='text/html; charset=koi8-r'>"));
        assertNull(prescan("<meta http-equiv=' content-type' content='text/html; charset=koi8-r'>"));
        // the label ends at whitespace or ';', not at the end of the value
        assertEquals(KOI8_R, prescan("<meta http-equiv=content-type content='charset=koi8-r is old'>"));
        // an opening quote without its closing quote gives nothing
        assertNull(prescan("<meta http-equiv=content-type content=\"text/html; charset='koi8-r\">"));
        // "charset" not followed by '=' is passed over for the next one
        assertEquals(KOI8_R, prescan("<meta http-equiv=content-type content='charsets; charset=koi8-r'>"));
    }

    @Test
    void aCharsetAttributeDecidesTheMetaEvenWithAnUnknownLabel() {
        // the charset attribute's "failure" is not "no charset yet": the content attribute no longer counts
        assertNull(prescan("<meta charset=no-such-label http-equiv=content-type content='text/html; charset=koi8-r'>"));
        assertNull(prescan("<meta http-equiv=content-type content='charset=koi8-r' charset=no-such-label>"));
        // a known charset attribute wins over a content attribute, before or after it
        assertEquals("UTF-8", prescan("<meta http-equiv=content-type content='charset=koi8-r' charset=utf-8>"));
        // a content attribute with an unknown label sets nothing
        assertEquals(KOI8_R, prescan("<meta http-equiv=content-type content='charset=bogus' charset=koi8-r>"));
        // with nothing usable, the scan goes on to the next meta
        assertEquals(KOI8_R, prescan("<meta charset=no-such-label><meta charset=koi8-r>"));
    }

    @Test
    void utf16AndUserDefinedAreReadAsTheStandardReadsThem() {
        assertEquals("UTF-8", prescan("<meta charset=utf-16le>"));
        assertEquals("windows-1252", prescan("<meta charset=x-user-defined>"));
    }

    @Test
    void anUnbalancedQuoteEndsTheSearch() {
        // the quote in the meta is never closed: its value runs to the end, and the prescan gives nothing
        assertNull(prescan("<meta charset=\"koi8-r>"));
        assertNull(prescan("<meta charset='koi8-r><p>text</p>"));
        // even when the charset before the open quote was complete: the meta never reaches its '>'
        assertNull(prescan("<meta charset=koi8-r title=\"it's <b>bold</b>>"));
        // in another tag, the open quote swallows the meta after it
        assertNull(prescan("<a title=\"it's <b>bold<meta charset=koi8-r>"));
    }

    @Test
    void aTagCutByTheEndOfTheBytesGivesNothing() {
        assertNull(prescan("<meta charset=koi8-r"));
        assertNull(prescan("<meta charset=koi8-r "));
        assertNull(prescan("<meta http-equiv=content-type content='charset=koi8-r'"));
        // a cut tag before it does not hide a meta that was complete
        assertEquals(KOI8_R, prescan("<meta charset=koi8-r><p class=x"));
    }

    @Test
    void endTagsAreSkippedWithTheirAttributes() {
        assertNull(prescan("</p title='<meta charset=koi8-r>'>"));
        assertEquals(KOI8_R, prescan("</p title='>'><meta charset=koi8-r>"));
        assertEquals(KOI8_R, prescan("</div\n><meta charset=koi8-r>"));
    }

    @Test
    void bangQuestionAndOddEndTagsSkipToTheFirstGreaterThan() {
        assertEquals(KOI8_R, prescan("<!DOCTYPE html><meta charset=koi8-r>"));
        // skipped to the first '>', which is the meta's own: the meta is never seen
        assertNull(prescan("<!x <meta charset=koi8-r>"));
        assertNull(prescan("<?php echo '<meta charset=koi8-r>'; ?>"));
        assertEquals(KOI8_R, prescan("<?xml version='1.0'?><meta charset=koi8-r>"));
        // "</" not followed by a letter is not an end tag
        assertNull(prescan("</ <meta charset=koi8-r>"));
        assertEquals(KOI8_R, prescan("</3><meta charset=koi8-r>"));
    }

    @Test
    void aMetaCutAtTheFirst1024BytesIsNotTaken() {
        String opening = "<html><head><!--";
        String cut = "<meta charset=\"utf-8";
        String page = opening + "c".repeat(1024 - opening.length() - "-->".length() - cut.length()) + "-->"
                + cut + "\"><p>caf\u00e9</p>";
        byte[] bytes = page.getBytes(StandardCharsets.ISO_8859_1);
        assertEquals('8', bytes[1023]);
        assertEquals("default", CharsetSniffer.sniff(bytes, null).source());
    }
}
