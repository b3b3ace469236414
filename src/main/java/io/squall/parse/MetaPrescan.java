package io.squall.parse;

import java.nio.charset.Charset;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The WHATWG "prescan a byte stream to determine its encoding": looks for {@code <meta charset>} or
 * {@code <meta http-equiv="content-type" content="...charset=...">} in the first bytes, skipping
 * comments and the attributes of other tags, as a browser does before it parses anything.
 */
final class MetaPrescan {
    private final byte[] b;
    private final int end;
    private int pos;

    private MetaPrescan(byte[] b, int end) {
        this.b = b;
        this.end = end;
    }

    static Charset charset(byte[] content, int length) {
        return new MetaPrescan(content, length).scan();
    }

    private Charset scan() {
        while (pos < end) {
            if (startsWith("<!--")) {
                int close = indexOf("-->", pos + 2);
                if (close < 0) {
                    return null;
                }
                pos = close + 3;
            } else if (startsWithIgnoreCase("<meta") && pos + 5 < end && (isSpace(b[pos + 5]) || b[pos + 5] == '/')) {
                pos += 6;
                Charset c = meta();
                if (c != null) {
                    return c;
                }
            } else if (b[pos] == '<' && pos + 1 < end && (isLetter(b[pos + 1])
                    || (b[pos + 1] == '/' && pos + 2 < end && isLetter(b[pos + 2])))) {
                while (pos < end && !isSpace(b[pos]) && b[pos] != '>') {
                    pos++;
                }
                while (attribute() != null) {
                    // skip the tag's attributes, so that a '>' inside a quoted value does not end it
                }
                pos++;
            } else if (startsWith("<!") || startsWith("</") || startsWith("<?")) {
                int close = indexOf(">", pos);
                if (close < 0) {
                    return null;
                }
                pos = close + 1;
            } else {
                pos++;
            }
        }
        return null;
    }

    /** The meta tag's encoding, or null; null too when the bytes end before its '>' (see {@link #ranOut}). */
    private Charset meta() {
        Set<String> seen = new HashSet<>();
        boolean gotPragma = false;
        Boolean needPragma = null;
        Charset charset = null;
        // a charset attribute decides even when its label is unknown (the standard's "failure", not null)
        boolean charsetAttribute = false;
        String[] attr;
        while ((attr = attribute()) != null) {
            if (!seen.add(attr[0])) {
                continue;
            }
            switch (attr[0]) {
                case "http-equiv" -> gotPragma |= attr[1].equalsIgnoreCase("content-type");
                case "content" -> {
                    Charset fromContent = EncodingLabels.forMetaLabel(MetaCharset.fromContent(attr[1]));
                    if (charset == null && !charsetAttribute && fromContent != null) {
                        charset = fromContent;
                        needPragma = true;
                    }
                }
                case "charset" -> {
                    charset = EncodingLabels.forMetaLabel(attr[1]);
                    charsetAttribute = true;
                    needPragma = false;
                }
                default -> {
                }
            }
        }
        if (ranOut() || needPragma == null || (needPragma && !gotPragma)) {
            return null;
        }
        return charset;
    }

    /**
     * Whether the bytes ended inside a tag, a quoted value or a comment. The standard's prescan then gives
     * nothing at all: a tag cut at the end of the scanned bytes (or a quote never closed, which swallows
     * the rest) might have gone on to say something else.
     */
    private boolean ranOut() {
        return pos >= end;
    }

    /** The next attribute of the current tag as {name, value}, or null at the end of the tag. */
    private String[] attribute() {
        while (pos < end && (isSpace(b[pos]) || b[pos] == '/')) {
            pos++;
        }
        if (pos >= end || b[pos] == '>') {
            return null;
        }
        StringBuilder name = new StringBuilder();
        StringBuilder value = new StringBuilder();
        while (pos < end) {
            byte c = b[pos];
            if (c == '=' && name.length() > 0) {
                pos++;
                return new String[] {lower(name), value(value)};
            }
            if (isSpace(c)) {
                while (pos < end && isSpace(b[pos])) {
                    pos++;
                }
                if (pos < end && b[pos] == '=') {
                    pos++;
                    return new String[] {lower(name), value(value)};
                }
                return new String[] {lower(name), ""};
            }
            if (c == '/' || c == '>') {
                return new String[] {lower(name), ""};
            }
            name.append((char) (c & 0xFF));
            pos++;
        }
        return new String[] {lower(name), ""};
    }

    private String value(StringBuilder value) {
        while (pos < end && isSpace(b[pos])) {
            pos++;
        }
        if (pos >= end) {
            return "";
        }
        byte q = b[pos];
        if (q == '"' || q == '\'') {
            pos++;
            while (pos < end && b[pos] != q) {
                value.append((char) (b[pos++] & 0xFF));
            }
            pos++;
            return value.toString();
        }
        while (pos < end && !isSpace(b[pos]) && b[pos] != '>') {
            value.append((char) (b[pos++] & 0xFF));
        }
        return value.toString();
    }

    private static String lower(StringBuilder s) {
        return s.toString().toLowerCase(Locale.ROOT);
    }

    private boolean startsWith(String s) {
        if (pos + s.length() > end) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (b[pos + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean startsWithIgnoreCase(String s) {
        if (pos + s.length() > end) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.toLowerCase((char) (b[pos + i] & 0xFF)) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int indexOf(String s, int from) {
        for (int i = from; i + s.length() <= end; i++) {
            int k = 0;
            while (k < s.length() && b[i + k] == s.charAt(k)) {
                k++;
            }
            if (k == s.length()) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
