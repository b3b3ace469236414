package io.squall.warc;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The first capture of each payload digest written, for revisit records: bounded, the least recently seen
 * digests forgotten first (a payload forgotten is written again in full, which costs disk, never data).
 * Used by one writer thread only.
 */
final class PayloadDigests {
    /** Where a payload was first written: what a revisit record refers to. */
    record Capture(String targetUri, Instant date, URI recordId) {
    }

    private final Map<String, Capture> firstCaptures;

    /** @param capacity digests remembered at most; 0 remembers none */
    PayloadDigests(int capacity) {
        this.firstCaptures = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Capture> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The first capture of this digest, or null (and this capture is remembered as its first). */
    Capture seen(String digest, Capture capture) {
        Capture first = firstCaptures.get(digest);
        if (first == null) {
            firstCaptures.put(digest, capture);
        }
        return first;
    }

    int size() {
        return firstCaptures.size();
    }
}
