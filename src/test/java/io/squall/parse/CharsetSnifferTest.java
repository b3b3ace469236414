package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CharsetSnifferTest {
    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void bomWinsOverHeaderAndMeta() {
        String html = "<html><head><meta charset=\"utf-8\"></head><body>caf\u00e9 \u4f8b</body></html>";
        byte[] bytes = concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, html.getBytes(StandardCharsets.UTF_16LE));
        CharsetSniffer.Result r = CharsetSniffer.sniff(bytes, "text/html; charset=latin1");
        assertEquals(StandardCharsets.UTF_16LE, r.charset());
        assertEquals("bom", r.source());
        assertEquals(html, r.decode(bytes));
    }

    @Test
    void undeclaredC1BytesAreWindows1252() {
        byte[] bytes = concat("<p>".getBytes(StandardCharsets.US_ASCII),
                new byte[] {(byte) 0x80, ' ', (byte) 0x93, 'q', (byte) 0x94, ' ', (byte) 0x99, ' ', (byte) 0x9F},
                "</p>".getBytes(StandardCharsets.US_ASCII));
        CharsetSniffer.Result r = CharsetSniffer.sniff(bytes, null);
        assertEquals("windows-1252", r.charset().name());
        assertEquals("default", r.source());
        assertEquals("<p>\u20ac \u201cq\u201d \u2122 \u0178</p>", r.decode(bytes));
    }

    @Test
    void headerLabelsAreReadAsBrowsersReadThem() {
        byte[] bytes = {'a', (byte) 0x80};
        assertEquals("windows-1252", CharsetSniffer.sniff(bytes, "text/html; charset=ISO-8859-1").charset().name());
        assertEquals("windows-1252", CharsetSniffer.sniff(bytes, "text/html;charset=\"latin1\"").charset().name());
        assertEquals("windows-1254", CharsetSniffer.sniff(bytes, "text/html; charset=iso-8859-9").charset().name());
        assertEquals("http", CharsetSniffer.sniff(bytes, "text/html; charset=utf-8").source());
        // an unknown label is ignored: the next source decides
        assertEquals("default", CharsetSniffer.sniff(bytes, "text/html; charset=no-such-thing").source());
    }

    @Test
    void metaPrescanFindsCharsetAndHttpEquivButNotInComments() {
        byte[] meta = "<!-- <meta charset=koi8-r> --><html><head><title a='>'>x</title><meta charset='shift_jis'>"
                .getBytes(StandardCharsets.US_ASCII);
        CharsetSniffer.Result r = CharsetSniffer.sniff(meta, "text/html");
        assertEquals("windows-31j", r.charset().name());
        assertEquals("meta", r.source());

        byte[] httpEquiv = "<meta content=\"text/html; charset=ISO-8859-2\" http-equiv=\"Content-Type\">"
                .getBytes(StandardCharsets.US_ASCII);
        assertEquals(Charset.forName("ISO-8859-2"), CharsetSniffer.sniff(httpEquiv, null).charset());
        // content without http-equiv declares nothing
        byte[] noPragma = "<meta content=\"text/html; charset=ISO-8859-2\">".getBytes(StandardCharsets.US_ASCII);
        assertEquals("default", CharsetSniffer.sniff(noPragma, null).source());
    }

    @Test
    void metaUtf16MeansUtf8() {
        byte[] bytes = concat("<meta charset=\"utf-16\"><p>".getBytes(StandardCharsets.US_ASCII),
                "\u00e9t\u00e9".getBytes(StandardCharsets.UTF_8));
        CharsetSniffer.Result r = CharsetSniffer.sniff(bytes, null);
        assertEquals(StandardCharsets.UTF_8, r.charset());
        assertTrue(r.decode(bytes).endsWith("\u00e9t\u00e9"));
    }

    @Test
    void metaBeyondTheFirst1024BytesIsNotSeen() {
        byte[] bytes = ("<!-- " + "x".repeat(1100) + " --><meta charset=utf-8>").getBytes(StandardCharsets.US_ASCII);
        assertEquals("default", CharsetSniffer.sniff(bytes, null).source());
    }

    @Test
    void undeclaredValidUtf8IsDetectedAndInvalidBytesNeverThrow() {
        byte[] utf8 = "<p>na\u00efve \u2014 \u65e5\u672c</p>".getBytes(StandardCharsets.UTF_8);
        CharsetSniffer.Result r = CharsetSniffer.sniff(utf8, null);
        assertEquals("detected", r.source());
        assertEquals("<p>na\u00efve \u2014 \u65e5\u672c</p>", r.decode(utf8));

        byte[] broken = {'<', 'p', '>', (byte) 0xC3, '(', (byte) 0xFF, (byte) 0xE2, (byte) 0x82};
        String decoded = CharsetSniffer.sniff(broken, "text/html; charset=utf-8").decode(broken);
        assertTrue(decoded.startsWith("<p>\ufffd("), decoded);
    }
}
