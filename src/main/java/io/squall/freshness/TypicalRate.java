package io.squall.freshness;

/**
 * The typical change rate of a group of pages (a host, or a path pattern of a host): the geometric mean of
 * their estimates, each recorded estimate keeping a fixed share of the weight of those before it, so that
 * recent estimates weigh more. A geometric mean, because rates spread over orders of magnitude and the prior
 * a new page starts from should be the group's middle, not pulled up by its fastest page. Not thread-safe.
 */
final class TypicalRate {
    private final double memory;
    private double count;
    private double logSum;

    /** @param memory the share of the past each new estimate keeps (0.999: the last thousand or so count) */
    TypicalRate(double memory) {
        this.memory = memory;
    }

    void record(double rate) {
        count = count * memory + 1;
        logSum = logSum * memory + Math.log(rate);
    }

    /** The estimates recorded, decayed. */
    double count() {
        return count;
    }

    /** The typical rate, or {@code fallback} before a first estimate. */
    double value(double fallback) {
        return count < 1 ? fallback : Math.exp(logSum / count);
    }
}
