package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

class ExportFormatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void csvRowsReadBackByAnIndependentParserGiveEveryCellAsStored() throws Exception {
        CsvRows rows = new CsvRows(List.of("url", "metadata.fetch.statusCode", "metadata.url.path", "title", "text"));
        // Dotted keys (as the status index stores metadata) and nested objects both reach their column.
        JsonNode dotted = JSON.readTree("""
                {"url": "http://example.com/a,b", "metadata": {"fetch.statusCode": ["200"],
                 "url.path": ["http://example.com/", "http://example.com/x"]}, "title": "Say \\"hi\\", twice",
                 "text": "line one\\r\\nline two\\nthree"}""");
        JsonNode nested = JSON.readTree("{\"url\": \"http://example.com/\", \"metadata\": {\"fetch\": {\"statusCode\": 404}}}");
        String csv = rows.header() + rows.row(dotted) + rows.row(nested);

        List<CSVRecord> records = CSVFormat.RFC4180.parse(new StringReader(csv)).getRecords();
        assertEquals(3, records.size(), csv);
        assertEquals(List.of("url", "metadata.fetch.statusCode", "metadata.url.path", "title", "text"),
                records.get(0).toList());
        assertEquals(List.of("http://example.com/a,b", "200", "[\"http://example.com/\",\"http://example.com/x\"]",
                "Say \"hi\", twice", "line one\r\nline two\nthree"), records.get(1).toList());
        assertEquals(List.of("http://example.com/", "404", "", "", ""), records.get(2).toList());
        assertTrue(csv.endsWith("\r\n"), "RFC 4180 line ends");
    }

    @Test
    void generatedCellsSurviveTheRoundTrip() throws Exception {
        Random random = new Random(17);
        String alphabet = "ab,\"\r\n ;'\t\u00e9\u4e2d";
        List<String> columns = List.of("url", "x", "y");
        CsvRows rows = new CsvRows(columns);
        StringBuilder csv = new StringBuilder(rows.header());
        List<List<String>> expected = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<String> cells = new ArrayList<>();
            var doc = JSON.createObjectNode();
            for (String column : columns) {
                StringBuilder cell = new StringBuilder();
                for (int n = random.nextInt(8); n > 0; n--) {
                    cell.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                cells.add(cell.toString());
                doc.put(column, cell.toString());
            }
            expected.add(cells);
            csv.append(rows.row(doc));
        }
        List<CSVRecord> records = CSVFormat.RFC4180.parse(new StringReader(csv.toString())).getRecords();
        assertEquals(expected.size() + 1, records.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), records.get(i + 1).toList(), "row " + i);
        }
    }

    @Test
    void columnsPutTheUrlFirstAndTheOthersInOrder() {
        assertEquals(List.of("url", "key", "metadata.depth", "status"),
                IndexColumns.ordered(List.of("status", "metadata.depth", "url", "key", "status")));
    }

    @Test
    void progressSaysNothingForAQuickExportThenDocsDoneOfTotalAndTheRate() {
        AtomicLong now = new AtomicLong(0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ExportProgress progress = new ExportProgress(new ProgressPrinter(err, false), "status", now::get);
        now.set(500_000_000L);
        progress.update(2_000, 10_000);
        assertEquals("", bytes.toString(StandardCharsets.UTF_8), "under a second: no progress line");
        now.set(2_000_000_000L);
        progress.update(4_000, 10_000);
        now.set(2_500_000_000L);
        progress.update(6_000, 10_000);
        now.set(4_000_000_000L);
        progress.finish(10_000, "status.jsonl");
        assertEquals(List.of("Exporting 'status': 4,000 of 10,000 documents (40%), 2,000 docs/s",
                "Exported 10,000 documents of index 'status' to status.jsonl in 4.0 s (2,500 docs/s)."),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
