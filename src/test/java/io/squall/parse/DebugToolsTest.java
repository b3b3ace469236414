package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.urls.UrlCheckTool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DebugToolsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(boolean urlCheck, String stdin, String... args) {
        ByteArrayInputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        return urlCheck ? UrlCheckTool.run(args, in, o, e) : ParseTool.run(args, in, o, e);
    }

    @Test
    void urlCheckPrintsNormalizedUrlsAndRejections() {
        String input = "HTTP://Example.com:80/a/../b#x\n"
                + "http://example.com/dir/page.html\t../other.html\n"
                + "http://example.com/\tmailto:me@example.com\n"
                + "http://example.com/\thttp://elsewhere.org/\n"
                + "http://example.com/\tfile.pdf\n";
        assertEquals(0, run(true, input));
        assertEquals(String.join("\n",
                "http://example.com/b",
                "http://example.com/other.html",
                "REJECTED scheme: scheme 'mailto' is not crawled (http and https only)",
                "REJECTED scope: domain elsewhere.org is not the seed's domain example.com",
                "REJECTED extension: extension .pdf", ""), out.toString(StandardCharsets.UTF_8));
        assertEquals(2, run(true, "", "--bogus"));
    }

    @Test
    void parseToolPrintsWhatTheParserSaw() {
        String page = "<html><head><meta charset=iso-8859-1><title>T\u00e9st</title>"
                + "<link rel=canonical href='/canon'><meta name=robots content=noindex></head>"
                + "<body><a href='/next'>Next page</a><a href='http://other.org/'>off</a></body></html>";
        assertEquals(0, run(false, page, "http://www.example.com/start", "-"));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("charset:    windows-1252"), printed);
        assertTrue(printed.contains("canonical:  http://www.example.com/canon"), printed);
        assertTrue(printed.contains("robots:     noindex,follow"), printed);
        assertTrue(printed.contains("outlinks:   1\n  http://www.example.com/next\tNext page"), printed);
        assertEquals(2, run(false, "", "not a url"));
    }
}
