package io.squall.parse;

/**
 * Text built from pieces with each run of whitespace (U+00A0 included) collapsed to one space, none at
 * the start or the end; it takes no more characters once it holds {@code max} (a space and the character
 * after it go in together, so it may end one character over {@code max}: callers that need a hard limit
 * cut it).
 *
 * <p>Visible characters are copied a run at a time rather than one by one: this is the parser's
 * busiest loop, run over every character of every page's text.
 */
final class CollapsedText {
    private final StringBuilder out = new StringBuilder();
    private final int max;
    private boolean pendingSpace;

    CollapsedText(int max) {
        this.max = max;
    }

    void append(String text) {
        int n = text.length();
        int i = 0;
        while (i < n && out.length() < max) {
            if (isSpace(text.charAt(i))) {
                pendingSpace = true;
                i++;
                continue;
            }
            int end = i + 1;
            while (end < n && !isSpace(text.charAt(end))) {
                end++;
            }
            if (pendingSpace && out.length() > 0) {
                out.append(' ');
            }
            pendingSpace = false;
            // the first character always goes in (see the class comment), the rest up to max
            out.append(text, i, i + Math.min(end - i, Math.max(1, max - out.length())));
            i = end;
        }
    }

    /** A break between pieces (a block element): a space if text follows. */
    void space() {
        pendingSpace = true;
    }

    boolean isFull() {
        return out.length() >= max;
    }

    int length() {
        return out.length();
    }

    void clear() {
        out.setLength(0);
        pendingSpace = false;
    }

    @Override
    public String toString() {
        return out.toString();
    }

    private static boolean isSpace(char c) {
        if (c > ' ' && c < 0x7F) {
            return false; // visible ASCII, by far the most common case
        }
        return Character.isWhitespace(c) || c == '\u00a0';
    }
}
