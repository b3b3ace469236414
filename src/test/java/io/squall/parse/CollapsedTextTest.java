package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class CollapsedTextTest {
    @Test
    void collapsesWhitespaceRunsAndTrimsBothEnds() {
        CollapsedText text = new CollapsedText(Integer.MAX_VALUE);
        text.append("  Hello,\n\t world  ");
        text.space();
        text.append("\u00a0again here ");
        assertEquals("Hello, world again here", text.toString());
    }

    @Test
    void aCutAfterASpaceTakesTheNextCharacterToo() {
        CollapsedText text = new CollapsedText(4);
        text.append("abc de");
        assertEquals("abc d", text.toString());
        CollapsedText inWord = new CollapsedText(4);
        inWord.append("ab cdef");
        assertEquals("ab c", inWord.toString());
    }

    /**
     * The run-at-a-time copy against the rule written character by character: any divergence (a space
     * kept or lost, a cut in another place) shows on some random mix of words, spaces and limits.
     */
    @Test
    void sameTextAsCollapsingOneCharacterAtATime() {
        Random random = new Random(20261121);
        String alphabet = "ab  \n\t\u00a0\u00e9\u2014\r.";
        for (int trial = 0; trial < 20_000; trial++) {
            int max = random.nextInt(5) == 0 ? Integer.MAX_VALUE : 1 + random.nextInt(30);
            CollapsedText fast = new CollapsedText(max, random.nextInt(40));
            Reference slow = new Reference(max);
            StringBuilder ops = new StringBuilder();
            for (int op = random.nextInt(6); op >= 0; op--) {
                int kind = random.nextInt(8);
                if (kind == 0) {
                    fast.space();
                    slow.space();
                    ops.append("[space]");
                } else if (kind == 1) {
                    fast.clear();
                    slow.clear();
                    ops.append("[clear]");
                } else {
                    StringBuilder piece = new StringBuilder();
                    for (int i = random.nextInt(25); i > 0; i--) {
                        piece.append(alphabet.charAt(random.nextInt(alphabet.length())));
                    }
                    fast.append(piece.toString());
                    slow.append(piece.toString());
                    ops.append('[').append(piece).append(']');
                }
                assertEquals(slow.out.toString(), fast.toString(), "max " + max + ", after " + ops);
                assertEquals(slow.out.length() >= max, fast.isFull(), "max " + max + ", after " + ops);
            }
        }
    }

    /** Long pieces with long words and whitespace runs, against limits that fall anywhere in them. */
    @Test
    void longPiecesCollapseAsTheRuleSays() {
        Random random = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            StringBuilder piece = new StringBuilder();
            while (piece.length() < 30_000) {
                piece.append("word".repeat(1 + random.nextInt(3000))).append(" \n\t".substring(random.nextInt(3)));
            }
            int max = random.nextBoolean() ? Integer.MAX_VALUE : 1 + random.nextInt(40_000);
            CollapsedText fast = new CollapsedText(max, 16);
            Reference slow = new Reference(max);
            fast.append(piece.toString());
            slow.append(piece.toString());
            assertEquals(slow.out.toString(), fast.toString(), "max " + max);
        }
    }

    /** Collapsing by the rule, one character at a time. */
    private static final class Reference {
        final StringBuilder out = new StringBuilder();
        final int max;
        boolean pendingSpace;

        Reference(int max) {
            this.max = max;
        }

        void append(String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c) || c == '\u00a0') {
                    pendingSpace = true;
                    continue;
                }
                if (out.length() >= max) {
                    return;
                }
                if (pendingSpace && out.length() > 0) {
                    out.append(' '); // a space and the character after it go in together
                }
                pendingSpace = false;
                out.append(c);
            }
        }

        void space() {
            pendingSpace = true;
        }

        void clear() {
            out.setLength(0);
            pendingSpace = false;
        }
    }
}
