package io.squall.parse;

/**
 * Values by href without its fragment, for the links of one page, looked up with the whole href and the
 * index where its fragment starts: most links carry a fragment ({@code functions.html#abs}), and cutting
 * a copy of each only to look it up cost more than the lookup. A key is copied once, when it is added.
 * Open addressing, grown at half full. Not thread-safe.
 */
final class HrefTable<V> {
    private String[] keys = new String[64];
    private int[] hashes = new int[64];
    private Object[] values = new Object[64];
    private int size;

    /** The value of {@code href.substring(0, end)}, or null. */
    @SuppressWarnings("unchecked")
    V get(String href, int end) {
        int hash = hash(href, end);
        int mask = keys.length - 1;
        for (int i = spread(hash) & mask; keys[i] != null; i = (i + 1) & mask) {
            String key = keys[i];
            if (hashes[i] == hash && key.length() == end && href.regionMatches(0, key, 0, end)) {
                return (V) values[i];
            }
        }
        return null;
    }

    /** Adds a key that is not in the table yet. */
    void put(String key, V value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key, hash(key, key.length()), value);
        size++;
    }

    private void insert(String key, int hash, Object value) {
        int mask = keys.length - 1;
        int i = spread(hash) & mask;
        while (keys[i] != null) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        hashes[i] = hash;
        values[i] = value;
    }

    private void grow() {
        String[] oldKeys = keys;
        int[] oldHashes = hashes;
        Object[] oldValues = values;
        keys = new String[oldKeys.length * 2];
        hashes = new int[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                insert(oldKeys[i], oldHashes[i], oldValues[i]);
            }
        }
    }

    /**
     * String's hash of the first {@code end} characters, without the copy; four characters a step, which
     * shortens the chain of multiplications the loop waits on.
     */
    static int hash(String s, int end) {
        int h = 0;
        int i = 0;
        for (; i + 3 < end; i += 4) {
            h = 923521 * h + 29791 * s.charAt(i) + 961 * s.charAt(i + 1) + 31 * s.charAt(i + 2) + s.charAt(i + 3);
        }
        for (; i < end; i++) {
            h = 31 * h + s.charAt(i);
        }
        return h;
    }

    private static int spread(int h) {
        return (h ^ (h >>> 16)) * 0x9E3779B1;
    }
}
