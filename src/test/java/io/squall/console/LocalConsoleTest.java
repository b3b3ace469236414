package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Status;
import io.squall.local.StopPolicy;
import io.squall.local.StopReason;
import io.squall.report.CrawlSummary;
import io.squall.report.NextDue;
import io.squall.report.ProgressSample;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console's view of a local crawl, before and without a topology (pause and resume run end to end). */
class LocalConsoleTest {

    @Test
    void progressCarriesTheLatestSampleWithRatesOverTheLastInterval() {
        LocalConsole console = new LocalConsole(new StopPolicy(2_000, null));
        assertEquals("starting", console.progress().get("state"));
        assertNull(console.progress().get("fetched"), "nothing measured yet");

        ProgressSample before = new ProgressSample(Duration.ofSeconds(10), 100, 1_024_000, 0, 0, 0, 0, 0, 0, 0, 0, 50, 0, null);
        ProgressSample now = new ProgressSample(Duration.ofSeconds(12), 1_300, 3_072_000, 6_739, 5_432, 7, 3, 4_000, 250, 1_550, 48, 50, 20, null,
                new ProgressSample.Refetches(40, 25, 9));
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
        assertEquals(3L, p.get("duplicates"), "near-duplicates found in this run");
        assertEquals(Map.of("changed", 40L, "unchanged", 25L, "notModified", 9L), p.get("refetches"),
                "what the re-fetches found in this run");
        assertEquals(List.of("DISCOVERED", "FETCHED", "REDIRECTION", "FETCH_ERROR", "ERROR"),
                List.copyOf(((Map<?, ?>) p.get("status")).keySet()), "the statuses in their order");
        assertEquals(5_432L, ((Map<?, ?>) p.get("status")).get("DISCOVERED"));
        assertEquals(6_739L, p.get("discovered"), "discovered is every URL known, a running total");
        assertEquals(5_432L, p.get("notFetchedYet"));
        assertEquals(Map.of("percent", 65L, "text", "65% of 2,000 pages, ETA 6s"), p.get("limit"),
                "1,300 of 2,000 pages fetched in 12 s");
        List<?> history = (List<?>) p.get("history");
        assertEquals(1, history.size(), "one sample published");
        assertEquals(1300.0 / 12, (Double) ((Map<?, ?>) history.get(0)).get("pages"), 0.01);
    }

    @Test
    void onceFinishedTheFinalSnapshotWithTheSummaryStaysWhateverHappensAfter() {
        LocalConsole console = new LocalConsole(new StopPolicy(null, null));
        ProgressSample now = new ProgressSample(Duration.ofSeconds(3), 10, 10_240, 12, 2, 1, 0, 2, 0, 10, 0, 50, 1, null);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Status status : Status.values()) {
            counts.put(status.name(), 0L);
        }
        counts.put("FETCHED", 10L);
        console.publish(now, null, counts);
        List<io.squall.fetch.QueueView> queues = new java.util.ArrayList<>(List.of(
                new io.squall.fetch.QueueView("slow.example", 7, 1, 2000, 500, 0, 0, 0, 0, 0,
                        io.squall.fetch.DelayReason.ADAPTIVE)));
        console.started(null, () -> List.copyOf(queues));
        console.stopping(StopReason.CONSOLE);
        queues.clear(); // the drain empties the queues, then the worker goes
        Map<String, Long> finalCounts = new LinkedHashMap<>(counts);
        finalCounts.put("FETCHED", 11L);
        CrawlSummary summary = new CrawlSummary(StopReason.CONSOLE, Duration.ofSeconds(4), Duration.ZERO, 11, 11_000,
                null, new CrawlSummary.StatusReport("status", 11, finalCounts, List.of(), List.of()), null);
        Map<String, Object> snapshot = console.finished(summary, java.nio.file.Path.of("data", "report.html"));
        assertEquals("finished", snapshot.get("state"));
        assertEquals(11L, snapshot.get("discovered"), "the summary's total");
        assertEquals(11L, snapshot.get("fetched"), "the summary's count, not the last sample's");
        assertEquals(2.75, (Double) snapshot.get("pagesPerSecond"), 1e-9, "over the run");
        assertFalse(snapshot.containsKey("inFlight"), "nothing is in flight in a finished crawl");
        List<?> busiest = (List<?>) ((Map<?, ?>) snapshot.get("hosts")).get("busiest");
        assertEquals("slow.example", ((Map<?, ?>) busiest.get(0)).get("host"), "the hosts as the stop found them");
        assertTrue(((Map<?, ?>) snapshot.get("report")).get("text").toString().contains("stopped from the console"));
        console.publish(new ProgressSample(Duration.ofSeconds(9), 99, 0, 99, 0, 0, 0, 0, 0, 0, 0, 50, 0, null), now, counts);
        assertEquals(snapshot, console.progress(), "the page shows the final report until the process exits");
        assertFalse(console.pause());
    }

    @Test
    void aCrawlThatHasNotStartedOrIsStoppingCannotBePausedAndAStopIsOnlyAsked() {
        LocalConsole console = new LocalConsole(new StopPolicy(2_000, null));
        assertFalse(console.pause(), "no topology yet");
        assertFalse(console.resume());
        console.stop();
        assertTrue(console.stopRequested());
        console.stopping(StopReason.CONSOLE);
        assertFalse(console.pause());
        assertEquals("stopping", console.progress().get("state"));
        assertEquals("stopped from the console", console.progress().get("stopReason"));
    }

    @Test
    void anOpenPageIsWaitedForUntilItFetchedTheFinalReportAndNoPageIsNot() throws Exception {
        CrawlSummary summary = new CrawlSummary(StopReason.IDLE, Duration.ofSeconds(1), Duration.ZERO, 0, 0, null,
                new CrawlSummary.StatusReport("status", 0, Map.of(), List.of(), List.of()), null);
        LocalConsole unwatched = new LocalConsole(new StopPolicy(null, null));
        unwatched.finished(summary, java.nio.file.Path.of("report.html"));
        long start = System.nanoTime();
        unwatched.awaitFinalReportShown(Duration.ofMinutes(2));
        assertTrue(System.nanoTime() - start < Duration.ofMinutes(1).toNanos(), "no page asked: no wait");

        LocalConsole watched = new LocalConsole(new StopPolicy(null, null));
        watched.progress(); // a page is open
        watched.finished(summary, java.nio.file.Path.of("report.html"));
        java.util.concurrent.atomic.AtomicReference<Object> shown = new java.util.concurrent.atomic.AtomicReference<>();
        Thread page = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
            shown.set(watched.progress().get("state"));
        });
        page.start();
        start = System.nanoTime();
        watched.awaitFinalReportShown(Duration.ofMinutes(2));
        assertTrue(System.nanoTime() - start < Duration.ofMinutes(1).toNanos(), "the page's next request ends the wait");
        page.join();
        assertEquals("finished", shown.get());
    }

    @Test
    void anIdleCrawlWaitingForItsNextDueUrlShowsWhenItIsDueUntilItIsOver() {
        LocalConsole console = new LocalConsole(new StopPolicy(null, Duration.ofMinutes(30)));
        java.time.Instant now = java.time.Instant.parse("2026-11-27T10:00:00Z");
        console.publish(new ProgressSample(Duration.ofSeconds(30), 1, 1_024, 1, 0, 0, 0, 0, 0, 1, 0, 50, 0,
                NextDue.of(now.plusSeconds(42).plusMillis(300), now)), null, Map.of("FETCHED", 1L));
        Map<String, Object> waiting = console.progress();
        assertEquals("2026-11-27T10:00:42Z", waiting.get("nextDue"));
        assertEquals("42s", waiting.get("nextDueIn"));

        CrawlSummary summary = new CrawlSummary(StopReason.DURATION, Duration.ofMinutes(30), Duration.ZERO, 2, 2_048,
                null, new CrawlSummary.StatusReport("status", 1, Map.of("FETCHED", 1L), List.of(), List.of()), null);
        assertFalse(console.finished(summary, java.nio.file.Path.of("report.html")).containsKey("nextDue"),
                "a finished crawl waits for nothing");
    }
}
