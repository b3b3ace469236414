package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RateHistoryTest {

    @Test
    void ratesAreBetweenConsecutiveTotals() {
        RateHistory history = new RateHistory(10);
        history.add(2_000, 10, 20_480, 0);
        history.add(4_000, 30, 40_960, 4);
        history.add(4_000, 99, 99, 99); // not after the last: ignored
        List<Map<String, Object>> rates = history.rates();
        assertEquals(List.of(RateHistory.rate(2, 5, 10, 0), RateHistory.rate(4, 10, 10, 2)), rates);
    }

    @Test
    void aLongCrawlIsThinnedToItsCapacityAndEveryRateStaysAnExactAverage() {
        RateHistory history = new RateHistory(8);
        // 10 pages a second for 100 s, then 20 a second for 100 s, one total a second.
        long pages = 0;
        for (int s = 1; s <= 200; s++) {
            pages += s <= 100 ? 10 : 20;
            history.add(s * 1000L, pages, pages * 1024, 0);
        }
        List<Map<String, Object>> rates = history.rates();
        assertTrue(rates.size() <= 8, rates.size() + " points");
        assertEquals(200.0, rates.get(rates.size() - 1).get("t"), "the last point is now");
        double area = 0;
        double before = 0;
        for (Map<String, Object> r : rates) {
            double t = (Double) r.get("t");
            double rate = (Double) r.get("pages");
            assertEquals(rate, (Double) r.get("kb"), 1e-9, "1 KB a page");
            assertTrue(rate >= 10 && rate <= 20, "an average of the rates: " + rate);
            area += rate * (t - before);
            before = t;
        }
        assertEquals(3000, area, 0.5, "the rates add up to the pages fetched");
    }

    @Test
    void aTinyCapacityIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RateHistory(3));
    }
}
