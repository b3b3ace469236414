package io.squall.freshness;

import java.util.Arrays;

/**
 * For tests and simulations: the freshness the optimal policy reaches with known change rates, found
 * independently of the planner's Lagrange solution: the budget handed out in small steps, each to the page
 * whose freshness grows most with it (greedy water-filling, exact in the limit since freshness is concave
 * in the fetch rate).
 */
public final class GreedyOptimum {
    private GreedyOptimum() {
    }

    /**
     * @param rates the pages' change rates, per second
     * @param budget fetches a second for all of them
     * @param steps how many parts the budget is handed out in
     * @return the mean expected freshness of the pages
     */
    public static double meanFreshness(double[] rates, double budget, int steps) {
        double[] f = fetchRates(rates, budget, steps);
        double sum = 0;
        for (int i = 0; i < rates.length; i++) {
            sum += RefreshMath.freshness(rates[i], 1 / f[i]);
        }
        return sum / rates.length;
    }

    /** The fetches a second the optimal policy gives each page (about 0 for a page it does not fetch). */
    public static double[] fetchRates(double[] rates, double budget, int steps) {
        double step = budget / steps;
        double[] f = new double[rates.length];
        Arrays.fill(f, 1e-9);
        for (int s = 0; s < steps; s++) {
            int best = 0;
            double bestGain = -1;
            for (int i = 0; i < rates.length; i++) {
                double gain = RefreshMath.freshness(rates[i], 1 / (f[i] + step)) - RefreshMath.freshness(rates[i], 1 / f[i]);
                if (gain > bestGain) {
                    bestGain = gain;
                    best = i;
                }
            }
            f[best] += step;
        }
        return f;
    }
}
