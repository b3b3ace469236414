package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.ErrorCauses;
import io.squall.core.MetadataKeys;
import io.squall.metrics.CounterTally;
import io.squall.testsupport.TestDocuments;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Documents through the parser and its Tika child JVM (a real one): generated PDF, DOCX and ODT give their
 * text, title and links; a document that hangs its parser, or takes all its memory, ends with its cause and
 * the next document is parsed by a new JVM; limits on size hold; what is no document starts no JVM.
 */
class DocumentParserTest {
    private static final String BASE = "http://www.example.com/docs/";
    private static final CounterTally COUNTED = new CounterTally();
    private static ParseProcessor parser;

    @BeforeAll
    static void start() {
        List<String> types = new ArrayList<>(CrawlerConfig.defaults().getStringList("parser.tika.types"));
        types.addAll(List.of(RunawayParsers.HANG, RunawayParsers.HOARD));
        parser = ParseProcessor.fromConfig(CrawlerConfig.defaults().with(Map.of("parser.tika.types", types,
                "parser.tika.timeout", 5000, "parser.tika.memory.mb", 64, "parser.tika.max.bytes", 100_000), "test"),
                COUNTED);
    }

    @AfterAll
    static void stop() {
        parser.close();
    }

    private static Metadata typed(String contentType) {
        return new Metadata().set("Content-Type", contentType);
    }

    private static List<String> urls(ParseProcessor.Outcome outcome) {
        return outcome.discovered().stream().map(Discovered::url).toList();
    }

    @Test
    void pdfDocxAndOdtGiveTheirTextTitleAndLinks() throws Exception {
        Metadata pdf = assertDocument(TestDocuments.pdf("A PDF", "Text of the PDF", BASE + "from-pdf.html"),
                TestDocuments.PDF, "A PDF", "Text of the PDF", "from-pdf.html");
        assertEquals(TestDocuments.AUTHOR, pdf.getFirst("parse.dc:creator"), "parser.tika.metadata kept");
        assertEquals("1", pdf.getFirst("parse.xmpTPg:NPages"));
        Metadata docx = assertDocument(TestDocuments.docx("A DOCX", "Text of the DOCX", BASE + "from-docx.html"),
                TestDocuments.DOCX, "A DOCX", "Text of the DOCX", "from-docx.html");
        assertEquals(TestDocuments.LANGUAGE, docx.getFirst(MetadataKeys.PARSE_LANGUAGE));
        Metadata odt = assertDocument(TestDocuments.odt("An ODT", "Text of the ODT", BASE + "from-odt.html"),
                TestDocuments.ODT, "An ODT", "Text of the ODT", "from-odt.html");
        assertEquals(TestDocuments.LANGUAGE, odt.getFirst(MetadataKeys.PARSE_LANGUAGE));
    }

    private static Metadata assertDocument(byte[] bytes, String type, String title, String text, String link) {
        // served as bytes of no particular type: the bytes tell what it is
        ParseProcessor.Outcome outcome = parser.process(BASE + "file", bytes, typed("application/octet-stream"));
        assertEquals(ParseProcessor.Kind.PAGE, outcome.kind(), outcome.metadata().toString());
        assertTrue(outcome.text().contains(text), outcome.text());
        assertEquals(title, outcome.metadata().getFirst(MetadataKeys.PARSE_TITLE));
        assertEquals(type, outcome.metadata().getFirst(MetadataKeys.PARSE_CONTENT_TYPE));
        assertEquals(List.of(BASE + link), urls(outcome));
        assertNull(outcome.metadata().getFirst(MetadataKeys.PARSE_CHARSET));
        return outcome.metadata();
    }

    @Test
    void plainTextIsADocumentAndItsLanguageAndMetadataAreKept() throws Exception {
        ParseProcessor.Outcome text = parser.process(BASE + "notes.txt",
                "Plain words, and a link: http://www.example.com/x".getBytes(StandardCharsets.UTF_8),
                typed("text/plain; charset=utf-8"));
        assertEquals(ParseProcessor.Kind.PAGE, text.kind());
        assertTrue(text.text().contains("Plain words"), text.text());
        assertEquals("text/plain", text.metadata().getFirst(MetadataKeys.PARSE_CONTENT_TYPE));
    }

    @Test
    void aDocumentThatHangsItsParserEndsWithATimeoutAndTheNextIsParsed() throws Exception {
        long starts = COUNTED.get("parser.tika.starts");
        ParseProcessor.Outcome hung = parser.process(BASE + "hang", "endless".getBytes(StandardCharsets.UTF_8),
                typed(RunawayParsers.HANG));
        assertEquals(ParseProcessor.Kind.ERROR, hung.kind());
        assertEquals(ErrorCauses.PARSE_TIMEOUT, hung.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertTrue(hung.metadata().getFirst(MetadataKeys.ERROR_MESSAGE).contains("parser.tika.timeout"));

        ParseProcessor.Outcome next = parser.process(BASE + "next.pdf",
                TestDocuments.pdf("Next", "After the hang", BASE + "after.html"), typed(TestDocuments.PDF));
        assertEquals(ParseProcessor.Kind.PAGE, next.kind(), next.metadata().toString());
        assertEquals(List.of(BASE + "after.html"), urls(next));
        assertTrue(COUNTED.get("parser.tika.starts") > starts, "a new JVM parsed the next document");
    }

    @Test
    void aDocumentThatTakesAllMemoryEndsWithItsCause() throws Exception {
        ParseProcessor.Outcome hoarded = parser.process(BASE + "hoard", "more".getBytes(StandardCharsets.UTF_8),
                typed(RunawayParsers.HOARD));
        assertEquals(ParseProcessor.Kind.ERROR, hoarded.kind());
        assertEquals(ErrorCauses.PARSE_MEMORY, hoarded.metadata().getFirst(MetadataKeys.ERROR_CAUSE),
                hoarded.metadata().toString());
        assertEquals(ParseProcessor.Kind.PAGE, parser.process(BASE + "a.txt", "after".getBytes(StandardCharsets.UTF_8),
                typed("text/plain")).kind());
    }

    @Test
    void aDamagedDocumentIsAParseError() {
        ParseProcessor.Outcome damaged = parser.process(BASE + "bad.pdf",
                "%PDF-1.7\nnothing of a PDF follows".getBytes(StandardCharsets.ISO_8859_1), typed(TestDocuments.PDF));
        assertEquals(ParseProcessor.Kind.ERROR, damaged.kind());
        assertEquals("parse", damaged.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertEquals(TestDocuments.PDF, damaged.metadata().getFirst(MetadataKeys.PARSE_CONTENT_TYPE));
    }

    @Test
    void aDocumentTooLargeOrCutIsNotParsed() throws Exception {
        byte[] pdf = TestDocuments.pdf("Big", "x", BASE + "x");
        byte[] big = Arrays.copyOf(pdf, 100_001);
        ParseProcessor.Outcome tooLarge = parser.process(BASE + "big.pdf", big, typed(TestDocuments.PDF));
        assertEquals(ErrorCauses.PARSE_TOO_LARGE, tooLarge.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertTrue(tooLarge.metadata().getFirst(MetadataKeys.ERROR_MESSAGE).contains("parser.tika.max.bytes"));

        Metadata cut = typed(TestDocuments.PDF).set(MetadataKeys.HTTP_TRIMMED, "true");
        ParseProcessor.Outcome cutPdf = parser.process(BASE + "cut.pdf", Arrays.copyOf(pdf, pdf.length / 2), cut);
        assertEquals(ErrorCauses.PARSE_TOO_LARGE, cutPdf.metadata().getFirst(MetadataKeys.ERROR_CAUSE));
        assertTrue(cutPdf.metadata().getFirst(MetadataKeys.ERROR_MESSAGE).contains("http.content.limit"));

        // the beginning of a text is worth reading
        Metadata cutText = typed("text/plain").set(MetadataKeys.HTTP_TRIMMED, "true");
        assertEquals(ParseProcessor.Kind.PAGE, parser.process(BASE + "cut.txt",
                "The beginning".getBytes(StandardCharsets.UTF_8), cutText).kind());
    }

    @Test
    void whatIsNoDocumentIsPassedOnWithoutStartingAJvm() throws Exception {
        CounterTally counted = new CounterTally();
        try (DocumentParser documents = DocumentParser.fromConfig(CrawlerConfig.defaults(), counted)) {
            assertNull(documents.documentType("text/css", "p { color: red }".getBytes(StandardCharsets.UTF_8)));
            assertNull(documents.documentType("application/pdf", new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n',
                    0x1a, '\n'}), "bytes of a PNG are no PDF, whatever the answer says");
            assertNull(documents.documentType(null, "<html><p>x".getBytes(StandardCharsets.UTF_8)));
            assertEquals("application/pdf", documents.documentType("text/plain",
                    TestDocuments.pdf("t", "x", BASE)));
            assertEquals(TestDocuments.ODT, documents.documentType(null, TestDocuments.odt("t", "x", BASE)));
            assertEquals(TestDocuments.DOCX, documents.documentType(TestDocuments.DOCX,
                    TestDocuments.docx("t", "x", BASE)));
        }
        assertEquals(0, counted.get("parser.tika.starts"));
        try (DocumentParser off = DocumentParser.fromConfig(CrawlerConfig.defaults().with(
                Map.of("parser.tika.enabled", false), "test"), counted)) {
            assertNull(off.documentType("application/pdf", TestDocuments.pdf("t", "x", BASE)));
        }
    }

    @Test
    void theFileNameIsTheLastPathSegment() {
        assertEquals("a.pdf", DocumentParser.fileName("http://e.com/x/a.pdf?v=1#p2"));
        assertEquals("", DocumentParser.fileName("http://e.com/"));
    }
}
