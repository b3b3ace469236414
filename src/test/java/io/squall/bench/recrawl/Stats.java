package io.squall.bench.recrawl;

import java.util.Collection;

/** The two statistics the benchmark takes of a series, NaN values (a figure not measured) left out. */
final class Stats {
    private Stats() {
    }

    /** NaN for no value. */
    static double median(Collection<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).sorted()
                .toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** NaN for no value. */
    static double mean(Collection<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).average()
                .orElse(Double.NaN);
    }
}
