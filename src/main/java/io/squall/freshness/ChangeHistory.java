package io.squall.freshness;

import io.squall.api.Metadata;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * A page's observed changes, summarized in a few numbers kept in its metadata, so that the status document
 * stays the same size however often the page is fetched: the observations counted (each a fetch after a
 * fetch), the changes among them and the seconds they spanned. Past {@value #MEMORY} observations the
 * numbers are scaled down together, so that older observations weigh less and a page that changes its habits
 * is followed (the estimate's memory is about {@value #MEMORY} fetches).
 *
 * <p>Where the server dates its changes (Last-Modified), a change tells more than "changed since the last
 * fetch": the page has not changed since that date. The seconds a page is known to have stayed the same are
 * summed as its exposure (whole intervals without a change, and from each change's date to the fetch that
 * found it), from which the change rate's maximum-likelihood estimate is changes / exposure. A date is used
 * only while the server's dates agree with what the fetches saw: a change dated before the fetch that came
 * before it, a change without a date, or a date that moved on a page whose content did not is counted as
 * undated, and a page with undated changes in its memory is estimated from the changes alone.
 *
 * @param observations fetches compared with the fetch before (decayed)
 * @param changes those that found a change (decayed)
 * @param spanSeconds the seconds between those fetches and the ones before, summed (decayed)
 * @param last when the page was last observed, or null if never
 * @param content the fingerprint (16 hex digits) or digest of the content at the last observation, or null
 * @param exposureSeconds the seconds the page is known to have stayed unchanged, summed (decayed)
 * @param undatedChanges changes (and contradicting dates) the server's dates did not account for, and one for a
 *     first fetch without a date (decayed)
 */
public record ChangeHistory(double observations, double changes, double spanSeconds, Instant last, String content,
        double exposureSeconds, double undatedChanges) {
    /** Observations beyond which the summary forgets proportionally. */
    static final int MEMORY = 32;

    public static final String OBSERVATIONS = "freshness.fetches";
    public static final String CHANGES = "freshness.changes";
    public static final String SPAN = "freshness.span";
    public static final String LAST = "freshness.last";
    public static final String CONTENT = "freshness.content";
    /** The last fetch's {@link Observation#label}. */
    public static final String OBSERVED = "freshness.observed";
    public static final String EXPOSURE = "freshness.exposure";
    public static final String UNDATED = "freshness.undated";
    /** Decayed counts are not whole: dates are trusted while less than half an undated change is remembered. */
    private static final double UNDATED_SLACK = 0.5;

    public static final ChangeHistory NONE = new ChangeHistory(0, 0, 0, null, null, 0, 0);

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
        String content = metadata.getFirst(CONTENT);
        if (!(n >= 0 && x >= 0 && x <= n && span >= 0)) {
            return new ChangeHistory(0, 0, 0, last, content, 0, 0);
        }
        double exposure = number(metadata, EXPOSURE);
        double undated = number(metadata, UNDATED);
        if (!(exposure >= 0 && undated >= 0) || !metadata.containsKey(EXPOSURE)) {
            // no usable exposure (a history kept before dates were): its changes count as undated
            return new ChangeHistory(n, x, span, last, content, 0, x);
        }
        return new ChangeHistory(n, x, span, last, content, exposure, undated);
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
     * Whether the change rate can be estimated from the exposure: there are observations, and every change
     * remembered was dated by the server in agreement with the fetches.
     */
    public boolean isDated() {
        return exposureSeconds > 0 && undatedChanges < UNDATED_SLACK;
    }

    /**
     * The history after one more fetch at {@code now} whose content is {@code content}.
     *
     * @param observation what the fetch told ({@link Observation#counts()} adds it to the counts)
     * @param lastModified the date the server gave the content it sent (Last-Modified), or null
     */
    public ChangeHistory after(Observation observation, Instant now, String newContent, Instant lastModified) {
        String kept = newContent != null ? newContent : content;
        if (last == null) {
            // A server that sends no date with the first fetch is taken for one that does not date its changes
            // until about twenty fetches have diluted this: its unchanged fetches alone tell nothing of its dates.
            return new ChangeHistory(observations, changes, spanSeconds, now, kept, exposureSeconds,
                    lastModified == null ? 1 : 0);
        }
        if (!observation.counts() || !now.isAfter(last)) {
            return new ChangeHistory(observations, changes, spanSeconds, now, kept, exposureSeconds, undatedChanges);
        }
        double seconds = secondsBetween(last, now);
        double n = observations + 1;
        double x = changes;
        double exposure = exposureSeconds;
        double undated = undatedChanges;
        boolean dateInInterval = lastModified != null && lastModified.isAfter(last) && !lastModified.isAfter(now);
        switch (observation) {
            case CHANGED -> {
                x++;
                if (dateInInterval) {
                    exposure += secondsBetween(lastModified, now);
                } else {
                    exposure += seconds / 2; // when within the interval it changed last is not known
                    undated++;
                }
            }
            case UNCHANGED -> {
                exposure += seconds;
                if (dateInInterval) {
                    undated++; // the date moved and the content did not: the dates follow other changes
                }
            }
            default -> exposure += seconds; // not modified: the server says so itself
        }
        double span = spanSeconds + seconds;
        if (n > MEMORY) {
            double keep = MEMORY / n;
            n *= keep;
            x *= keep;
            span *= keep;
            exposure *= keep;
            undated *= keep;
        }
        return new ChangeHistory(n, x, span, now, kept, exposure, undated);
    }

    private static double secondsBetween(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    /** Writes the history into a page's metadata. */
    public void writeTo(Metadata metadata) {
        metadata.set(OBSERVATIONS, format(observations));
        metadata.set(CHANGES, format(changes));
        metadata.set(SPAN, format(spanSeconds));
        metadata.set(LAST, last == null ? null : last.toString());
        metadata.set(CONTENT, content);
        metadata.set(EXPOSURE, format(exposureSeconds));
        metadata.set(UNDATED, format(undatedChanges));
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
