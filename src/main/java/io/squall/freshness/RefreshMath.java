package io.squall.freshness;

/**
 * The closed forms of Cho and Garcia-Molina for a page whose changes are a Poisson process of rate λ (per
 * second) and whose copy is refreshed every I seconds ("Effective page refresh policies for web crawlers",
 * ACM TODS 28(4), 2003), and their rate estimator ("Estimating frequency of change", ACM TOIT 3(3), 2003).
 */
public final class RefreshMath {
    private RefreshMath() {
    }

    /** Expected share of the time the copy equals the live page: (1 − e^(−λI)) / (λI). */
    public static double freshness(double rate, double intervalSeconds) {
        double x = rate * intervalSeconds;
        if (x < 1e-9) {
            return 1 - x / 2;
        }
        return -Math.expm1(-x) / x;
    }

    /** Expected time since the live page first differed from the copy: I/2 − 1/λ + (1 − e^(−λI)) / (λ²I). */
    public static double age(double rate, double intervalSeconds) {
        double x = rate * intervalSeconds;
        if (x < 1e-6) {
            return rate * intervalSeconds * intervalSeconds / 6; // the series' first term: the form cancels badly
        }
        return intervalSeconds / 2 - 1 / rate + -Math.expm1(-x) / (rate * x);
    }

    /**
     * The change rate from n observations at a mean interval, X of which found a change: Cho's bias-corrected
     * −ln((n − X + 0.5) / (n + 0.5)) / interval. The naive X / (n·interval) misses the changes that fell
     * between two observations; this does not, and stays finite when every observation found a change.
     */
    public static double estimateRate(double observations, double changes, double meanIntervalSeconds) {
        if (observations <= 0 || meanIntervalSeconds <= 0) {
            throw new IllegalArgumentException("an estimate needs observations and an interval");
        }
        double unchanged = Math.max(0, observations - changes);
        return -Math.log((unchanged + 0.5) / (observations + 0.5)) / meanIntervalSeconds;
    }

    /**
     * The change rate from changes whose dates are known: the maximum-likelihood changes / exposure, where the
     * exposure is the seconds the page is known to have stayed unchanged (whole intervals without a change,
     * and from each change's date to the fetch that found it). A change's date says that nothing changed after
     * it, which the "changed since the last fetch" of {@link #estimateRate} cannot say, so fewer fetches give
     * the same precision ("Estimating frequency of change", section 5: last date of change known).
     */
    public static double estimateRateFromDates(double changes, double exposureSeconds) {
        if (changes < 0 || exposureSeconds <= 0) {
            throw new IllegalArgumentException("an estimate from dates needs an exposure and no negative count");
        }
        return changes / exposureSeconds;
    }

    /**
     * The marginal freshness a page of weight w gains per extra fetch a second, over its weight and rate:
     * with x = λ/f, w·∂F/∂f = (w/λ)·g(x), g(x) = 1 − (1 + x)·e^(−x). It grows from 0 (fetched very often) to 1
     * (almost never), so a page whose λ/w is at or above 1/μ is not worth a fetch at the host's price μ.
     */
    static double marginalGain(double x) {
        return -Math.expm1(-x) - x * Math.exp(-x);
    }

    /**
     * The x = λ/f at which {@link #marginalGain} equals {@code gain}, for 0 &lt; gain &lt; 1; Newton's method
     * from the small-x and large-x approximations, to a relative error under 1e-9.
     */
    static double ratioForGain(double gain) {
        if (gain <= 0) {
            return 0;
        }
        if (gain >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        // g(x) ≈ x²/2 near 0; g(x) ≈ 1 − x·e^(−x) for large x.
        double x = gain < 0.5 ? Math.sqrt(2 * gain) : -Math.log(1 - gain) + Math.log(1 - Math.log(1 - gain));
        for (int step = 0; step < 50; step++) {
            double slope = x * Math.exp(-x); // g'(x)
            if (slope <= 0) {
                break;
            }
            double next = x - (marginalGain(x) - gain) / slope;
            if (next <= 0) {
                next = x / 2;
            }
            if (Math.abs(next - x) <= 1e-10 * x) {
                return next;
            }
            x = next;
        }
        return x;
    }
}
