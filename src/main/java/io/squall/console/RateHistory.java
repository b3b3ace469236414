package io.squall.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A crawl's running totals over time, for the console's charts of pages, kilobytes and errors per second.
 * It keeps totals, not rates, so that thinning it stays exact: when it holds {@code capacity} points, every
 * other one is dropped, and each rate is then the average over a longer interval. A crawl of any length
 * is thus drawn from start to now in a bounded number of points.
 */
public final class RateHistory {
    private final int capacity;
    private final List<long[]> points = new ArrayList<>(); // millis since start, pages, bytes, errors

    public RateHistory(int capacity) {
        if (capacity < 4) {
            throw new IllegalArgumentException("a rate history needs at least 4 points, got " + capacity);
        }
        this.capacity = capacity;
    }

    /** Adds the totals at {@code elapsedMillis}; a time not after the last one is ignored. */
    public synchronized void add(long elapsedMillis, long pages, long bytes, long errors) {
        if (!points.isEmpty() && elapsedMillis <= points.get(points.size() - 1)[0]) {
            return;
        }
        if (points.size() == capacity) {
            thin();
        }
        points.add(new long[] {elapsedMillis, pages, bytes, errors});
    }

    // Keeps the first point, then every other one up to the last, which stays (it is "now").
    private void thin() {
        List<long[]> kept = new ArrayList<>(capacity / 2 + 2);
        for (int i = 0; i < points.size(); i += 2) {
            kept.add(points.get(i));
        }
        long[] last = points.get(points.size() - 1);
        if (kept.get(kept.size() - 1) != last) {
            kept.add(last);
        }
        points.clear();
        points.addAll(kept);
    }

    /**
     * The rates between consecutive points, each at the later point's time: {@code t} (seconds since the
     * start), {@code pages} and {@code errors} per second, {@code kb} (kilobytes per second).
     */
    public synchronized List<Map<String, Object>> rates() {
        List<Map<String, Object>> rates = new ArrayList<>(points.size());
        long[] before = {0, 0, 0, 0};
        for (long[] p : points) {
            double seconds = (p[0] - before[0]) / 1000.0;
            if (seconds > 0) {
                rates.add(rate(p[0] / 1000.0, (p[1] - before[1]) / seconds, (p[2] - before[2]) / 1024.0 / seconds,
                        (p[3] - before[3]) / seconds));
            }
            before = p;
        }
        return rates;
    }

    /** One point of a chart: time in seconds and the three rates, rounded for the page. */
    public static Map<String, Object> rate(double t, double pages, double kb, double errors) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("t", round(t));
        point.put("pages", round(pages));
        point.put("kb", round(kb));
        point.put("errors", round(errors));
        return point;
    }

    private static double round(double x) {
        return Math.round(x * 100) / 100.0;
    }
}
