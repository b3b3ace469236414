package io.squall.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people and OpenSearch write them: {@code 500ms}, {@code 90s}, {@code 1.5s}, {@code 15m},
 * {@code 2h}, {@code 1d}, sums such as {@code 1h30m}, and a bare number, which counts in a unit the caller
 * gives (seconds unless it says otherwise). The command line's {@code --duration}, OpenSearch's time
 * settings ({@code refresh_interval}) and the duration settings ({@link DurationKeys}) are read by this one
 * parser.
 */
public final class Durations {
    /** What every message about a value that is not a duration says is accepted. */
    static final String ACCEPTED = "a duration such as 90s, 500ms, 1.5s, 15m, 2h, 1d or 1h30m";

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|[dhms]?)");

    private Durations() {
    }

    /**
     * A duration, a bare number counting seconds.
     *
     * @throws IllegalArgumentException naming the text, when it is not such a duration (negative or empty
     *     included)
     */
    public static Duration parse(String text) {
        return parse(text, ChronoUnit.SECONDS);
    }

    /**
     * A duration, a bare number counting {@code bareUnit}s ({@code 1.5} with seconds is 1500 ms). Fractions
     * below a nanosecond are dropped.
     *
     * @throws IllegalArgumentException naming the text, when it is not such a duration (negative or empty
     *     included)
     */
    public static Duration parse(String text, ChronoUnit bareUnit) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = PART.matcher(s);
        Duration total = Duration.ZERO;
        int end = 0;
        try {
            while (m.find() && m.start() == end) {
                if (m.group(2).isEmpty() && m.start() > 0) {
                    break; // a bare number stands only on its own: "5s3" is a mistake
                }
                ChronoUnit unit = switch (m.group(2)) {
                    case "d" -> ChronoUnit.DAYS;
                    case "h" -> ChronoUnit.HOURS;
                    case "m" -> ChronoUnit.MINUTES;
                    case "s" -> ChronoUnit.SECONDS;
                    case "ms" -> ChronoUnit.MILLIS;
                    default -> bareUnit;
                };
                total = total.plus(of(new BigDecimal(m.group(1)), unit));
                end = m.end();
            }
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("expects " + ACCEPTED + ", got '" + text + "', which is too long");
        }
        if (s.isEmpty() || end != s.length()) {
            throw new IllegalArgumentException("expects " + ACCEPTED + ", got '" + text + "'");
        }
        return total;
    }

    /** {@code amount} units, exactly to the nanosecond. */
    static Duration of(BigDecimal amount, ChronoUnit unit) {
        BigDecimal nanos = amount.multiply(BigDecimal.valueOf(unit.getDuration().toNanos()));
        BigDecimal[] secondsAndNanos = nanos.divideAndRemainder(BigDecimal.valueOf(1_000_000_000L));
        return Duration.ofSeconds(secondsAndNanos[0].longValueExact(), secondsAndNanos[1].longValue());
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
