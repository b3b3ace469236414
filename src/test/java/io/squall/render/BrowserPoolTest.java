package io.squall.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BrowserPoolTest {
    private final AtomicInteger numbers = new AtomicInteger();
    private final List<Integer> stopped = new ArrayList<>();

    private BrowserPool<Integer> pool(int size) {
        return new BrowserPool<>(size, numbers::incrementAndGet, stopped::add);
    }

    @Test
    void aBrowserGivenBackServesTheNextPageAndNoMoreThanTheSizeAreOut() throws Exception {
        BrowserPool<Integer> pool = pool(2);
        Integer a = pool.acquire(0);
        Integer b = pool.acquire(0);
        assertNotSame(a, b);
        assertNull(pool.acquire(0), "both places taken");
        pool.release(a);
        assertSame(a, pool.acquire(0), "the idle browser, not a new one");
        assertEquals(2, pool.started());
        assertEquals(List.of(), stopped);
    }

    @Test
    void aDiscardedBrowserIsStoppedAndAFreshOneTakesItsPlace() throws Exception {
        BrowserPool<Integer> pool = pool(1);
        Integer hung = pool.acquire(0);
        pool.discard(hung);
        assertEquals(List.of(hung), stopped);
        Integer fresh = pool.acquire(0);
        assertEquals(hung + 1, fresh);
        assertEquals(2, pool.started());
    }

    @Test
    void aBrowserThatDoesNotStartLeavesItsPlaceFree() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        BrowserPool<Integer> pool = new BrowserPool<>(1, () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("no Chromium");
            }
            return attempts.get();
        }, stopped::add);
        assertThrows(IllegalStateException.class, () -> pool.acquire(0));
        assertEquals(2, pool.acquire(0), "the place the failed start took is free again");
    }

    @Test
    void closingStopsTheIdleBrowsersAtOnceAndTheOthersWhenGivenBack() throws Exception {
        BrowserPool<Integer> pool = pool(2);
        Integer idle = pool.acquire(0);
        Integer busy = pool.acquire(0);
        pool.release(idle);
        pool.close();
        assertEquals(List.of(idle), stopped);
        pool.release(busy);
        assertEquals(List.of(idle, busy), stopped);
        assertThrows(IllegalStateException.class, () -> pool.acquire(0));
    }
}
