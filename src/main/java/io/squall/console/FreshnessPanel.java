package io.squall.console;

import io.squall.report.FreshnessFigures;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's freshness panel: how fresh the copy is expected to be, its expected age, the share of
 * compared fetches that found nothing new, and the least fresh hosts. Its aggregation reads every page with
 * a change history, so it is read at most once per {@code every}, however often the page asks; when the
 * index cannot be read, the figures read last stay.
 */
public final class FreshnessPanel {
    private static final Logger LOG = LoggerFactory.getLogger(FreshnessPanel.class);

    private final Supplier<FreshnessFigures> read;
    private final long everyNanos;
    private Map<String, Object> last;
    private long readAtNanos;
    private boolean everRead;

    /** @param read the aggregation (see {@link StatusIndexView#freshness}) */
    public FreshnessPanel(Supplier<FreshnessFigures> read, Duration every) {
        this.read = read;
        this.everyNanos = every.toNanos();
    }

    /** The panel as JSON-ready values, or null while no page was fetched twice (the page then hides it). */
    public synchronized Map<String, Object> snapshot() {
        long now = System.nanoTime();
        if (!everRead || now - readAtNanos >= everyNanos) {
            try {
                last = of(read.get());
                everRead = true;
                readAtNanos = now;
            } catch (RuntimeException e) { // OpenSearch away or stopping: one panel of the page, not the page
                LOG.debug("Console: the freshness figures cannot be read now: {}", e.toString());
            }
        }
        return last;
    }

    static Map<String, Object> of(FreshnessFigures figures) {
        if (figures.pages() == 0) {
            return null;
        }
        Map<String, Object> panel = new LinkedHashMap<>();
        panel.put("pages", figures.pages());
        panel.put("changed", figures.count("changed"));
        panel.put("unchanged", figures.count("unchanged"));
        panel.put("notModified", figures.count("not-modified"));
        panel.put("wastedShare", figures.wastedShare());
        panel.put("expected", figures.expected());
        panel.put("age", FreshnessFigures.ageText(figures.ageSeconds()));
        List<Map<String, Object>> hosts = figures.leastFresh().stream().map(h -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("host", h.host());
            row.put("pages", h.pages());
            row.put("expected", h.expected());
            row.put("age", FreshnessFigures.ageText(h.ageSeconds()));
            return row;
        }).toList();
        panel.put("leastFresh", hosts);
        return panel;
    }
}
