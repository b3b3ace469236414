package io.squall.parse;

import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Finds the character encoding of an HTML page in the order browsers use (WHATWG "encoding sniffing"):
 * a byte order mark, then the charset of the HTTP Content-Type, then a {@code <meta>} declaration in the
 * first 1,024 bytes; without any of them, UTF-8 when the bytes are valid UTF-8 with at least one non-ASCII
 * character (as Chrome detects it), else windows-1252. All but the first two are guesses that a
 * {@code <meta>} the parser meets later may overrule ({@link Result#tentative}).
 */
public final class CharsetSniffer {
    static final int PRESCAN_BYTES = 1024;
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    /**
     * @param source where the charset came from: bom, http, meta, detected or default; meta-reparse when
     *        the parser found a declaration the prescan had not seen (see {@link #changedTo})
     * @param bomLength bytes of byte order mark to skip before decoding
     */
    public record Result(Charset charset, String source, int bomLength) {
        /**
         * Whether a {@code <meta>} met by the parser may still change the encoding: the standard's confidence
         * "tentative", which all but a byte order mark and the HTTP header leave it.
         */
        public boolean tentative() {
            return !source.equals("bom") && !source.equals("http");
        }

        /** The result after the standard's "change the encoding" to a charset a parsed meta declared. */
        public Result changedTo(Charset declared) {
            return new Result(declared, "meta-reparse", 0);
        }

        /** Decodes the content; bytes that are invalid in the charset become U+FFFD, never an exception. */
        public String decode(byte[] content) {
            return new String(content, bomLength, content.length - bomLength, charset);
        }

        /**
         * The same characters as {@link #decode} (same decoder, same replacement of bad bytes), decoded as
         * they are read: the HTML parser then skips building, and copying from, a string of the whole page.
         */
        public Reader reader(byte[] content) {
            return new InputStreamReader(new ByteArrayInputStream(content, bomLength, content.length - bomLength),
                    charset);
        }
    }

    private CharsetSniffer() {
    }

    public static Result sniff(byte[] content, String contentType) {
        Result bom = bom(content);
        if (bom != null) {
            return bom;
        }
        Charset http = EncodingLabels.forLabel(charsetParameter(contentType));
        if (http != null) {
            return new Result(http, "http", 0);
        }
        Charset meta = MetaPrescan.charset(content, Math.min(content.length, PRESCAN_BYTES));
        if (meta != null) {
            return new Result(meta, "meta", 0);
        }
        if (Utf8Check.isUtf8WithNonAscii(content)) {
            return new Result(StandardCharsets.UTF_8, "detected", 0);
        }
        return new Result(WINDOWS_1252, "default", 0);
    }

    private static Result bom(byte[] b) {
        if (b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            return new Result(StandardCharsets.UTF_8, "bom", 3);
        }
        if (b.length >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
            return new Result(StandardCharsets.UTF_16BE, "bom", 2);
        }
        if (b.length >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
            return new Result(StandardCharsets.UTF_16LE, "bom", 2);
        }
        return null;
    }

    /** The charset parameter of a Content-Type value ({@code text/html; charset="utf-8"}), or null. */
    static String charsetParameter(String contentType) {
        if (contentType == null) {
            return null;
        }
        String lower = contentType.toLowerCase(Locale.ROOT);
        int i = lower.indexOf("charset");
        while (i >= 0) {
            int j = i + 7;
            while (j < lower.length() && lower.charAt(j) == ' ') {
                j++;
            }
            if (j < lower.length() && lower.charAt(j) == '=') {
                String value = contentType.substring(j + 1).trim();
                int end = value.indexOf(';');
                value = (end < 0 ? value : value.substring(0, end)).trim();
                return value.replace("\"", "").replace("'", "").trim();
            }
            i = lower.indexOf("charset", j);
        }
        return null;
    }
}
