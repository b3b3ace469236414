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
                + "http://example.com/\tfile.zip\n";
        assertEquals(0, run(true, input));
        assertEquals(String.join("\n",
                "http://example.com/b",
                "http://example.com/other.html",
                "REJECTED scheme: scheme 'mailto' is not crawled (http and https only)",
                "REJECTED scope: domain elsewhere.org is not the seed's domain example.com",
                "REJECTED extension: extension .zip", ""), out.toString(StandardCharsets.UTF_8));
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

    @Test
    void parseToolShowsAFeedsEntriesWithTheirDatesAndTitles() {
        String feed = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>A post</title>"
                + "<link href=\"/posts/1\"/><published>2099-01-02T03:04:05Z</published></entry></feed>";
        assertEquals(0, run(false, feed, "--content-type", "application/atom+xml", "http://www.example.com/atom"));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("outcome:    FEED"), printed);
        assertTrue(printed.contains("outlinks:   1\n  http://www.example.com/posts/1\t2099-01-02T03:04:05Z | A post"),
                printed);
    }

    @Test
    void parseToolShowsDescriptionLanguageAndTheStartOfTheText() {
        String words = "word ".repeat(200);
        String page = "<html lang=fr><head><title>T</title><meta name=description content='About the page'></head>"
                + "<body><p>Bonjour,\n\n   le monde.</p><p>" + words + "</p></body></html>";
        assertEquals(0, run(false, page, "http://www.example.com/"));
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("description: About the page\n"), printed);
        assertTrue(printed.contains("language:   fr\n"), printed);
        String text = printed.lines().filter(l -> l.startsWith("text:")).findFirst().orElseThrow();
        assertTrue(text.matches("text: +1,0\\d\\d characters: Bonjour, le monde\\. word word .* word \u2026"), text);
        int shown = text.substring(text.indexOf(": Bonjour") + 2).length() - 2;
        assertTrue(shown <= ParseTool.TEXT_SHOWN && shown > ParseTool.TEXT_SHOWN - 5,
                "the whole words of the first " + ParseTool.TEXT_SHOWN + " characters, then an ellipsis: " + text);
    }

    @Test
    void parseToolRefusesToWaitOnATerminalAndToParseNothing() {
        ByteArrayInputStream in = new ByteArrayInputStream(new byte[0]);
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, ParseTool.run(new String[] {"http://example.com/"}, in, true, o, e));
        assertEquals("no page to parse: give the saved page as FILE (squall parse URL page.html), or pipe it"
                + " (curl -s URL | squall parse URL -)", err.toString(StandardCharsets.UTF_8).strip());
        err.reset();
        assertEquals(2, run(false, "", "http://example.com/"));
        assertEquals("nothing to parse: stdin is empty", err.toString(StandardCharsets.UTF_8).strip());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
