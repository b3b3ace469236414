package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.core.Status;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console's view of a local crawl, before and without a topology (pause and resume run end to end). */
class LocalConsoleTest {

    @Test
    void progressCarriesTheLatestSampleWithRatesOverTheLastInterval() {
        LocalConsole console = new LocalConsole();
        assertEquals("starting", console.progress().get("state"));
        assertNull(console.progress().get("fetched"), "nothing measured yet");

        ProgressSample before = new ProgressSample(Duration.ofSeconds(10), 100, 1_024_000, 0, 0, 0, 0, 0, 0, 0, 50, 0);
        ProgressSample now = new ProgressSample(Duration.ofSeconds(12), 1_300, 3_072_000, 6_739, 5_432, 7, 4_000, 250, 1_550, 48, 50, 20);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Status status : Status.values()) {
            counts.put(status.name(), 0L);
        }
        counts.put("DISCOVERED", 5_432L);
        counts.put("FETCHED", 1_300L);
        console.publish(now, before, counts);
        Map<String, Object> p = console.progress();
        assertEquals(1_300L, p.get("fetched"));
        assertEquals(600.0, p.get("pagesPerSecond"));
        assertEquals(1000.0, p.get("kbPerSecond"));
        assertEquals("12s", p.get("elapsed"));
        assertEquals(48L, p.get("activeThreads"));
        assertEquals(List.of("DISCOVERED", "FETCHED", "REDIRECTION", "FETCH_ERROR", "ERROR"),
                List.copyOf(((Map<?, ?>) p.get("status")).keySet()), "the statuses in their order");
        assertEquals(5_432L, ((Map<?, ?>) p.get("status")).get("DISCOVERED"));
    }

    @Test
    void aCrawlThatHasNotStartedOrIsStoppingCannotBePausedAndAStopIsOnlyAsked() {
        LocalConsole console = new LocalConsole();
        assertFalse(console.pause(), "no topology yet");
        assertFalse(console.resume());
        console.stop();
        assertTrue(console.stopRequested());
        console.stopping(StopReason.CONSOLE);
        assertFalse(console.pause());
        assertEquals("stopping", console.progress().get("state"));
        assertEquals("stopped from the console", console.progress().get("stopReason"));
    }
}
