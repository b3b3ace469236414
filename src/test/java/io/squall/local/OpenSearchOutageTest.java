package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OpenSearchOutageTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void saysHowLongOpenSearchHasBeenUnreachableAndWhenItIsBack() {
        OpenSearchOutage outage = new OpenSearchOutage();
        assertNull(outage.recovered(0), "nothing to say without an outage");
        assertEquals("OpenSearch unreachable for 0 s, crawl paused until it is back (Ctrl-C stops): refused",
                outage.failed("refused", 10 * SECOND));
        assertTrue(outage.ongoing());
        assertTrue(outage.failed("timed out", 25 * SECOND).startsWith("OpenSearch unreachable for 15 s"),
                "counted from the first failure");
        assertEquals("OpenSearch is back after 20 s; the crawl goes on", outage.recovered(30 * SECOND));
        assertFalse(outage.ongoing());
        assertNull(outage.recovered(31 * SECOND), "said once");
        assertTrue(outage.failed("refused", 40 * SECOND).startsWith("OpenSearch unreachable for 0 s"),
                "a new outage counts from its own start");
    }
}
