package io.squall.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFHyperlinkRun;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;

/**
 * Documents the tests generate (with PDFBox and POI, which Tika brings, and a zip written here): each with a
 * title, a line of text and one link (a PDF its author, a DOCX or ODT its language), so that a test can see the text and the link come out of the parser.
 */
public final class TestDocuments {
    public static final String PDF = "application/pdf";
    public static final String DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    public static final String ODT = "application/vnd.oasis.opendocument.text";
    /** The author of the PDFs. */
    public static final String AUTHOR = "A. Writer";
    /** The language the DOCX and ODT documents declare. */
    public static final String LANGUAGE = "en-GB";

    private TestDocuments() {
    }

    /** A one-page PDF showing {@code text}, with a link annotation to {@code link}. */
    public static byte[] pdf(String title, String text, String link) throws IOException {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            doc.getDocumentInformation().setTitle(title);
            doc.getDocumentInformation().setAuthor(AUTHOR);
            PDPage page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(doc, page)) {
                content.beginText();
                content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                content.newLineAtOffset(72, 700);
                content.showText(text);
                content.endText();
            }
            PDAnnotationLink annotation = new PDAnnotationLink();
            annotation.setRectangle(new PDRectangle(72, 690, 200, 20));
            PDActionURI action = new PDActionURI();
            action.setURI(link);
            annotation.setAction(action);
            page.getAnnotations().add(annotation);
            doc.save(out);
            return out.toByteArray();
        }
    }

    /** A Word document (DOCX) of one paragraph, {@code text}, then a hyperlink to {@code link}. */
    public static byte[] docx(String title, String text, String link) throws IOException {
        try (XWPFDocument doc = new XWPFDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            doc.getProperties().getCoreProperties().setTitle(title);
            doc.getProperties().getCoreProperties().getUnderlyingProperties().setLanguageProperty(LANGUAGE);
            XWPFParagraph paragraph = doc.createParagraph();
            paragraph.createRun().setText(text + " ");
            XWPFHyperlinkRun hyperlink = paragraph.createHyperlinkRun(link);
            hyperlink.setText("the link");
            doc.write(out);
            return out.toByteArray();
        }
    }

    /** An OpenDocument text (ODT) of one paragraph, {@code text}, then a link to {@code link}. */
    public static byte[] odt(String title, String text, String link) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            // the type comes first and uncompressed: it is how a reader knows the zip for an ODT
            byte[] type = ODT.getBytes(StandardCharsets.US_ASCII);
            ZipEntry mimetype = new ZipEntry("mimetype");
            mimetype.setMethod(ZipEntry.STORED);
            mimetype.setSize(type.length);
            CRC32 crc = new CRC32();
            crc.update(type);
            mimetype.setCrc(crc.getValue());
            zip.putNextEntry(mimetype);
            zip.write(type);
            entry(zip, "META-INF/manifest.xml", """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" \
                    manifest:version="1.2">
                     <manifest:file-entry manifest:full-path="/" manifest:media-type="%s"/>
                     <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
                     <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
                    </manifest:manifest>
                    """.formatted(ODT));
            entry(zip, "meta.xml", """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
                    xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2">
                     <office:meta><dc:title>%s</dc:title><dc:language>%s</dc:language></office:meta>
                    </office:document-meta>
                    """.formatted(title, LANGUAGE));
            entry(zip, "content.xml", """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
                    xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
                    xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.2">
                     <office:body><office:text>
                      <text:p>%s <text:a xlink:type="simple" xlink:href="%s">the link</text:a></text:p>
                     </office:text></office:body>
                    </office:document-content>
                    """.formatted(text, link));
        }
        return bytes.toByteArray();
    }

    private static void entry(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
    }
}
