package io.squall.freshness;

import io.squall.core.Metadata;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * A page's observed changes, summarized in a few numbers kept in its metadata, so that the status document
 * stays the same size however often the page is fetched: the observations counted (each a fetch after a
 * fetch), the changes among them and the seconds they spanned. Past {@value #MEMORY} observations the three
 * are scaled down together, so that older observations weigh less and a page that changes its habits is
 * followed (the estimate's memory is about {@value #MEMORY} fetches).
 *
 * @param observations fetches compared with the fetch before (decayed)
 * @param changes those that found a change (decayed)
 * @param spanSeconds the seconds between those fetches and the ones before, summed (decayed)
 * @param last when the page was last observed, or null if never
 * @param content the fingerprint (16 hex digits) or digest of the content at the last observation, or null
 */
public record ChangeHistory(double observations, double changes, double spanSeconds, Instant last, String content) {
    /** Observations beyond which the summary forgets proportionally. */
    static final int MEMORY = 32;

    public static final String OBSERVATIONS = "freshness.fetches";
    public static final String CHANGES = "freshness.changes";
    public static final String SPAN = "freshness.span";
    public static final String LAST = "freshness.last";
    public static final String CONTENT = "freshness.content";
    /** The last fetch's {@link Observation#label}. */
    public static final String OBSERVED = "freshness.observed";

    public static final ChangeHistory NONE = new ChangeHistory(0, 0, 0, null, null);

    /** The history kept in a page's metadata; a missing or malformed number reads as no history. */
    public static ChangeHistory of(Metadata metadata) {
        Instant last;
        try {
            String value = metadata.getFirst(LAST);
            last = value == null ? null : Instant.parse(value);
        } catch (DateTimeParseException e) {
            return NONE;
        }
        double n = number(metadata, OBSERVATIONS);
        double x = number(metadata, CHANGES);
        double span = number(metadata, SPAN);
        if (!(n >= 0 && x >= 0 && x <= n && span >= 0)) {
            return new ChangeHistory(0, 0, 0, last, metadata.getFirst(CONTENT));
        }
        return new ChangeHistory(n, x, span, last, metadata.getFirst(CONTENT));
    }

    /** Whether it holds at least one counted observation with a time span. */
    public boolean hasObservations() {
        return observations > 0 && spanSeconds > 0;
    }

    /** The mean seconds between two observations. */
    public double meanIntervalSeconds() {
        return spanSeconds / observations;
    }

    /**
     * The history after one more fetch at {@code now} whose content is {@code content}.
     *
     * @param observation what the fetch told ({@link Observation#counts()} adds it to the counts)
     */
    public ChangeHistory after(Observation observation, Instant now, String newContent) {
        String kept = newContent != null ? newContent : content;
        if (!observation.counts() || last == null || !now.isAfter(last)) {
            return new ChangeHistory(observations, changes, spanSeconds, now, kept);
        }
        double seconds = Duration.between(last, now).toMillis() / 1000.0;
        double n = observations + 1;
        double x = changes + (observation == Observation.CHANGED ? 1 : 0);
        double span = spanSeconds + seconds;
        if (n > MEMORY) {
            double keep = MEMORY / n;
            n *= keep;
            x *= keep;
            span *= keep;
        }
        return new ChangeHistory(n, x, span, now, kept);
    }

    /** Writes the history into a page's metadata. */
    public void writeTo(Metadata metadata) {
        metadata.set(OBSERVATIONS, format(observations));
        metadata.set(CHANGES, format(changes));
        metadata.set(SPAN, format(spanSeconds));
        metadata.set(LAST, last == null ? null : last.toString());
        metadata.set(CONTENT, content);
    }

    private static double number(Metadata metadata, String key) {
        String value = metadata.getFirst(key);
        if (value == null) {
            return 0;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Four significant digits: the estimate needs no more, and the document stays small. */
    public static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.4g", value).replaceFirst("(\\.\\d*?)0+($|e)", "$1$2")
                .replaceFirst("\\.($|e)", "$1");
    }
}
