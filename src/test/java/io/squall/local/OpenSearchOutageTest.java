package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.opensearch.IndexUnavailableException;
import io.squall.opensearch.OpenSearchUnavailableException;
import org.junit.jupiter.api.Test;

class OpenSearchOutageTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void saysHowLongOpenSearchHasBeenUnreachableAndWhenItIsBack() {
        OpenSearchOutage outage = new OpenSearchOutage();
        assertNull(outage.recovered(0), "nothing to say without an outage");
        assertEquals("OpenSearch unreachable for 0 s, crawl paused until it is back (Ctrl-C stops): refused",
                outage.failed(unreachable("refused"), 10 * SECOND));
        assertTrue(outage.ongoing());
        assertTrue(outage.failed(unreachable("timed out"), 25 * SECOND).startsWith("OpenSearch unreachable for 15 s"),
                "counted from the first failure");
        assertEquals("OpenSearch is back after 20 s; the crawl goes on", outage.recovered(30 * SECOND));
        assertFalse(outage.ongoing());
        assertNull(outage.recovered(31 * SECOND), "said once");
        assertTrue(outage.failed(unreachable("refused"), 40 * SECOND).startsWith("OpenSearch unreachable for 0 s"),
                "a new outage counts from its own start");
    }

    @Test
    void anIndexThatCannotServeIsNotCalledAnUnreachableOpenSearch() {
        OpenSearchOutage outage = new OpenSearchOutage();
        String line = outage.failed(new IndexUnavailableException("red", null), 0);
        assertEquals("Status index unavailable for 0 s, crawl paused until it is back (Ctrl-C stops): red", line);
        assertEquals("The status index is back after 5 s; the crawl goes on", outage.recovered(5 * SECOND));

        outage.failed(unreachable("refused"), 10 * SECOND);
        assertTrue(outage.failed(new IndexUnavailableException("recovering", null), 40 * SECOND)
                .startsWith("Status index unavailable for 30 s"), "a node back but its shards not yet active");
        assertEquals("OpenSearch is back after 35 s; the crawl goes on", outage.recovered(45 * SECOND),
                "the outage began with OpenSearch away, and ends as OpenSearch's");
    }

    private static OpenSearchUnavailableException unreachable(String message) {
        return new OpenSearchUnavailableException(message, null);
    }
}
