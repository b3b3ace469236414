package io.squall.cli;

import java.io.PrintStream;

/**
 * Writes progress lines: on a terminal one line rewritten in place, otherwise (a file, a pipe, a test)
 * one plain line per report.
 */
final class ProgressPrinter {
    private final PrintStream stream;
    private final boolean inPlace;
    private boolean lineOpen;

    ProgressPrinter(PrintStream stream, boolean inPlace) {
        this.stream = stream;
        this.inPlace = inPlace;
    }

    void update(String line) {
        if (inPlace) {
            stream.print("\r" + line + "\u001b[K");
            lineOpen = true;
        } else {
            stream.println(line);
        }
        stream.flush();
    }

    /** A message of its own, below the progress line. */
    void message(String line) {
        finish();
        stream.println(line);
        stream.flush();
    }

    /** Ends the in-place line so that what follows starts on a fresh one. */
    void finish() {
        if (lineOpen) {
            stream.println();
            lineOpen = false;
        }
    }
}
