package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InFlightUrlsTest {
    private static final String URL = "http://a.example/1";
    private static final String DUE = "2024-01-01T00:00:00Z";

    @Test
    void aUrlInFlightIsNeverEmittedAgain() {
        InFlightUrls urls = new InFlightUrls(30_000, 100, 60_000);
        assertTrue(urls.mayEmit(URL, DUE, 0));
        urls.reserve(URL, "a.example", DUE, 0);
        assertFalse(urls.mayEmit(URL, DUE, 0));
        assertFalse(urls.mayEmit(URL, "2024-01-02T00:00:00Z", 10_000_000));
        assertEquals(1, urls.inFlightCount());
    }

    @Test
    void anAckedUrlIsBlockedWhileTheIndexShowsItsOldStateAndFreedByItsNewState() {
        InFlightUrls urls = new InFlightUrls(30_000, 100, 60_000);
        urls.reserve(URL, "a.example", DUE, 0);
        assertEquals("a.example", urls.acked(URL, 1_000).key());
        assertEquals(0, urls.inFlightCount());
        assertFalse(urls.mayEmit(URL, DUE, 1_500), "stale hit, index not refreshed yet");
        assertTrue(urls.mayEmit(URL, "2024-01-01T00:00:05Z", 2_000), "the index shows a new state");
        assertEquals(0, urls.purgatorySize());
    }

    @Test
    void theNextRetryIsTheFirstFailedUrlsEndOfPurgatoryAckedOnesApart() {
        InFlightUrls urls = new InFlightUrls(30_000, 100, 60_000);
        assertEquals(Long.MAX_VALUE, urls.nextRetryAtMillis(0), "nothing failed");
        for (int i = 0; i < 3; i++) {
            urls.reserve(URL + i, "a.example", DUE, 0);
        }
        urls.acked(URL + 0, 1_000);
        urls.failed(URL + 1, 2_000);
        urls.failed(URL + 2, 3_000);
        assertEquals(32_000, urls.nextRetryAtMillis(3_000), "the acked URL is no retry");
        assertEquals(33_000, urls.nextRetryAtMillis(32_000), "the first failed URL is out");
        assertEquals(Long.MAX_VALUE, urls.nextRetryAtMillis(33_000));
    }

    @Test
    void aFailedUrlIsEmittedAgainAfterThePurgatory() {
        InFlightUrls urls = new InFlightUrls(30_000, 100, 60_000);
        urls.reserve(URL, "a.example", DUE, 0);
        urls.failed(URL, 1_000);
        assertEquals(1, urls.failedWaiting(1_000));
        assertFalse(urls.mayEmit(URL, DUE, 30_999));
        assertTrue(urls.mayEmit(URL, DUE, 31_000));
        assertEquals(0, urls.failedWaiting(31_000));
    }

    @Test
    void aUrlThatFailsOnlyAfterTheMessageTimeoutInFlightTimedOutAndMayBeEmittedAgainAtOnce() {
        InFlightUrls urls = new InFlightUrls(30_000, 100, 60_000);
        urls.reserve(URL + 1, "a.example", DUE, 0);
        urls.reserve(URL + 2, "a.example", DUE, 0);
        assertEquals(Long.MAX_VALUE, urls.failed(URL + 1, 59_999).releaseAtMillis(), "failed back: to the purgatory");
        assertEquals(60_000, urls.failed(URL + 2, 60_000).releaseAtMillis(), "timed out: released now");
        assertTrue(urls.mayEmit(URL + 2, DUE, 60_000));
        assertFalse(urls.mayEmit(URL + 1, DUE, 60_000));
        assertEquals(1, urls.failedWaiting(60_000), "only the URL failed back waits");
        assertEquals(0, urls.inFlightCount());
    }

    @Test
    void thePurgatoryIsBoundedAndUnknownUrlsAreIgnored() {
        InFlightUrls urls = new InFlightUrls(30_000, 3, 60_000);
        for (int i = 0; i < 5; i++) {
            urls.reserve(URL + i, "a.example", DUE, 0);
            urls.failed(URL + i, i);
        }
        assertEquals(3, urls.purgatorySize());
        assertEquals(3, urls.failedWaiting(10));
        assertTrue(urls.mayEmit(URL + 0, DUE, 10), "the oldest entry was forgotten");
        assertFalse(urls.mayEmit(URL + 4, DUE, 10));
        assertNull(urls.acked("http://never.emitted/", 10));
    }
}
