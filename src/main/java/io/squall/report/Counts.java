package io.squall.report;

import java.util.Locale;

/** Counts as the progress line, the summary, the reports and the console write them: {@code 12,345}. */
public final class Counts {
    private Counts() {
    }

    public static String of(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
