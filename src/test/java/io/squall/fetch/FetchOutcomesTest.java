package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.metrics.Counters;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testsupport.ManualClock;
import io.squall.urls.UrlFilterChain;
import io.squall.urls.UrlNormalizer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an outcome tells its host queue about the server's health, which an adaptive delay follows. */
class FetchOutcomesTest {
    private final FetchOutcomes outcomes = new FetchOutcomes(FetchTestConfig.with(), new UrlFilterChain(
            UrlNormalizer.fromConfig(FetchTestConfig.with()), List.of(), List.of(), Counters.NONE), new ManualClock());
    private final FetchItem<String> item = new FetchItem<>("http://a.example/", "a.example", new Metadata(), "a", 0);

    private HostQueues.Feedback answered(int code) {
        return outcomes.of(item, new FetchResponse(item.url(), code, Map.of(), new byte[0], "127.0.0.2", 5, null, null))
                .feedback();
    }

    private HostQueues.Feedback failed(FetchException.Cause cause) {
        return outcomes.of(item, new FetchException(cause, cause.value, null), 100).feedback();
    }

    @Test
    void serverErrorsAndTimeoutsSayTheServerIsStrainedAndOtherOutcomesDoNot() {
        assertTrue(answered(500).strained());
        assertTrue(answered(502).strained());
        assertTrue(answered(503).strained() && answered(503).throttled(), "a 503 throttles, and strains");
        assertTrue(answered(429).strained() && answered(429).throttled());
        assertTrue(failed(FetchException.Cause.TIMEOUT).strained());
        assertTrue(failed(FetchException.Cause.DEADLINE).strained());
        assertTrue(failed(FetchException.Cause.TIMEOUT).exception(), "a timeout still counts against the error budget");

        assertFalse(answered(200).strained());
        assertFalse(answered(301).strained());
        assertFalse(answered(404).strained());
        assertFalse(failed(FetchException.Cause.CONNECTION_REFUSED).strained(), "no server to slow down for");
        assertFalse(failed(FetchException.Cause.DNS).strained());
    }

    @Test
    void aServerErrorKeepsItsStatus() {
        FetchOutcome outcome = outcomes.of(item, new FetchResponse(item.url(), 500, Map.of(), new byte[0], "127.0.0.2",
                5, null, null));
        assertEquals(Status.FETCH_ERROR, outcome.status());
        assertEquals("http.500", outcome.metadata().getFirst(io.squall.core.MetadataKeys.ERROR_CAUSE));
    }
}
