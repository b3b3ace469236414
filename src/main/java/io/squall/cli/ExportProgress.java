package io.squall.cli;

import io.squall.report.Counts;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress of an export on stderr: documents written of the index's total and the rate, once the
 * export has run a second (a small index says only its closing line), then at most once a second.
 */
final class ExportProgress {
    private static final long SECOND = 1_000_000_000L;

    private final ProgressPrinter printer;
    private final String index;
    private final LongSupplier nanoTime;
    private final long start;
    private long lastPrint;

    ExportProgress(ProgressPrinter printer, String index, LongSupplier nanoTime) {
        this.printer = printer;
        this.index = index;
        this.nanoTime = nanoTime;
        this.start = nanoTime.getAsLong();
        this.lastPrint = start;
    }

    /** After each page: {@code done} documents written so far, of {@code total} (-1 when unknown). */
    void update(long done, long total) {
        long now = nanoTime.getAsLong();
        if (now - lastPrint < SECOND) {
            return;
        }
        lastPrint = now;
        String of = total < 0 ? " documents" : " of " + Counts.of(total) + " documents"
                + String.format(Locale.ROOT, " (%d%%)", total == 0 ? 100 : done * 100 / total);
        printer.update(String.format(Locale.ROOT, "Exporting '%s': %s%s, %s docs/s", index,
                Counts.of(done), of, Counts.of(Math.round(rate(done, now)))));
    }

    /** The closing line: how many documents went where, how fast. */
    void finish(long done, String destination) {
        long now = nanoTime.getAsLong();
        printer.message(String.format(Locale.ROOT, "Exported %s documents of index '%s' to %s in %.1f s (%s docs/s).",
                Counts.of(done), index, destination, (now - start) / 1e9,
                Counts.of(Math.round(rate(done, now)))));
    }

    private double rate(long done, long now) {
        return done * 1e9 / Math.max(now - start, 1_000_000L);
    }
}
