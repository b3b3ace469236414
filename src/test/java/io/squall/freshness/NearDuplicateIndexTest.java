package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class NearDuplicateIndexTest {

    /** The fingerprint with {@code bits} of its bits flipped, at distinct random positions. */
    private static long flip(long fingerprint, int bits, Random random) {
        long flipped = fingerprint;
        while (TextFingerprint.distance(flipped, fingerprint) < bits) {
            flipped ^= 1L << random.nextInt(64);
        }
        return flipped;
    }

    /** A random fingerprint that is not the empty one. */
    private static long random(Random random) {
        long fingerprint;
        do {
            fingerprint = random.nextLong();
        } while (fingerprint == TextFingerprint.EMPTY);
        return fingerprint;
    }

    @Test
    void everyPageWithinTheDistanceIsFoundAndNoneBeyondIt() {
        Random random = new Random(40);
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100_000);
        long[] kept = new long[2000];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = random(random);
            assertNull(index.originalOf("http://a.example/" + i, kept[i]));
        }
        for (int i = 0; i < kept.length; i++) {
            int near = i % 4; // 0 to 3 bits, in every band position the random flips fall on
            assertEquals("http://a.example/" + i, index.originalOf("http://mirror.example/" + i,
                    flip(kept[i], near, random)), near + " bits apart");
            int far = 4 + i % 5;
            assertNull(index.originalOf("http://other.example/" + i, flip(kept[i], far, random)),
                    far + " bits apart");
        }
    }

    @Test
    void aPageFetchedAgainIsNotACopyOfItselfAndAChangedPageLeavesItsOldFingerprint() {
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100);
        long before = 0x0123_4567_89ab_cdefL;
        long after = ~before;
        assertNull(index.originalOf("http://a.example/", before));
        assertNull(index.originalOf("http://a.example/", before));
        assertNull(index.originalOf("http://a.example/", before ^ 1L)); // a small change: still itself
        assertNull(index.originalOf("http://a.example/", after));
        assertEquals(1, index.size());
        assertNull(index.originalOf("http://b.example/", before), "the old content is no longer held");
        assertEquals("http://a.example/", index.originalOf("http://c.example/", after));
    }

    @Test
    void aPageThatBecomesACopyIsNoLongerAnOriginal() {
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100);
        long a = 0x5555_0000_ffff_1234L;
        long b = 0x0f0f_f0f0_3333_cccaL;
        index.originalOf("http://a.example/", a);
        index.originalOf("http://b.example/", b);
        assertEquals("http://a.example/", index.originalOf("http://b.example/", a ^ 4L));
        assertEquals(1, index.size());
        assertNull(index.originalOf("http://c.example/", b), "b's old content went with its change");
    }

    @Test
    void aCopyPointsAtTheOriginalNeverAtAnotherCopy() {
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100);
        long original = 0x7777_1111_2222_3333L;
        long copy = original ^ 0b1;
        long copyOfCopy = copy ^ 0b1110; // 3 bits from the copy, 4 from the original
        assertNull(index.originalOf("http://a.example/", original));
        assertEquals("http://a.example/", index.originalOf("http://b.example/", copy));
        assertNull(index.originalOf("http://c.example/", copyOfCopy));
    }

    @Test
    void ofTwoPagesWithinTheDistanceTheFirstSeenIsTheOriginal() {
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100);
        long between = 0xabcd_1234_5678_9ef0L;
        // 3 bits from it each, 6 from each other (both held); the one seen first agrees with it on the
        // bands looked up last
        long seenFirst = between ^ 0b111L;
        long seenNext = between ^ (1L << 16 | 1L << 32 | 1L << 48);
        assertNull(index.originalOf("http://seen-first.example/", seenFirst));
        assertNull(index.originalOf("http://seen-next.example/", seenNext));
        assertEquals(3, TextFingerprint.distance(between, seenFirst));
        assertEquals(3, TextFingerprint.distance(between, seenNext));
        assertEquals("http://seen-first.example/", index.originalOf("http://copy.example/", between));
    }

    @Test
    void aPageWithoutTextIsNoOnesCopyNorAnyonesOriginal() {
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100);
        assertNull(index.originalOf("http://a.example/", TextFingerprint.EMPTY));
        assertNull(index.originalOf("http://b.example/", TextFingerprint.EMPTY));
        assertNull(index.originalOf("http://c.example/", 1L), "1 bit from empty");
        assertEquals(1, index.size());
    }

    @Test
    void theLeastRecentlySeenGoFirstAndTheIndexStaysBounded() {
        Random random = new Random(7);
        NearDuplicateIndex index = new NearDuplicateIndex(3, 100);
        long[] pages = new long[1000];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = random(random);
            index.originalOf("http://a.example/" + i, pages[i]);
            if (i >= 1) {
                // page 0 is seen again through a copy of it now and then: it stays
                assertEquals("http://a.example/0", index.originalOf("http://copy.example/", pages[0] ^ 1L));
            }
        }
        assertEquals(100, index.size());
        assertNull(index.originalOf("http://late.example/1", pages[1]), "the least recently seen went");
        assertEquals("http://a.example/999", index.originalOf("http://late.example/999", pages[999]));
    }

    @Test
    void parserTasksShareOneIndex() throws Exception {
        int tasks = 4;
        int pages = 5000;
        NearDuplicateIndex index = new NearDuplicateIndex(3, 1_000_000);
        ExecutorService pool = Executors.newFixedThreadPool(tasks);
        try {
            List<Future<Integer>> found = new ArrayList<>();
            for (int t = 0; t < tasks; t++) {
                int task = t;
                Callable<Integer> work = () -> {
                    Random random = new Random(task);
                    int copies = 0;
                    for (int i = 0; i < pages; i++) {
                        long page = random(random);
                        String url = "http://task" + task + ".example/" + i;
                        index.originalOf(url, page);
                        if (url.equals(index.originalOf("http://mirror" + task + ".example/" + i,
                                flip(page, 2, random)))) {
                            copies++;
                        }
                    }
                    return copies;
                };
                found.add(pool.submit(work));
            }
            for (Future<Integer> copies : found) {
                assertEquals(pages, copies.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(tasks * pages, index.size());
    }

    @Test
    void refusesADistanceTheBandsCannotServe() {
        assertThrows(IllegalArgumentException.class, () -> new NearDuplicateIndex(8, 100));
        assertThrows(IllegalArgumentException.class, () -> new NearDuplicateIndex(-1, 100));
        assertThrows(IllegalArgumentException.class, () -> new NearDuplicateIndex(3, 0));
    }
}
