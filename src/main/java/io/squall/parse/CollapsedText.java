package io.squall.parse;

import java.util.Arrays;

/**
 * Text built from pieces with each run of whitespace (U+00A0 included) collapsed to one space, none at
 * the start or the end; it takes no more characters once it holds {@code max} (a space and the character
 * after it go in together, so it may end one character over {@code max}: callers that need a hard limit
 * cut it).
 *
 * <p>This is the parser's busiest loop, run over every character of every page's text: it writes into a
 * plain character array (a {@code StringBuilder} fed word by word cost several times more).
 */
final class CollapsedText {
    private final int max;
    private char[] out;
    private int length;
    private boolean pendingSpace;

    CollapsedText(int max) {
        this(max, 16);
    }

    /** @param expectedLength the length the text will probably reach, which saves growing it step by step */
    CollapsedText(int max, int expectedLength) {
        this.max = max;
        this.out = new char[Math.max(16, Math.min(max, expectedLength))];
    }

    void append(String text) {
        int n = text.length();
        // at most one space more than the characters given, and never more than max + 1 in all
        long needed = Math.min((long) length + n + 1, (long) max + 1);
        if (needed > out.length) {
            long limit = Math.min((long) max + 1, Integer.MAX_VALUE - 8);
            out = Arrays.copyOf(out, (int) Math.min(Math.max(needed, 2L * out.length), limit));
        }
        char[] o = out;
        int len = length;
        boolean pending = pendingSpace;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (isSpace(c)) {
                pending = true;
                continue;
            }
            if (len >= max) {
                break;
            }
            if (pending && len > 0) {
                o[len++] = ' '; // the character after it goes in even at max (see the class comment)
            }
            pending = false;
            o[len++] = c;
        }
        length = len;
        pendingSpace = pending;
    }

    /** A break between pieces (a block element): a space if text follows. */
    void space() {
        pendingSpace = true;
    }

    boolean isFull() {
        return length >= max;
    }

    void clear() {
        length = 0;
        pendingSpace = false;
    }

    @Override
    public String toString() {
        return new String(out, 0, length);
    }

    private static boolean isSpace(char c) {
        if (c > ' ' && c < 0x7F) {
            return false; // visible ASCII, by far the most common case
        }
        return Character.isWhitespace(c) || c == '\u00a0';
    }
}
