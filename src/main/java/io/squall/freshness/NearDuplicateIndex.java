package io.squall.freshness;

import io.squall.config.CrawlerConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text fingerprints of the pages kept (not found to be near-duplicates), by URL, to tell whether a page
 * just parsed is within {@code maxDistance} bits of one of them: a mirror, a printer version, a session or
 * sort variant of a URL already fetched.
 *
 * <p>Found by bands (Manku, Jain and Das Sarma, WWW 2007): the 64 bits are cut into {@code maxDistance + 1}
 * bands, and two fingerprints that differ in at most {@code maxDistance} bits cannot differ in every band,
 * so they agree exactly on at least one. Each band has a table from its value to the pages that have it: a
 * lookup reads {@code maxDistance + 1} buckets and measures the distance to each page in them, instead of
 * to every page. With 4 bands of 16 bits and a million pages a bucket holds some 15 pages.
 *
 * <p>Only kept pages are entered: a duplicate points at the page it copies, never at another duplicate,
 * and the pages held are more than {@code maxDistance} bits from one another. A URL has one entry, its
 * latest fingerprint: fetched again unchanged it is not a copy of itself; changed, its old entry goes. At
 * most {@code maxPages} are held, the least recently seen (entered, fetched again, or found copied) going
 * first.
 *
 * <p>Thread-safe, by one lock: the parser tasks of a worker share one index, and a lookup takes
 * microseconds against the milliseconds of the parse around it.
 */
public final class NearDuplicateIndex {
    /** The most bits apart allowed: beyond, the bands are so narrow that buckets hold a large share of pages. */
    public static final int MAX_DISTANCE = 7;

    private static final class Page {
        final String url;
        final long fingerprint;
        /** When it was entered, to name the first seen when a page is close to several. */
        final long sequence;

        Page(String url, long fingerprint, long sequence) {
            this.url = url;
            this.fingerprint = fingerprint;
            this.sequence = sequence;
        }
    }

    private final int maxDistance;
    private final int[] bandShifts;
    private final long[] bandMasks;
    /** Per band: band value -> the pages with it. */
    private final List<Map<Long, List<Page>>> bands;
    /** In access order: the eldest is the least recently seen. */
    private final LinkedHashMap<String, Page> byUrl;
    private long sequence;

    /**
     * @param maxDistance most bits in which a near-duplicate differs, 0 to {@value #MAX_DISTANCE}
     * @param maxPages most pages held, at least 1
     */
    public NearDuplicateIndex(int maxDistance, int maxPages) {
        if (maxDistance < 0 || maxDistance > MAX_DISTANCE) {
            throw new IllegalArgumentException("dedup.distance must be from 0 to " + MAX_DISTANCE + ", not "
                    + maxDistance);
        }
        if (maxPages < 1) {
            throw new IllegalArgumentException("dedup.max.pages must be 1 or more, not " + maxPages);
        }
        this.maxDistance = maxDistance;
        int count = maxDistance + 1;
        this.bandShifts = new int[count];
        this.bandMasks = new long[count];
        this.bands = new ArrayList<>(count);
        int shift = 0;
        for (int b = 0; b < count; b++) {
            int width = 64 / count + (b < 64 % count ? 1 : 0);
            bandShifts[b] = shift;
            bandMasks[b] = width == 64 ? -1L : (1L << width) - 1;
            shift += width;
            bands.add(new HashMap<>());
        }
        this.byUrl = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Page> eldest) {
                if (size() > maxPages) {
                    unband(eldest.getValue());
                    return true;
                }
                return false;
            }
        };
    }

    /** An empty index of {@code dedup.distance} and {@code dedup.max.pages}. */
    public static NearDuplicateIndex fromConfig(CrawlerConfig config) {
        return new NearDuplicateIndex(config.getInt("dedup.distance"), config.getInt("dedup.max.pages"));
    }

    /**
     * Records that {@code url} now has this fingerprint, and tells which page it is a near-duplicate of.
     * A page with the {@link TextFingerprint#EMPTY empty} fingerprint (no text) is no one's duplicate and
     * no one's original.
     *
     * @return the URL of the first seen page held within {@code maxDistance} bits of it, other than itself;
     *         null when there is none, and the page is then held as the original of its content
     */
    public synchronized String originalOf(String url, long fingerprint) {
        Page known = byUrl.get(url);
        if (known != null) {
            if (known.fingerprint == fingerprint) {
                return null; // held, so nothing else held is near it
            }
            byUrl.remove(url);
            unband(known);
        }
        if (fingerprint == TextFingerprint.EMPTY) {
            return null;
        }
        Page original = closestFirstSeen(fingerprint);
        if (original != null) {
            byUrl.get(original.url); // seen again, through its copy
            return original.url;
        }
        Page page = new Page(url, fingerprint, sequence++);
        for (int b = 0; b < bandShifts.length; b++) {
            bands.get(b).computeIfAbsent(band(fingerprint, b), k -> new ArrayList<>(2)).add(page);
        }
        byUrl.put(url, page);
        return null;
    }

    /** Pages held. */
    public synchronized int size() {
        return byUrl.size();
    }

    private Page closestFirstSeen(long fingerprint) {
        Page found = null;
        for (int b = 0; b < bandShifts.length; b++) {
            List<Page> bucket = bands.get(b).get(band(fingerprint, b));
            if (bucket == null) {
                continue;
            }
            for (Page page : bucket) {
                if (TextFingerprint.distance(page.fingerprint, fingerprint) <= maxDistance
                        && (found == null || page.sequence < found.sequence)) {
                    found = page;
                }
            }
        }
        return found;
    }

    private void unband(Page page) {
        for (int b = 0; b < bandShifts.length; b++) {
            Long key = band(page.fingerprint, b);
            List<Page> bucket = bands.get(b).get(key);
            for (Iterator<Page> it = bucket.iterator(); it.hasNext(); ) {
                if (it.next() == page) {
                    it.remove();
                    break;
                }
            }
            if (bucket.isEmpty()) {
                bands.get(b).remove(key);
            }
        }
    }

    private long band(long fingerprint, int b) {
        return (fingerprint >>> bandShifts[b]) & bandMasks[b];
    }
}
