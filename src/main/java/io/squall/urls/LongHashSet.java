package io.squall.urls;

/** A set of longs in one array (open addressing), 8 to 16 bytes per element: for remembering URL hashes. */
public final class LongHashSet {
    private long[] slots = new long[16];
    private int size;

    /** A URL's 64-bit hash: FNV-1a over the characters, then a finalizer that spreads the bits. */
    public static long hash64(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    public int size() {
        return size;
    }

    public boolean contains(long value) {
        long v = value == 0 ? 1 : value; // 0 marks an empty slot
        int mask = slots.length - 1;
        for (int i = mix(v) & mask; slots[i] != 0; i = (i + 1) & mask) {
            if (slots[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** @return whether the value was added (false when present already) */
    public boolean add(long value) {
        long v = value == 0 ? 1 : value;
        if (contains(v)) {
            return false;
        }
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        insert(slots, v);
        size++;
        return true;
    }

    private void grow() {
        long[] bigger = new long[slots.length * 2];
        for (long v : slots) {
            if (v != 0) {
                insert(bigger, v);
            }
        }
        slots = bigger;
    }

    private static void insert(long[] table, long v) {
        int mask = table.length - 1;
        int i = mix(v) & mask;
        while (table[i] != 0) {
            i = (i + 1) & mask;
        }
        table[i] = v;
    }

    private static int mix(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
