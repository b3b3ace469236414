package io.squall.cli;

import io.squall.config.Durations;
import io.squall.local.StopPolicy;
import io.squall.report.Counts;
import io.squall.report.LimitProgress;
import io.squall.report.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Formats the one-line progress report of a local crawl, within the terminal's width: fields that do not fit
 * are left out whole, the least important first, so that the line never wraps (a wrapped line cannot be
 * rewritten in place, and each refresh would leave a piece of it behind).
 */
final class ProgressLine {
    private static final String SEPARATOR = "  ";

    private ProgressLine() {
    }

    /** One field of the line; the lower the rank, the longer it stays when the width is short. */
    private record Field(int rank, String text) {
    }

    /**
     * The line for {@code now}; the current rate is over the interval since {@code before} (null: since the
     * start), the average over the whole run.
     *
     * @param limits the crawl's --max-pages and --duration, for the progress toward the nearer one
     * @param state "paused", "stopping" or null
     * @param columns the terminal's width: the line is shorter, the last column left free because some
     *                terminals wrap as soon as it is written
     */
    static String format(ProgressSample now, ProgressSample before, StopPolicy limits, String state, int columns) {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field(0, String.format(Locale.ROOT, "%7s", Durations.format(now.elapsed()))));
        fields.add(new Field(1, "fetched " + Counts.of(now.fetched())));
        fields.add(new Field(4, String.format(Locale.ROOT, "%,.1f/s (avg %,.1f/s)",
                now.pagesPerSecondSince(before), now.pagesPerSecondSince(null))));
        fields.add(new Field(9, Counts.of(Math.round(now.kbPerSecondSince(before))) + " KB/s"));
        fields.add(new Field(5, "discovered " + Counts.of(now.known())));
        fields.add(new Field(6, "errors " + Counts.of(now.errors())));
        LimitProgress limit = LimitProgress.toward(now, limits);
        if (limit != null) {
            fields.add(new Field(3, limit.text()));
        }
        // Threads wait out the hosts' delays while their URLs are in flight: fetching next to in flight says
        // so, where "threads 0/50" beside "in flight 85" looked stalled.
        fields.add(new Field(7, "in flight " + Counts.of(now.inFlight()) + " (" + Counts.of(now.activeThreads())
                + " fetching)"));
        fields.add(new Field(8, "due " + Counts.of(now.due())));
        fields.add(new Field(10, "queues " + Counts.of(now.queues())));
        if (state != null) {
            fields.add(new Field(2, "(" + state + ")"));
        }
        // Nothing to fetch for now: without this the line looked stalled while the crawl waited on purpose.
        if (now.nextDue() != null) {
            fields.add(new Field(2, "next due in " + now.nextDue().inText()));
        }
        return fit(fields, columns == TerminalWidth.UNBOUNDED ? columns : columns - 1);
    }

    /** Drops the least important fields until the line is at most {@code width} long (or one field is left). */
    private static String fit(List<Field> fields, int width) {
        List<Field> kept = new ArrayList<>(fields);
        while (kept.size() > 1 && join(kept).length() > width) {
            Field least = kept.get(0);
            for (Field f : kept) {
                if (f.rank() > least.rank()) {
                    least = f;
                }
            }
            kept.remove(least);
        }
        return join(kept);
    }

    private static String join(List<Field> fields) {
        return String.join(SEPARATOR, fields.stream().map(Field::text).toList());
    }
}
