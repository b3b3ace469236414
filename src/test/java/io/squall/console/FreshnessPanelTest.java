package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.squall.report.FreshnessFigures;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FreshnessPanelTest {
    private static final FreshnessFigures FIGURES = new FreshnessFigures(40,
            Map.of("changed", 10L, "unchanged", 5L, "not-modified", 5L, "first", 20L), 0.8, 200.0,
            List.of(new FreshnessFigures.HostFreshness("slow.example", 4, 0.25, 3_600.0)));

    @Test
    void itShowsTheFiguresAndTheLeastFreshHostsWithAgesInText() {
        Map<String, Object> panel = FreshnessPanel.of(FIGURES);
        assertEquals(40L, panel.get("pages"));
        assertEquals(0.25, (Double) panel.get("wastedShare"), 1e-9, "5 unchanged of 20 compared");
        assertEquals("3m20s", panel.get("age"));
        Map<?, ?> host = (Map<?, ?>) ((List<?>) panel.get("leastFresh")).get(0);
        assertEquals("slow.example", host.get("host"));
        assertEquals("1h00m00s", host.get("age"));
        assertNull(FreshnessPanel.of(FreshnessFigures.NONE), "no page fetched twice: no panel");
    }

    @Test
    void itReadsTheIndexAtMostOncePerPeriodAndKeepsTheLastFiguresWhenTheIndexIsAway() {
        AtomicInteger reads = new AtomicInteger();
        FreshnessPanel panel = new FreshnessPanel(() -> {
            if (reads.incrementAndGet() > 1) {
                throw new IllegalStateException("OpenSearch is away");
            }
            return FIGURES;
        }, Duration.ZERO);
        Map<String, Object> first = panel.snapshot();
        assertEquals(first, panel.snapshot(), "the figures read last stay while the index cannot be read");
        assertEquals(2, reads.get());

        AtomicInteger slowReads = new AtomicInteger();
        FreshnessPanel slow = new FreshnessPanel(() -> {
            slowReads.incrementAndGet();
            return FIGURES;
        }, Duration.ofHours(1));
        slow.snapshot();
        slow.snapshot();
        slow.snapshot();
        assertEquals(1, slowReads.get(), "one aggregation per period, however often the page asks");
    }
}
