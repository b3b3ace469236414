package io.squall.bench.recrawl;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Issue #40's test of a crawl that runs for days: the first window after the warm-up against the last one,
 * each figure as the ratio last / first, and whether the targets stay within {@value #TOLERANCE} of flat
 * (heap after GC, CPU a page, the spout's search time). A window's CPU a page is its ticks over its pages;
 * its heap the mean of its minutes'; its search time the median of its minutes'.
 */
final class FlatnessReport {
    static final double TOLERANCE = 0.10;

    private final List<Minute> first;
    private final List<Minute> last;

    private FlatnessReport(List<Minute> first, List<Minute> last) {
        this.first = first;
        this.last = last;
    }

    /** The windows of {@code window} minutes after {@code warmup} minutes and at the end of the complete minutes. */
    static FlatnessReport of(List<Minute> minutes, int warmup, int window) {
        int end = minutes.size();
        return new FlatnessReport(minutes.subList(Math.min(warmup, end), Math.min(warmup + window, end)),
                minutes.subList(Math.max(0, end - window), end));
    }

    String text() {
        if (first.isEmpty() || last.isEmpty()) {
            return "  no window to compare: the crawl ended before the warm-up did\n";
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "  first window: minutes %d to %d; last window: minutes %d to %d%s%n", first.get(0).number(),
                first.get(first.size() - 1).number(), last.get(0).number(), last.get(last.size() - 1).number(),
                first.get(first.size() - 1).number() >= last.get(0).number() ? " (they overlap: the crawl was too short"
                        + " for two windows after the warm-up)" : ""));
        s.append(String.format(Locale.ROOT, "  %-44s %10s %10s %10s  %s%n", "", "first", "last", "last/first",
                "within 10%"));
        boolean flat = target(s, "heap after GC, MB (mean)", w -> Stats.mean(w.stream().map(Minute::heapMegabytes)
                .toList()));
        flat &= target(s, "CPU a page, crawler process, ms", w -> perPage(w, Minute::crawlerTicks));
        flat &= target(s, "CPU a page, machine, ms", w -> perPage(w, Minute::machineTicks));
        flat &= target(s, "spout search time, ms (median of minutes' p50)",
                w -> Stats.median(w.stream().map(m -> m.spout().p50Millis()).toList()));
        row(s, "CPU a page, node + web server, ms", w -> perPage(w, Minute::benchTicks), "");
        row(s, "status index searches, node ms each", w -> Minute.queryMillis(
                w.stream().mapToLong(Minute::statusQueryMillis).sum(), w.stream().mapToLong(Minute::statusQueries).sum()), "");
        row(s, "pages a minute", w -> w.stream().mapToLong(Minute::pages).average().orElse(Double.NaN), "");
        row(s, "spout searches a minute", w -> w.stream().mapToLong(m -> m.spout().searches()).average()
                .orElse(Double.NaN), "");
        s.append(flat ? "  FLAT: every target within 10%\n" : "  NOT FLAT: a target moved more than 10%\n");
        return s.toString();
    }

    private boolean target(StringBuilder s, String name, Function<List<Minute>, Double> figure) {
        double ratio = figure.apply(last) / figure.apply(first);
        boolean within = Math.abs(ratio - 1) <= TOLERANCE;
        row(s, name, figure, within ? "yes" : "NO");
        return within;
    }

    private void row(StringBuilder s, String name, Function<List<Minute>, Double> figure, String verdict) {
        double a = figure.apply(first);
        double b = figure.apply(last);
        s.append(String.format(Locale.ROOT, "  %-44s %10.2f %10.2f %10.3f  %s%n", name, a, b, b / a, verdict));
    }

    private static double perPage(List<Minute> window, ToLongFunction<Minute> ticks) {
        return Minute.millisAPage(window.stream().mapToLong(ticks).sum(), window.stream().mapToLong(Minute::pages).sum());
    }
}
