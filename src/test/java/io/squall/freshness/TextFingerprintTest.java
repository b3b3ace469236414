package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TextFingerprintTest {

    /** A text of {@code words} words drawn from a vocabulary, the same for the same seed. */
    static String prose(long seed, int words) {
        String[] vocabulary = ("crawler frontier politeness fetch parse index status host queue delay robots sitemap"
                + " feed link anchor page content text change rate interval budget fresh copy server answer body"
                + " header cache storm topology spout bolt tuple worker cluster node shard replica segment merge")
                .split(" ");
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < words; i++) {
            text.append(vocabulary[random.nextInt(vocabulary.length)]).append(i % 12 == 11 ? ". " : " ");
        }
        return text.toString();
    }

    @Test
    void numbersDatesAndCountersDoNotMoveTheFingerprint() {
        String body = prose(1, 300);
        long a = TextFingerprint.of("Served 2026-11-27 22:57:32, visitor 1234. " + body + " Page 7 of 9, 0.013 s");
        long b = TextFingerprint.of("Served 2026-11-28 09:01:02, visitor 98765. " + body + " Page 8 of 9, 0.241 s");
        assertEquals(a, b);
    }

    @Test
    void aRewrittenTextIsFarAndASmallEditIsNear() {
        String body = prose(2, 400);
        long original = TextFingerprint.of(body);
        long rewritten = TextFingerprint.of(prose(3, 400));
        assertTrue(TextFingerprint.distance(original, rewritten) > 10,
                "distinct texts: " + TextFingerprint.distance(original, rewritten) + " bits");
        long edited = TextFingerprint.of(body.replaceFirst("crawler", "spider"));
        assertTrue(TextFingerprint.distance(original, edited) <= 3,
                "one word of 400: " + TextFingerprint.distance(original, edited) + " bits");
    }

    @Test
    void caseAndPunctuationDoNotCountButWordOrderDoes() {
        assertEquals(TextFingerprint.of("The quick brown fox jumps"), TextFingerprint.of("the QUICK, brown fox; jumps!"));
        assertNotEquals(TextFingerprint.of("the quick brown fox jumps"), TextFingerprint.of("jumps fox brown quick the"));
    }

    @Test
    void aTextOfNumbersOnlyHasTheEmptyFingerprintAndAShortTextHasOne() {
        assertEquals(TextFingerprint.EMPTY, TextFingerprint.of("12 345 2026-01-01"));
        assertEquals(TextFingerprint.EMPTY, TextFingerprint.of(""));
        assertNotEquals(TextFingerprint.EMPTY, TextFingerprint.of("Hello"));
        assertNotEquals(TextFingerprint.of("Hello"), TextFingerprint.of("Goodbye"));
    }

    @Test
    void hexRoundTripsAndRefusesWhatIsNoFingerprint() {
        long value = TextFingerprint.of(prose(4, 50));
        String hex = TextFingerprint.hex(value);
        assertEquals(16, hex.length());
        assertEquals(value, TextFingerprint.parse(hex));
        assertEquals("000000000000000f", TextFingerprint.hex(15));
        assertThrows(IllegalArgumentException.class, () -> TextFingerprint.parse("xyz"));
        assertThrows(IllegalArgumentException.class, () -> TextFingerprint.parse("00000000000000000"));
    }

    @Test
    void aPrintCountsTheShinglesItWasMadeOf() {
        assertEquals(new TextFingerprint.Print(TextFingerprint.EMPTY, 0), TextFingerprint.print("12 34, 2026"));
        assertEquals(1, TextFingerprint.print("page 5 page 6 page").shingles(), "short of a shingle: its words");
        assertEquals(3, TextFingerprint.print("the coast road stays closed").shingles());
        assertEquals(TextFingerprint.of("the coast road stays closed"),
                TextFingerprint.print("the coast road stays closed").value());
    }
}
