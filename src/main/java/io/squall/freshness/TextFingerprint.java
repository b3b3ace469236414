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
        Votes votes = new Votes();
        // the hashes of the last three words, oldest first
        long first = 0;
        long second = 0;
        long third = 0;
        int inWindow = 0;
        int length = text.length();
        int i = 0;
        while (i < length) {
            char c = text.charAt(i);
            if (!isWordChar(c)) {
                i++;
                continue;
            }
            long wordHash = 0xcbf29ce484222325L; // FNV-1a offset basis
            boolean hasDigit = false;
            while (i < length && isWordChar(c = text.charAt(i))) {
                if (c < 128) {
                    hasDigit |= c <= '9';
                    c = c <= 'Z' && c >= 'A' ? (char) (c + ('a' - 'A')) : c;
                } else {
                    hasDigit |= Character.isDigit(c);
                    c = Character.toLowerCase(c);
                }
                wordHash = (wordHash ^ c) * 0x100000001b3L;
                i++;
            }
            if (hasDigit) {
                inWindow = 0; // the shingles across a number would change with it
                continue;
            }
            first = second;
            second = third;
            third = wordHash;
            if (++inWindow >= SHINGLE) {
                votes.add(mix(mix(mix(first) ^ second) ^ third));
            }
        }
        if (votes.features() == 0 && inWindow > 0) {
            // A text shorter than a shingle still has a fingerprint: its words.
            votes.add(inWindow == 1 ? mix(third) : mix(mix(second) ^ third));
        }
        return votes.features() == 0 ? new Print(EMPTY, 0) : new Print(votes.majority(), votes.features());
    }

    /** Letters and digits make words; ASCII answered without a table lookup, as most text is. */
    private static boolean isWordChar(char c) {
        if (c < 128) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        }
        return Character.isLetterOrDigit(c);
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

    /** A 64-bit finalizer (MurmurHash3's fmix64): every input bit moves about half the output bits. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb93e59c7b5dbL;
        h ^= h >>> 33;
        return h;
    }

    /**
     * The per-bit counts of ones over the features' hashes. Counting bit by bit costs 64 steps a feature; here
     * each byte of a hash adds, in one step, eight one-byte counters packed in a long (a table spreads the
     * byte's bits over the lanes), and the lanes are emptied into the counts before they can overflow:
     * 8 steps a feature, which matters on pages of tens of thousands of words.
     */
    private static final class Votes {
        private static final long[] LANES = new long[256];
        private static final int LANE_MAX = 255;

        static {
            for (int value = 0; value < 256; value++) {
                long lanes = 0;
                for (int bit = 0; bit < 8; bit++) {
                    lanes |= (long) ((value >>> bit) & 1) << (8 * bit);
                }
                LANES[value] = lanes;
            }
        }

        private final int[] ones = new int[64];
        private final long[] packed = new long[8];
        private int pending;
        private int features;

        void add(long hash) {
            for (int b = 0; b < 8; b++) {
                packed[b] += LANES[(int) (hash >>> (8 * b)) & 0xff];
            }
            features++;
            if (++pending == LANE_MAX) {
                drain();
            }
        }

        int features() {
            return features;
        }

        /** The fingerprint: each bit set where more than half the features have it set. */
        long majority() {
            drain();
            long fingerprint = 0;
            for (int bit = 0; bit < 64; bit++) {
                if (2 * ones[bit] > features) {
                    fingerprint |= 1L << bit;
                }
            }
            return fingerprint;
        }

        private void drain() {
            for (int b = 0; b < 8; b++) {
                long lanes = packed[b];
                for (int lane = 0; lane < 8; lane++) {
                    ones[8 * b + lane] += (int) ((lanes >>> (8 * lane)) & 0xff);
                }
                packed[b] = 0;
            }
            pending = 0;
        }
    }
}
