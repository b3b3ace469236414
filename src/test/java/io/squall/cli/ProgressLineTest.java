package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.local.StopPolicy;
import io.squall.local.StopReason;
import io.squall.report.NextDue;
import io.squall.report.ProgressSample;
import io.squall.testsupport.StatusCounts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    private static final StopPolicy NO_LIMIT = new StopPolicy(null, null);
    private static final int UNBOUNDED = TerminalWidth.UNBOUNDED;

    private static ProgressSample sample(Duration elapsed, long fetched, long bytes, long handedOut) {
        return new ProgressSample(elapsed, fetched, bytes, 6_739, 5_432, 7, 0, 4_000, 250, handedOut, 48, 50, 20, null);
    }

    /** A crawl far along: numbers as large as a long crawl makes them. */
    private static ProgressSample large() {
        return new ProgressSample(Duration.ofSeconds(3 * 3600 + 25 * 60 + 45), 12_345_678, 987_654_321_000L,
                98_765_432, 80_000_000, 1_234_567, 0, 45_678_901, 123_456, 12_400_000, 50, 50, 9_876, null);
    }

    @Test
    void progressLineHasRunningTotalsAndCurrentAndAverageRates() {
        ProgressSample before = sample(Duration.ofSeconds(10), 100, 1_024_000, 100);
        ProgressSample now = sample(Duration.ofSeconds(12), 1_300, 3_072_000, 1_550);
        assertEquals("    12s  fetched 1,300  600.0/s (avg 108.3/s)  1,000 KB/s  discovered 6,739  errors 7"
                + "  in flight 250 (48 fetching)  due 4,000  queues 20",
                ProgressLine.format(now, before, NO_LIMIT, null, UNBOUNDED));
        assertTrue(ProgressLine.format(now, null, NO_LIMIT, null, UNBOUNDED).startsWith("    12s  fetched 1,300"
                + "  108.3/s (avg 108.3/s)"), "without an earlier sample: since the start");
        assertTrue(ProgressLine.format(now, before, NO_LIMIT, "paused", UNBOUNDED).endsWith("queues 20  (paused)"));
    }

    @Test
    void anIdleCrawlWaitingForItsNextDueUrlSaysWhenItIsDueAndKeepsThatWhenTheLineIsShort() {
        java.time.Instant now = java.time.Instant.parse("2026-11-27T10:00:00Z");
        ProgressSample waiting = new ProgressSample(Duration.ofMinutes(2), 3, 3_072, 3, 0, 0, 0, 0, 0, 3, 0, 50, 0,
                NextDue.of(now.plusSeconds(42), now));
        String line = ProgressLine.format(waiting, null, new StopPolicy(null, Duration.ofMinutes(30)), null, UNBOUNDED);
        assertTrue(line.endsWith("due 0  queues 0  next due in 42s"), line);
        assertEquals("  2m00s  fetched 3  6% of 30m00s, ETA 28m00s  next due in 42s",
                ProgressLine.format(waiting, null, new StopPolicy(null, Duration.ofMinutes(30)), null, 64));
    }

    @Test
    void discoveredIsEveryUrlKnownNotTheOnesLeftToFetch() {
        Map<String, Long> byStatus = StatusCounts.of(10, 90, 4, 1, 2);
        assertEquals(107, ProgressSample.known(byStatus));
        byStatus.put("DISCOVERED", 0L); // all fetched: the total stays
        byStatus.put("FETCHED", 100L);
        assertEquals(107, ProgressSample.known(byStatus));
    }

    @Test
    void progressTowardMaxPagesCountsThePagesFetchedWithAnEtaAtTheAveragePace() {
        // 1,250 of 5,000 fetched in 50 s: 25/s, so 3,750 more take 150 s.
        String line = ProgressLine.format(sample(Duration.ofSeconds(50), 1_250, 0, 1_300), null,
                new StopPolicy(5_000, null), null, UNBOUNDED);
        assertTrue(line.contains("  25% of 5,000 pages, ETA 2m30s  "), line);
        // One host at a page a second: its queue got 60 URLs at once, 9 were fetched; the progress is the 9.
        String slow = ProgressLine.format(sample(Duration.ofSeconds(9), 9, 0, 60), null,
                new StopPolicy(200, null), null, UNBOUNDED);
        assertTrue(slow.contains("  4% of 200 pages, ETA 3m11s  "), slow);
        String none = ProgressLine.format(sample(Duration.ofSeconds(5), 0, 0, 0), null, new StopPolicy(5_000, null),
                null, UNBOUNDED);
        assertTrue(none.contains("  0% of 5,000 pages  "), "no pace yet, no ETA: " + none);
        String over = ProgressLine.format(sample(Duration.ofSeconds(50), 6_000, 0, 6_000), null,
                new StopPolicy(5_000, null), null, UNBOUNDED);
        assertTrue(over.contains("  100% of 5,000 pages, ETA 0s  "), over);
    }

    @Test
    void progressTowardDurationAndTheNearerOfTwoLimits() {
        String line = ProgressLine.format(sample(Duration.ofSeconds(45), 1_250, 0, 1_300), null,
                new StopPolicy(null, Duration.ofMinutes(15)), null, UNBOUNDED);
        assertTrue(line.contains("  5% of 15m00s, ETA 14m15s  "), line);
        // At 25/s the 5,000 pages take 150 s more: before the 15 minutes are up.
        ProgressSample at50s = sample(Duration.ofSeconds(50), 1_250, 0, 1_300);
        String pagesFirst = ProgressLine.format(at50s, null, new StopPolicy(5_000, Duration.ofMinutes(15)), null,
                UNBOUNDED);
        assertTrue(pagesFirst.contains("25% of 5,000 pages, ETA 2m30s") && !pagesFirst.contains("15m00s"), pagesFirst);
        String timeFirst = ProgressLine.format(at50s, null, new StopPolicy(5_000, Duration.ofSeconds(60)), null,
                UNBOUNDED);
        assertTrue(timeFirst.contains("83% of 1m00s, ETA 10s") && !timeFirst.contains("pages"), timeFirst);
    }

    @Test
    void progressLineFitsTheTerminalDroppingWholeFieldsLeastImportantFirst() {
        StopPolicy limits = new StopPolicy(20_000_000, null);
        String full = ProgressLine.format(large(), null, limits, "stopping", UNBOUNDED);
        List<String> fields = List.of("fetched 12,345,678", "(avg 1,000.1/s)", "KB/s",
                "discovered 98,765,432", "errors 1,234,567", "61% of 20,000,000 pages, ETA 2h07m33s",
                "in flight 123,456 (50 fetching)", "due 45,678,901", "queues 9,876", "(stopping)");
        fields.forEach(f -> assertTrue(full.contains(f), f + " in " + full));

        for (int columns : new int[] {80, 120}) {
            String line = ProgressLine.format(large(), null, limits, "stopping", columns);
            assertTrue(line.length() < columns, columns + " columns, the last left free: " + line.length() + " " + line);
            for (String part : line.trim().split("  ")) {
                assertTrue(full.contains(part), "a whole field: " + part);
            }
        }
        // Narrowing the terminal a column at a time: the fields go in this order, the time stays.
        List<String> dropped = new java.util.ArrayList<>();
        for (int columns = full.length() + 1; columns > 0; columns--) {
            String line = ProgressLine.format(large(), null, limits, "stopping", columns);
            fields.stream().filter(f -> !line.contains(f) && !dropped.contains(f)).forEach(dropped::add);
        }
        assertEquals(List.of("queues 9,876", "KB/s", "due 45,678,901", "in flight 123,456 (50 fetching)",
                "errors 1,234,567", "discovered 98,765,432", "(avg 1,000.1/s)",
                "61% of 20,000,000 pages, ETA 2h07m33s", "(stopping)", "fetched 12,345,678"), dropped);
        assertEquals("3h25m45s  fetched 12,345,678  61% of 20,000,000 pages, ETA 2h07m33s  (stopping)",
                ProgressLine.format(large(), null, limits, "stopping", 80));
        assertEquals("3h25m45s", ProgressLine.format(large(), null, limits, "stopping", 5), "one field at least");
    }

    @Test
    void widthFromColumnsElse80OnATerminalElseUnbounded() {
        assertEquals(120, TerminalWidth.columns(Map.of("COLUMNS", "120"), false));
        assertEquals(100, TerminalWidth.columns(Map.of("COLUMNS", "100"), true));
        assertEquals(80, TerminalWidth.columns(Map.of(), true));
        assertEquals(80, TerminalWidth.columns(Map.of("COLUMNS", "wide"), true));
        assertEquals(80, TerminalWidth.columns(Map.of("COLUMNS", "0"), true));
        assertEquals(TerminalWidth.UNBOUNDED, TerminalWidth.columns(Map.of(), false));
    }

    @Test
    void printerRewritesOneLineOnATerminalOnly() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressPrinter terminal = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        terminal.update("a");
        terminal.update("b");
        terminal.finish();
        assertEquals("\ra\u001b[K\rb\u001b[K" + System.lineSeparator(), bytes.toString(StandardCharsets.UTF_8));

        bytes.reset();
        ProgressPrinter plain = new ProgressPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        plain.update("a");
        plain.update("b");
        plain.finish();
        assertEquals("a" + System.lineSeparator() + "b" + System.lineSeparator(), bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void stopsAtLimitsOrWhenDry() {
        StopPolicy policy = new StopPolicy(100, Duration.ofMinutes(5));
        assertNull(policy.limitReached(Duration.ofSeconds(1), 99));
        assertEquals(StopReason.MAX_PAGES, policy.limitReached(Duration.ofSeconds(1), 100));
        assertEquals(StopReason.DURATION, policy.limitReached(Duration.ofMinutes(5), 0));
        assertNull(new StopPolicy(null, null).limitReached(Duration.ofDays(1), Long.MAX_VALUE));

        assertTrue(StopPolicy.isIdle(0, 0, 0));
        assertFalse(StopPolicy.isIdle(1, 0, 0), "a URL in flight may still discover links");
        assertFalse(StopPolicy.isIdle(0, 1, 0), "a due URL will be emitted");
        assertTrue(StopPolicy.isIdle(0, 2, 2), "URLs that failed under --max-pages' budget are left for the next run");
        assertFalse(StopPolicy.mayBeIdle(3));
    }
}
