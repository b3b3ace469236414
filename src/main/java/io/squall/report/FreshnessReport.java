package io.squall.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/** How fresh the crawl's copy is ({@link FreshnessFigures}), as {@code squall status} and the summary write it. */
public record FreshnessReport(FreshnessFigures figures) {
    static final FreshnessReport NONE = new FreshnessReport(FreshnessFigures.NONE);

    String toText() {
        if (figures.pages() == 0) {
            return "";
        }
        StringBuilder s = new StringBuilder("Freshness: ").append(Counts.of(figures.pages()))
                .append(" pages with a change history; last fetch found ")
                .append(Counts.of(figures.count("changed"))).append(" changed, ")
                .append(Counts.of(figures.count("unchanged"))).append(" unchanged, ")
                .append(Counts.of(figures.count("not-modified"))).append(" not modified (304)");
        Double wasted = figures.wastedShare();
        if (wasted != null) {
            s.append(String.format(Locale.ROOT, "; %.0f%% of compared fetches found nothing new", 100 * wasted));
        }
        s.append('\n');
        if (figures.expected() != null) {
            s.append(String.format(Locale.ROOT, "  expected freshness %.1f%%", 100 * figures.expected()));
            if (figures.ageSeconds() != null) {
                s.append(", expected age ").append(FreshnessFigures.ageText(figures.ageSeconds()));
            }
            s.append('\n');
            if (!figures.leastFresh().isEmpty()) {
                s.append("Least fresh hosts (expected freshness, age, pages):\n");
                figures.leastFresh().forEach(h -> s.append(String.format(Locale.ROOT, "  %9.1f%% %9s %9s  %s%n",
                        100 * h.expected(), h.ageSeconds() == null ? "-" : FreshnessFigures.ageText(h.ageSeconds()),
                        Counts.of(h.pages()), h.host())));
            }
        }
        return s.toString();
    }

    void addTo(ObjectNode root) {
        ObjectNode node = root.putObject("freshness");
        node.put("pages", figures.pages());
        ObjectNode observed = node.putObject("lastObserved");
        figures.lastObserved().forEach(observed::put);
        Double wasted = figures.wastedShare();
        if (wasted != null) {
            node.put("unchangedShare", wasted);
        }
        if (figures.expected() != null) {
            node.put("expected", figures.expected());
        }
        if (figures.ageSeconds() != null) {
            node.put("ageSeconds", figures.ageSeconds());
        }
        ArrayNode hosts = node.putArray("leastFresh");
        figures.leastFresh().forEach(h -> {
            ObjectNode host = hosts.addObject().put("host", h.host()).put("pages", h.pages()).put("expected", h.expected());
            if (h.ageSeconds() != null) {
                host.put("ageSeconds", h.ageSeconds());
            }
        });
    }
}
