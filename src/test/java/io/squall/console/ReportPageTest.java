package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportPageTest {

    @Test
    void thePageCarriesItsStyleScriptAndDataAndNoTextCanCloseTheDataElement(@TempDir Path dir) throws Exception {
        String hostile = "http://evil.example/</script><script>alert(1)</script>";
        Map<String, Object> snapshot = Map.of("state", "finished", "recentErrors",
                java.util.List.of(Map.of("url", hostile)));
        Path file = dir.resolve("report.html");
        ReportPage.write(file, snapshot);
        String page = Files.readString(file);
        assertFalse(page.contains("href=\"console.css\""), "the style is inline");
        assertFalse(page.contains("src=\"console.js\""), "the script is inline");
        assertTrue(page.contains("'use strict';"));
        assertFalse(page.contains("</script><script>alert(1)"), "a URL cannot end the data element");
        int start = page.indexOf("<script type=\"application/json\" id=\"report\">");
        String json = page.substring(page.indexOf('>', start) + 1, page.indexOf("</script>", start));
        JsonNode data = new ObjectMapper().readTree(json);
        assertEquals(hostile, data.get("recentErrors").get(0).get("url").asText(), "the data reads back whole");
        assertEquals(java.util.List.of("report.html"), Files.list(dir).map(p -> p.getFileName().toString()).toList(),
                "no temporary file left");
    }
}
