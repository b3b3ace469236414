package io.squall.freshness;

/**
 * A 64-bit SimHash (Charikar 2002) of a text's word shingles: two texts that share most of their shingles
 * get fingerprints a few bits apart, so one number per page tells both "has this page changed?" (its new
 * fingerprint against the one it had) and "is this page a near-duplicate of that one?" (Manku et al., WWW
 * 2007: within 3 bits at web scale).
 *
 * <p>Words are runs of letters, lower-cased. A word holding a digit is left out, and so are the shingles
 * it would have been part of: dates, times, counters, prices and session numbers change on every fetch of
 * many pages without the page saying anything new. Each shingle of {@value #SHINGLE} words is one feature
 * of weight 1.
 */
public final class TextFingerprint {
    /** Words per shingle: three keeps a word's order visible without making every edit touch many features. */
    static final int SHINGLE = 3;
    /** The fingerprint of a text without a single shingle (empty, or numbers only). */
    public static final long EMPTY = 0L;

    private TextFingerprint() {
    }

    /**
     * A text's fingerprint and the number of shingles it was made of. A fingerprint of few shingles is shared
     * by many unrelated short texts (a page whose text is a title and numbers has one shingle, its words),
     * so it tells a change of the same page, but not a copy of another page.
     */
    public record Print(long value, int shingles) {
    }

    /** The fingerprint of a text. */
    public static long of(CharSequence text) {
        return print(text).value();
    }

    /** The fingerprint of a text, with the number of shingles it was made of. */
    public static Print print(CharSequence text) {
        int[] votes = new int[64];
        long[] window = new long[SHINGLE];
        int inWindow = 0;
        int features = 0;
        int length = text.length();
        int i = 0;
        while (i < length) {
            char c = text.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                i++;
                continue;
            }
            long wordHash = 0xcbf29ce484222325L; // FNV-1a offset basis
            boolean hasDigit = false;
            while (i < length && Character.isLetterOrDigit(c = text.charAt(i))) {
                hasDigit |= Character.isDigit(c);
                wordHash = (wordHash ^ Character.toLowerCase(c)) * 0x100000001b3L;
                i++;
            }
            if (hasDigit) {
                inWindow = 0; // the shingles across a number would change with it
                continue;
            }
            System.arraycopy(window, 1, window, 0, SHINGLE - 1);
            window[SHINGLE - 1] = wordHash;
            if (++inWindow >= SHINGLE) {
                vote(votes, shingleHash(window));
                features++;
            }
        }
        if (features == 0 && inWindow > 0) {
            // A text shorter than a shingle still has a fingerprint: its words.
            long h = 0;
            for (int w = SHINGLE - inWindow; w < SHINGLE; w++) {
                h = mix(h ^ window[w]);
            }
            vote(votes, h);
            features++;
        }
        if (features == 0) {
            return new Print(EMPTY, 0);
        }
        long fingerprint = 0;
        for (int bit = 0; bit < 64; bit++) {
            if (votes[bit] > 0) {
                fingerprint |= 1L << bit;
            }
        }
        return new Print(fingerprint, features);
    }

    /** Bits in which two fingerprints differ, 0 to 64. */
    public static int distance(long a, long b) {
        return Long.bitCount(a ^ b);
    }

    /** The fingerprint as 16 hexadecimal digits, as stored in metadata. */
    public static String hex(long fingerprint) {
        String digits = Long.toHexString(fingerprint);
        return "0".repeat(16 - digits.length()) + digits;
    }

    /**
     * A fingerprint read from its hexadecimal form.
     *
     * @throws IllegalArgumentException when the text is not 1 to 16 hexadecimal digits
     */
    public static long parse(String hex) {
        if (hex == null || hex.isEmpty() || hex.length() > 16) {
            throw new IllegalArgumentException("not a fingerprint: '" + hex + "'");
        }
        return Long.parseUnsignedLong(hex, 16);
    }

    private static long shingleHash(long[] window) {
        long h = 0;
        for (long word : window) {
            h = mix(h ^ word);
        }
        return h;
    }

    private static void vote(int[] votes, long featureHash) {
        for (int bit = 0; bit < 64; bit++) {
            votes[bit] += ((featureHash >>> bit) & 1L) != 0 ? 1 : -1;
        }
    }

    /** A 64-bit finalizer (MurmurHash3's fmix64): every input bit moves about half the output bits. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb93e59c7b5dbL;
        h ^= h >>> 33;
        return h;
    }
}
