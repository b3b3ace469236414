package io.squall.parse;

import java.nio.charset.Charset;
import org.jsoup.nodes.Element;

/**
 * The encoding a {@code <meta>} declares, read as the HTML standard reads it: from its charset attribute,
 * else from the content attribute of an {@code http-equiv="content-type"} meta ("the algorithm for
 * extracting a character encoding from a meta element"). Shared by the byte prescan and the
 * "change the encoding" step that looks at the parsed page.
 */
final class MetaCharset {
    private MetaCharset() {
    }

    /**
     * The encoding a parsed meta element declares, or null (none, or an unknown label). Any meta counts,
     * in the body too, and inside SVG or MathML: the parser breaks out of those for a meta tag.
     */
    static Charset declaredBy(Element meta) {
        Charset charset = meta.hasAttr("charset") ? EncodingLabels.forMetaLabel(meta.attr("charset")) : null;
        // The standard's "ASCII case-insensitive match", as the prescan does: "Content-Type " with a
        // trailing space is another value, and its charset= does not count.
        if (charset == null && meta.attr("http-equiv").equalsIgnoreCase("content-type")
                && meta.hasAttr("content")) {
            charset = EncodingLabels.forMetaLabel(fromContent(meta.attr("content")));
        }
        return charset;
    }

    /**
     * The label after {@code charset=} in a meta content value, or null. Unlike a Content-Type header, the
     * value ends at whitespace or ';', and an opening quote without its closing quote gives nothing.
     */
    static String fromContent(String content) {
        int from = 0;
        while (true) {
            int at = indexOfCharset(content, from);
            if (at < 0) {
                return null;
            }
            int i = skipWhitespace(content, at + 7);
            if (i < content.length() && content.charAt(i) == '=') {
                i = skipWhitespace(content, i + 1);
                if (i >= content.length()) {
                    return null;
                }
                char c = content.charAt(i);
                if (c == '"' || c == '\'') {
                    int close = content.indexOf(c, i + 1);
                    return close < 0 ? null : content.substring(i + 1, close);
                }
                int end = i;
                while (end < content.length() && !isWhitespace(content.charAt(end)) && content.charAt(end) != ';') {
                    end++;
                }
                return end == i ? null : content.substring(i, end);
            }
            // "charset" not followed by '=' (as in "charsetx"): look for the next one after it
            from = at + 7;
        }
    }

    /** Where "charset" starts at or after {@code from}, in any ASCII case (and only ASCII: no Kelvin sign). */
    private static int indexOfCharset(String s, int from) {
        for (int at = from; at + 7 <= s.length(); at++) {
            int k = 0;
            while (k < 7 && (s.charAt(at + k) | 0x20) == "charset".charAt(k)) {
                k++;
            }
            if (k == 7) {
                return at;
            }
        }
        return -1;
    }

    private static int skipWhitespace(String s, int i) {
        while (i < s.length() && isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** ASCII whitespace as the HTML standard counts it: tab, LF, FF, CR, space. */
    private static boolean isWhitespace(char c) {
        return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
    }
}
