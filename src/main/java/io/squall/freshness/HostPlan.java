package io.squall.freshness;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One host's known pages, counted by how much freshness a fetch of each buys, and the price μ that spends the
 * host's fetch budget best (Cho and Garcia-Molina's Lagrange condition: every page is fetched at the rate
 * where its weighted marginal freshness equals μ; pages that change too fast for the budget get no more
 * than the slowest rate).
 *
 * <p>Pages are counted in buckets of ρ = λ/w (change rate over weight) a quarter of a factor of two wide
 * (193 buckets, about 2.4 KB a host); a bucket holds
 * its page count and the sum of its pages' weights, which is all the condition needs: a page in bucket k is
 * fetched at f = w·ρ_k / x(μ·ρ_k). Not thread-safe: its planner guards it.
 */
final class HostPlan {
    /** Buckets of ρ per second: 2^-40 (once in 35,000 years) to 2^8 (256 a second). */
    static final int LOWEST_EXPONENT = -40;
    /** Buckets per factor of two: a bucket's pages are planned at its middle, and near μλ = 1 that matters. */
    static final int PER_OCTAVE = 4;
    static final int BUCKETS = 48 * PER_OCTAVE + 1;

    private static final double LN2 = Math.log(2);
    /** How much each recorded estimate keeps of the ones before: a memory of about a thousand for the host. */
    private static final double RATE_MEMORY = 0.999;
    /** A pattern holds fewer pages than its host: a memory of about a hundred estimates. */
    private static final double PATTERN_RATE_MEMORY = 0.99;
    /** Path patterns whose rates a host keeps, the most recently used (about 100 bytes each). */
    static final int PATTERNS = 16;
    /** Estimates a pattern needs before its pages start from its rate rather than the host's: three (decayed). */
    static final double PATTERN_ESTIMATES = 2.5;

    private final int[] pages = new int[BUCKETS];
    private final double[] weights = new double[BUCKETS];
    private int total;
    private double price = Double.NaN;
    private int changesSinceSolved;
    private long solvedAtMillis;
    /** Pages fetched for the first time, per second, decayed: what the share kept for new URLs serves. */
    private double newPages;
    private long newPagesAtMillis;

    private final TypicalRate hostRate = new TypicalRate(RATE_MEMORY);
    /** Made at the first estimate recorded, at most {@value #PATTERNS} patterns. */
    private Map<String, TypicalRate> patternRates;

    void recordRate(String pattern, double rate) {
        hostRate.record(rate);
        if (patternRates == null) {
            patternRates = new LinkedHashMap<>(PATTERNS * 2, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, TypicalRate> eldest) {
                    return size() > PATTERNS;
                }
            };
        }
        patternRates.computeIfAbsent(pattern, p -> new TypicalRate(PATTERN_RATE_MEMORY)).record(rate);
    }

    /** The typical rate of the host's pages of that pattern, or of all its pages while the pattern has few (or is null). */
    double typicalRate(String pattern, double fallback) {
        TypicalRate ofPattern = patternRates == null ? null : patternRates.get(pattern);
        if (ofPattern != null && ofPattern.count() >= PATTERN_ESTIMATES) {
            return ofPattern.value(fallback);
        }
        return hostRate.value(fallback);
    }

    /** The bucket of a ratio of change rate (per second) to weight. */
    static int bucketOf(double rho) {
        if (!(rho > 0)) {
            return 0;
        }
        int step = (int) Math.floor((Math.log(rho) / LN2 - LOWEST_EXPONENT) * PER_OCTAVE);
        return Math.max(0, Math.min(BUCKETS - 1, step));
    }

    /** The ρ a bucket stands for: the geometric middle of its range. */
    static double rhoOf(int bucket) {
        return Math.pow(2, LOWEST_EXPONENT + (bucket + 0.5) / PER_OCTAVE);
    }

    void add(int bucket, double weight) {
        pages[bucket]++;
        weights[bucket] += weight;
        total++;
        changesSinceSolved++;
    }

    void remove(int bucket, double weight) {
        if (pages[bucket] == 0) {
            return; // counted by an earlier plan of this process that was forgotten since
        }
        pages[bucket]--;
        weights[bucket] = pages[bucket] == 0 ? 0 : Math.max(0, weights[bucket] - weight);
        total--;
        changesSinceSolved++;
    }

    int pages() {
        return total;
    }

    /** Records a page fetched for the first time; the decayed count has a time constant of {@code tau}. */
    void firstFetch(long nowMillis, double tauSeconds) {
        newPages = newPagesPerSecond(nowMillis, tauSeconds) + 1 / tauSeconds;
        newPagesAtMillis = nowMillis;
    }

    double newPagesPerSecond(long nowMillis, double tauSeconds) {
        double elapsed = Math.max(0, nowMillis - newPagesAtMillis) / 1000.0;
        return newPages * Math.exp(-elapsed / tauSeconds);
    }

    /**
     * The price for a budget, solved again when the counts moved by more than a sixty-fourth since, or a
     * few seconds passed: solving costs a few thousand exponentials, a page's fetch should not.
     */
    double price(double budget, double minInterval, double maxInterval, long nowMillis) {
        boolean moved = changesSinceSolved > Math.max(0, total / 64);
        if (Double.isNaN(price) || moved || nowMillis - solvedAtMillis > 5_000) {
            price = solve(budget, minInterval, maxInterval);
            changesSinceSolved = 0;
            solvedAtMillis = nowMillis;
        }
        return price;
    }

    /**
     * The μ at which the pages' rates sum to the budget; 0 when even the shortest interval for every page
     * stays within it, infinite when even the longest does not.
     */
    double solve(double budget, double minInterval, double maxInterval) {
        if (total == 0 || budget >= total / minInterval) {
            return 0;
        }
        if (budget <= total / maxInterval) {
            return Double.POSITIVE_INFINITY;
        }
        // ln μ, bisected: the planned rate falls as μ rises.
        double low = -60;
        double high = 60;
        for (int step = 0; step < 64; step++) {
            double mid = (low + high) / 2;
            if (plannedRate(Math.exp(mid), minInterval, maxInterval) > budget) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return Math.exp(high);
    }

    /** Fetches per second the pages would get at price μ. */
    double plannedRate(double price, double minInterval, double maxInterval) {
        double sum = 0;
        for (int k = 0; k < BUCKETS; k++) {
            if (pages[k] > 0) {
                double rho = rhoOf(k);
                double meanWeight = weights[k] / pages[k];
                sum += pages[k] * fetchRate(rho * meanWeight, meanWeight, price, minInterval, maxInterval);
            }
        }
        return sum;
    }

    /** The rate (fetches per second) at which a page of change rate λ and weight w is fetched at price μ. */
    static double fetchRate(double rate, double weight, double price, double minInterval, double maxInterval) {
        return 1 / interval(rate, weight, price, minInterval, maxInterval);
    }

    /** The seconds between two fetches of a page of change rate λ and weight w at price μ, within the bounds. */
    static double interval(double rate, double weight, double price, double minInterval, double maxInterval) {
        if (price <= 0) {
            return minInterval;
        }
        if (!(rate > 0)) {
            return maxInterval;
        }
        double gain = price * rate / weight;
        if (gain >= 1) {
            return maxInterval; // changes too fast to be kept fresh at this price: visited as rarely as allowed
        }
        double seconds = RefreshMath.ratioForGain(gain) / rate;
        return Math.max(minInterval, Math.min(maxInterval, seconds));
    }
}
