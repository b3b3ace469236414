package io.squall.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people and OpenSearch write them: {@code 500ms}, {@code 90s}, {@code 15m}, {@code 2h},
 * {@code 1d}, sums such as {@code 1h30m}, and a bare number of seconds ({@code 90}). The command line's
 * {@code --duration} and OpenSearch's time settings ({@code refresh_interval}) are read by this one parser.
 */
public final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|[dhms]?)");

    private Durations() {
    }

    /**
     * @throws IllegalArgumentException naming the text, when it is not such a duration (negative or empty
     *     included)
     */
    public static Duration parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = PART.matcher(s);
        Duration total = Duration.ZERO;
        int end = 0;
        try {
            while (m.find() && m.start() == end) {
                if (m.group(2).isEmpty() && m.start() > 0) {
                    break; // a bare number means seconds only on its own: "5s3" is a mistake
                }
                long n = Long.parseLong(m.group(1));
                total = total.plus(switch (m.group(2)) {
                    case "d" -> Duration.ofDays(n);
                    case "h" -> Duration.ofHours(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "ms" -> Duration.ofMillis(n);
                    default -> Duration.ofSeconds(n);
                });
                end = m.end();
            }
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("expects a duration such as 90s, 15m, 2h or 1h30m, got '" + text
                    + "', which is too long");
        }
        if (s.isEmpty() || end != s.length()) {
            throw new IllegalArgumentException("expects a duration such as 90s, 15m, 2h or 1h30m, got '" + text + "'");
        }
        return total;
    }

    /** {@code 1h02m03s} style, for the progress line and the summary. */
    public static String format(Duration d) {
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
