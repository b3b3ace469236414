package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.ErrorCauses;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.parse.RunawayParsers;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestDocuments;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * A crawl (the squall command, local mode) of a site that links to documents the test generates: a PDF with
 * a link annotation, a DOCX with a hyperlink, an ODT with a link, a plain text, and a document that hangs
 * its parser. The documents' text reaches the content index and their links the status index (and are
 * fetched); the hanging document ends in ERROR with cause parse.timeout while every other page is fetched;
 * an image stays out (the extension filter); the WARC file keeps the PDF's bytes as served.
 */
@ExtendWith(OpenSearchExtension.class)
class DocumentsIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    @Test
    void documentsAreParsedIndexedAndFollowedAndAHangingOneEndsWithItsCause(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site a = web.site(0);
            a.on("/", Response.html("""
                    <!DOCTYPE html><html><head><title>Documents</title></head><body>
                    <a href="/docs/report.pdf">Report</a> <a href="/docs/letter.docx">Letter</a>
                    <a href="/docs/notes.odt">Notes</a> <a href="/docs/readme.txt">Read me</a>
                    <a href="/docs/stuck">Stuck</a> <a href="/docs/photo.jpg">Photo</a> <a href="/about">About</a>
                    </body></html>
                    """));
            byte[] pdf = TestDocuments.pdf("The report", "Quarterly figures in a PDF", a.url("/from-pdf"));
            a.on("/docs/report.pdf", Response.status(200).contentType(TestDocuments.PDF).body(pdf));
            // served as bytes of no particular type: the bytes say what it is
            a.on("/docs/letter.docx", Response.status(200).contentType("application/octet-stream").body(
                    TestDocuments.docx("The letter", "Dear reader of a DOCX", a.url("/from-docx"))));
            a.on("/docs/notes.odt", Response.status(200).contentType(TestDocuments.ODT).body(
                    TestDocuments.odt("The notes", "Notes kept in an ODT", "/from-odt")));
            a.on("/docs/readme.txt", Response.text("Plain text to read"));
            a.on("/docs/stuck", Response.status(200).contentType(RunawayParsers.HANG).body("forever"));
            for (String path : List.of("/about", "/from-pdf", "/from-docx", "/from-odt", "/docs/photo.jpg")) {
                a.page(path);
            }

            Path conf = ScopedCrawlConf.write(dir, os, List.of(a.host()), "parser.tika.timeout: 5000",
                    "parser.tika.types: [\"application/pdf\", \"application/vnd.openxmlformats-officedocument.*\","
                            + " \"application/x-tika-ooxml\", \"application/vnd.oasis.opendocument.*\", \"text/plain\","
                            + " \"" + RunawayParsers.HANG + "\"]");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf", conf.toString(), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0");
            assertEquals(0, run.exitCode(), run.stderr());

            Map<String, String> statuses = os.statusByUrl();
            Map<String, String> expected = new TreeMap<>();
            for (String path : List.of("/", "/about", "/docs/report.pdf", "/docs/letter.docx", "/docs/notes.odt",
                    "/docs/readme.txt", "/from-pdf", "/from-docx", "/from-odt")) {
                expected.put(a.url(path), "FETCHED");
            }
            expected.put(a.url("/docs/stuck"), "ERROR");
            assertEquals(expected, statuses, "the documents' links fetched, the image never discovered");
            Metadata stuck = TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(a.url("/docs/stuck"))));
            assertEquals(ErrorCauses.PARSE_TIMEOUT, stuck.getFirst(MetadataKeys.ERROR_CAUSE), stuck.toString());
            assertEquals(0, web.log().count(a.host(), "/docs/photo.jpg"));

            Map<String, Map<String, Object>> content = os.documents(SquallIndex.CONTENT).stream()
                    .collect(Collectors.toMap(d -> (String) d.get("url"), d -> d));
            assertIndexed(content.get(a.url("/docs/report.pdf")), "The report", "Quarterly figures in a PDF",
                    TestDocuments.PDF);
            assertIndexed(content.get(a.url("/docs/letter.docx")), "The letter", "Dear reader of a DOCX",
                    TestDocuments.DOCX);
            assertIndexed(content.get(a.url("/docs/notes.odt")), "The notes", "Notes kept in an ODT",
                    TestDocuments.ODT);
            assertTrue(((String) content.get(a.url("/docs/readme.txt")).get("text")).contains("Plain text to read"));

            assertArrayEquals(pdf, warcPayload(dir.resolve("data").resolve("warc"), a.url("/docs/report.pdf")),
                    "the WARC record holds the PDF as served");
        }
    }

    private static void assertIndexed(Map<String, Object> doc, String title, String text, String type) {
        assertTrue(doc != null, title + " is in the content index");
        assertEquals(title, doc.get("title"));
        assertTrue(((String) doc.get("text")).contains(text), String.valueOf(doc.get("text")));
        assertEquals(type, doc.get("contentType"));
    }

    private static byte[] warcPayload(Path warcDir, String url) throws IOException {
        Map<String, byte[]> payloads = new HashMap<>();
        try (Stream<Path> files = Files.list(warcDir)) {
            for (Path file : files.toList()) {
                try (WarcReader reader = new WarcReader(file)) {
                    for (WarcRecord record : reader) {
                        if (record instanceof WarcResponse response) {
                            payloads.put(response.target(), response.http().body().stream().readAllBytes());
                        }
                    }
                }
            }
        }
        assertTrue(payloads.containsKey(url), "a response record of " + url + " in " + payloads.keySet());
        return payloads.get(url);
    }
}
