package io.squall.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The console's page as one file that needs no server: its style and script inline, and the crawl's last
 * snapshot (figures, charts, hosts, errors, log, report) embedded as data, which the script draws instead of
 * asking the console. A crawl writes it under its data directory when it ends.
 */
public final class ReportPage {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String STYLE_LINK = "<link rel=\"stylesheet\" href=\"console.css\">";
    static final String SCRIPT_TAG = "<script src=\"console.js\"></script>";

    private ReportPage() {
    }

    /** The page for this snapshot of the crawl. */
    public static String render(Map<String, Object> snapshot) {
        String page = text("index.html");
        if (!page.contains(STYLE_LINK) || !page.contains(SCRIPT_TAG)) {
            throw new IllegalStateException("the console page no longer links console.css and console.js as expected");
        }
        String data;
        try {
            // "<" only occurs inside JSON strings, where \\u003c means the same and cannot end the script element.
            data = JSON.writeValueAsString(snapshot).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the crawl's snapshot cannot be written as JSON", e);
        }
        return page.replace(STYLE_LINK, "<style>\n" + text("console.css") + "</style>")
                .replace(SCRIPT_TAG, "<script type=\"application/json\" id=\"report\">" + data + "</script>\n"
                        + "<script>\n" + text("console.js") + "</script>");
    }

    /** Writes the page to {@code file}, whole or not at all (through a temporary file). */
    public static void write(Path file, Map<String, Object> snapshot) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, render(snapshot), StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String text(String resource) {
        return new String(ConsoleServer.asset(resource), StandardCharsets.UTF_8);
    }
}
