package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RefreshPlannerTest {
    private static final double MIN = 1;
    private static final double MAX = 1e9;

    /** Change rates spread log-uniformly from one a second to one in ten hours. */
    private static double[] spreadRates(int pages, long seed) {
        Random random = new Random(seed);
        double[] rates = new double[pages];
        for (int i = 0; i < pages; i++) {
            rates[i] = Math.exp(Math.log(1.0 / 36_000) + random.nextDouble() * Math.log(36_000));
        }
        return rates;
    }

    /** A page of known rate and weight, placed by the planner. */
    private static RefreshPlanner.Planned plan(RefreshPlanner planner, String host, double rate, double weight,
            String place, boolean first, long now) {
        return planner.plan(host, new RefreshPlanner.Page(rate, weight, false, 0), place, first, now);
    }

    /** The planner's intervals once every page was placed (a second pass, as in a crawl's second round). */
    private static double[] plannedIntervals(RefreshPlanner planner, double[] rates, long now) {
        String[] places = new String[rates.length];
        double[] intervals = new double[rates.length];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < rates.length; i++) {
                RefreshPlanner.Planned planned = plan(planner, "h", rates[i], 1, places[i], pass == 0, now + pass * 600_000L);
                places[i] = planned.place();
                intervals[i] = planned.intervalSeconds();
            }
        }
        return intervals;
    }

    private static double meanFreshness(double[] rates, double[] intervals) {
        double sum = 0;
        for (int i = 0; i < rates.length; i++) {
            sum += RefreshMath.freshness(rates[i], intervals[i]);
        }
        return sum / rates.length;
    }

    @Test
    void theHostsBudgetIsSpentWhereItBuysTheMostFreshness() {
        double[] rates = spreadRates(200, 11);
        double budget = 2; // fetches a second: 100 s to visit every page once
        double[] intervals = plannedIntervals(new RefreshPlanner(budget, 0, MIN, MAX, 10), rates, 0);

        double spent = Arrays.stream(intervals).map(i -> 1 / i).sum();
        assertEquals(budget, spent, budget * 0.1, "the plan spends the budget, no more");

        double planned = meanFreshness(rates, intervals);
        double optimum = GreedyOptimum.meanFreshness(rates, budget, 40_000);
        double[] uniform = new double[rates.length];
        Arrays.fill(uniform, rates.length / budget);
        double uniformFreshness = meanFreshness(rates, uniform);
        assertTrue(planned >= 0.97 * optimum, "planned " + planned + ", optimum " + optimum);
        assertTrue(planned > uniformFreshness * 1.05, "planned " + planned + ", uniform " + uniformFreshness);
    }

    @Test
    void aPageThatChangesTooFastIsFetchedLessOftenThanOneThatCanBeKeptFresh() {
        double[] rates = {1.0, 1.0 / 200, 1.0 / 20_000};
        double[] many = new double[60];
        for (int i = 0; i < many.length; i++) {
            many[i] = rates[i % 3];
        }
        double[] intervals = plannedIntervals(new RefreshPlanner(0.2, 0, MIN, MAX, 10), many, 0);
        double fast = intervals[0];
        double medium = intervals[1];
        double slow = intervals[2];
        assertTrue(medium < fast, "medium " + medium + " s, fast " + fast + " s");
        assertTrue(medium < slow, "medium " + medium + " s, slow " + slow + " s");
    }

    @Test
    void aKnownChangeIsWorthAFetchNowOnlyForAPageTheBudgetCanKeepFreshAndWhenItsPlannedFetchIsFar() {
        // μ/w = 100 s: a fetch must buy 100 s of freshness. A page that changes every 50 s never stays fresh so long.
        assertEquals(Double.POSITIVE_INFINITY, RefreshPlanner.knownChangeLead(1.0 / 50, 100));
        assertEquals(Double.POSITIVE_INFINITY, RefreshPlanner.knownChangeLead(1.0 / 100, 100));
        // Every 1,000 s: fresh for (1 − e^(−T/1000))·1000 s if fetched now, which reaches 100 s at T ≈ 105.4 s.
        double lead = RefreshPlanner.knownChangeLead(1.0 / 1000, 100);
        assertEquals(1000 * -Math.log(0.9), lead, 1e-9);
        assertEquals(100, -Math.expm1(-lead / 1000) * 1000, 1e-9, "at that lead the fetch buys exactly its price");
        assertEquals(0, RefreshPlanner.knownChangeLead(1.0 / 50, 0), "a host without a bound: always worth it");

        // 60 pages changing every 200 s on a host allowing a fetch every 5 s (each page every 300 s): a fetch
        // is worth about 90 s of freshness at the margin.
        RefreshPlanner planner = new RefreshPlanner(0.2, 0, MIN, MAX, 10);
        double[] many = new double[60];
        Arrays.fill(many, 1.0 / 200);
        plannedIntervals(planner, many, 0);
        assertEquals(Double.POSITIVE_INFINITY, plan(planner, "h", 1.0, 1, null, false, 0).knownChangeLeadSeconds(),
                "a page changing every second");
        assertTrue(plan(planner, "h", 1.0 / 20_000, 1, null, false, 0).knownChangeLeadSeconds() < 600,
                "a page changing every 5.5 hours");
    }

    @Test
    void aHeavierPageIsFetchedMoreOften() {
        RefreshPlanner planner = new RefreshPlanner(1, 0, MIN, MAX, 10);
        for (int i = 0; i < 50; i++) {
            plan(planner, "h", 1.0 / 300, 1, null, true, 0);
        }
        double plain = plan(planner, "h", 1.0 / 300, 1, null, false, 0).intervalSeconds();
        double weighty = plan(planner, "h", 1.0 / 300, 5, null, false, 0).intervalSeconds();
        assertTrue(weighty < plain, "weight 5: " + weighty + " s, weight 1: " + plain + " s");
    }

    @Test
    void aRefetchMovesThePageInsteadOfCountingItTwiceAndAnotherPlannersPlaceIsCountedAnew() {
        RefreshPlanner planner = new RefreshPlanner(1, 0, MIN, MAX, 10);
        String place = plan(planner, "h", 0.01, 1, null, true, 0).place();
        for (int i = 0; i < 10; i++) {
            place = plan(planner, "h", 0.01 * (i + 2), 1, place, false, 0).place();
        }
        assertEquals(1, planner.pagesOf("h"));
        RefreshPlanner restarted = new RefreshPlanner(1, 0, MIN, MAX, 10);
        String newPlace = plan(restarted, "h", 0.01, 1, place, false, 0).place();
        assertEquals(1, restarted.pagesOf("h"));
        assertNotEquals(place.split(":")[0], newPlace.split(":")[0]);
        assertEquals(0, planner.pagesOf("other"));
    }

    @Test
    void whileNewPagesAreFetchedAShareOfTheBudgetIsKeptForThem() {
        double[] rates = spreadRates(100, 12);
        RefreshPlanner keeping = new RefreshPlanner(1, 0.5, MIN, MAX, 10);
        // every page fetched for the first time within a minute: new pages keep coming
        for (int i = 0; i < rates.length; i++) {
            plan(keeping, "h", rates[i], 1, null, true, i * 600L);
        }
        RefreshPlanner spending = new RefreshPlanner(1, 0, MIN, MAX, 10);
        plannedIntervals(spending, rates, 0);
        double kept = 1 / plan(keeping, "h", rates[0], 1, null, false, 60_000).intervalSeconds();
        double spent = 1 / plan(spending, "h", rates[0], 1, null, false, 600_000).intervalSeconds();
        assertTrue(kept < spent, "a page gets fewer fetches while half the budget is kept for new pages");
    }

    @Test
    void withAnAmpleBudgetEveryPageGetsTheShortestIntervalAndWithNoneTheLongest() {
        RefreshPlanner ample = new RefreshPlanner(100, 0, 10, 1000, 10);
        assertEquals(10, plan(ample, "h", 0.5, 1, null, true, 0).intervalSeconds(), 1e-9);
        RefreshPlanner starved = new RefreshPlanner(0.001, 0, 10, 1000, 10);
        for (int i = 0; i < 5; i++) {
            plan(starved, "h", 0.5, 1, null, true, 0);
        }
        assertEquals(1000, plan(starved, "h", 0.5, 1, null, false, 0).intervalSeconds(), 1e-9);
    }

    @Test
    void aPageChangedAtEveryFetchIsProbedSoonerUntilItProvesTooFastAndIsThenLeftAtTheLongestInterval() {
        RefreshPlanner planner = new RefreshPlanner(1, 0, MIN, MAX, 10);
        double[] rates = spreadRates(100, 13);
        for (double rate : rates) {
            plan(planner, "h", rate, 1, null, true, 0);
        }
        double estimate = 1.0 / 300; // what a few changed fetches at long intervals tell
        double planned = plan(planner, "h", estimate, 1, null, false, 0).intervalSeconds();
        double probed = planner.plan("h", new RefreshPlanner.Page(estimate, 1, true, 2 * planned), null, false, 0)
                .intervalSeconds();
        assertEquals(planned, probed, 1e-9, "half of twice its planned interval: the plan's own, the sooner");
        double sooner = planner.plan("h", new RefreshPlanner.Page(estimate, 1, true, planned), null, false, 0)
                .intervalSeconds();
        assertEquals(planned / 2, sooner, 1e-9, "changed again within its interval: probed at half of it");
        RefreshPlanner.Planned tooFast = planner.plan("h", new RefreshPlanner.Page(estimate, 1, true, MIN), null,
                false, 0);
        assertEquals(MAX, tooFast.intervalSeconds(), 1e-9, "changed even within a second: not worth a fetch");
        assertTrue(tooFast.place().endsWith(":" + (HostPlan.BUCKETS - 1) + ":1"), "counted as asking for nothing: "
                + tooFast.place());
    }

    @Test
    void aNewPageStartsFromItsPatternsRateOnceThePatternHasEstimatesElseFromItsHosts() {
        RefreshPlanner planner = new RefreshPlanner(1, 0.2, MIN, MAX, 10);
        assertEquals(0.5, planner.typicalRate("h", "/news/", 0.5), "a host without estimates: the fallback");
        for (int i = 0; i < 20; i++) {
            planner.recordRate("h", "/news/", 1.0 / 60);
            planner.recordRate("h", "/archive/", 1.0 / 86_400);
        }
        assertEquals(1.0 / 60, planner.typicalRate("h", "/news/", 0.5), 1e-9);
        assertEquals(1.0 / 86_400, planner.typicalRate("h", "/archive/", 0.5), 1e-12);
        double host = planner.typicalRate("h", "/shop/", 0.5);
        double middle = Math.sqrt(1.0 / 60 / 86_400);
        assertEquals(middle, host, 0.02 * middle, "a pattern never seen: the host's geometric mean");

        planner.recordRate("h", "/shop/", 1);
        planner.recordRate("h", "/shop/", 1);
        assertEquals(planner.typicalRate("h", "/other/", 0.5), planner.typicalRate("h", "/shop/", 0.5),
                "two estimates are too few for a pattern of its own");
        planner.recordRate("h", "/shop/", 1);
        assertEquals(1, planner.typicalRate("h", "/shop/", 0.5), 1e-9);
    }

    @Test
    void aHostKeepsTheRatesOfItsMostRecentlyUsedPatternsOnly() {
        RefreshPlanner planner = new RefreshPlanner(1, 0.2, MIN, MAX, 10);
        for (int i = 0; i < 5; i++) {
            planner.recordRate("h", "/first/", 1);
        }
        for (int p = 0; p < HostPlan.PATTERNS; p++) {
            for (int i = 0; i < 5; i++) {
                planner.recordRate("h", "/other" + p + "/", 1e-4);
            }
        }
        assertNotEquals(1, planner.typicalRate("h", "/first/", 0.5), 1e-6,
                "the least recently used pattern was forgotten: the host's rate stands for it");
        assertEquals(1e-4, planner.typicalRate("h", "/other0/", 0.5), 1e-9);
    }
}
