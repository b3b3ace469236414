package io.squall.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses human durations for {@code --duration}: {@code 90}, {@code 90s}, {@code 15m}, {@code 2h}, {@code 1h30m}. */
final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+)([hms]?)");

    private Durations() {
    }

    static Duration parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = PART.matcher(s);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "h" -> Duration.ofHours(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofSeconds(n);
            });
            end = m.end();
            if (m.group(2).isEmpty() && m.start() > 0) {
                end = -1; // a bare number means seconds only on its own
                break;
            }
        }
        if (s.isEmpty() || end != s.length() || total.isZero()) {
            throw new IllegalArgumentException("expects a duration such as 90s, 15m, 2h or 1h30m, got '" + text + "'");
        }
        return total;
    }

    /** {@code 1h02m03s} style, for the progress line and the summary. */
    static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, (s % 3600) / 60, s % 60);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return s + "s";
    }
}
