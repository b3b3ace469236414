package io.squall.cli;

import java.util.Map;

/** How many columns the progress line may use, so that it never wraps (a wrapped line cannot be rewritten). */
final class TerminalWidth {
    /** What a terminal is assumed to have when it does not say. */
    static final int DEFAULT_COLUMNS = 80;
    /** No bound: a file or a pipe keeps every field. */
    static final int UNBOUNDED = Integer.MAX_VALUE;

    private TerminalWidth() {
    }

    /**
     * {@code COLUMNS} when set to a positive number (the {@code squall} script exports the terminal's width,
     * which shells keep to themselves), else {@link #DEFAULT_COLUMNS} on a terminal, else {@link #UNBOUNDED}.
     */
    static int columns(Map<String, String> env, boolean terminal) {
        String value = env.get("COLUMNS");
        if (value != null) {
            try {
                int columns = Integer.parseInt(value.trim());
                if (columns > 0) {
                    return columns;
                }
            } catch (NumberFormatException e) {
                // not a width: as if unset
            }
        }
        return terminal ? DEFAULT_COLUMNS : UNBOUNDED;
    }
}
