package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RefreshMathTest {

    /** Time-averaged freshness of a simulated Poisson page, refreshed every {@code interval} seconds. */
    private static double simulatedFreshness(double rate, double interval, long seed) {
        Random random = new Random(seed);
        double fresh = 0;
        int periods = 200_000;
        for (int i = 0; i < periods; i++) {
            double firstChange = -Math.log(1 - random.nextDouble()) / rate;
            fresh += Math.min(firstChange, interval);
        }
        return fresh / (periods * interval);
    }

    @Test
    void freshnessMatchesASimulatedPoissonPage() {
        for (double x : new double[] {0.1, 1, 3}) {
            double rate = 0.01;
            double interval = x / rate;
            assertEquals(simulatedFreshness(rate, interval, 7), RefreshMath.freshness(rate, interval), 0.005,
                    "λI = " + x);
        }
        assertEquals(1, RefreshMath.freshness(1e-12, 1), 1e-9);
    }

    @Test
    void ageIsZeroForAPageThatNeverChangesAndGrowsWithTheInterval() {
        assertEquals(0, RefreshMath.age(1e-12, 10), 1e-6);
        assertTrue(RefreshMath.age(0.01, 100) < RefreshMath.age(0.01, 1000));
        // λI large: the copy is stale almost all the time, about I/2 − 1/λ old on average
        assertEquals(500 - 1, RefreshMath.age(1, 1000), 0.01);
    }

    @Test
    void theEstimatorRecoversARateWhereTheNaiveOneIsBiasedLow() {
        double rate = 1.0 / 100;
        double interval = 150;
        Random random = new Random(3);
        int n = 20_000;
        int changed = 0;
        for (int i = 0; i < n; i++) {
            if (random.nextDouble() < -Math.expm1(-rate * interval)) {
                changed++;
            }
        }
        double estimate = RefreshMath.estimateRate(n, changed, interval);
        assertEquals(rate, estimate, rate * 0.05);
        assertTrue(changed / (n * interval) < rate * 0.8, "the naive estimate misses changes between fetches");
        assertTrue(Double.isFinite(RefreshMath.estimateRate(5, 5, 10)), "every fetch found a change");
    }

    @Test
    void theGainIsInvertedAcrossItsRange() {
        for (double gain : new double[] {1e-9, 1e-4, 0.01, 0.3, 0.5, 0.9, 0.999, 0.999999}) {
            double x = RefreshMath.ratioForGain(gain);
            assertEquals(gain, RefreshMath.marginalGain(x), gain * 1e-6, "gain " + gain);
        }
    }

    @Test
    void theEstimateFromDatesIsChangesOverExposure() {
        assertEquals(3.0 / 600, RefreshMath.estimateRateFromDates(3, 600), 1e-12);
        assertEquals(0, RefreshMath.estimateRateFromDates(0, 600));
        assertThrows(IllegalArgumentException.class, () -> RefreshMath.estimateRateFromDates(1, 0));
    }
}
