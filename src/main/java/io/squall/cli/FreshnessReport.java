package io.squall.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How fresh the crawl's copy is, from the status index: the pages fetched more than once, what their last
 * fetch found (changed, unchanged in full, not modified), and the freshness the plan expects of them overall
 * and on the hosts where it is lowest (scheduler.class freshness stores it; other schedulers leave it out).
 *
 * @param pages pages with a change history (fetched at least once)
 * @param lastObserved pages by what their last fetch found: first, changed, unchanged, not-modified
 * @param expected the mean expected freshness, or null when no page has a plan
 * @param leastFresh the hosts with the lowest mean expected freshness, lowest first
 */
record FreshnessReport(long pages, Map<String, Long> lastObserved, Double expected, List<HostFreshness> leastFresh) {
    static final FreshnessReport NONE = new FreshnessReport(0, Map.of(), null, List.of());

    /** A host's mean expected freshness over its pages with a plan. */
    record HostFreshness(String host, long pages, double expected) {
    }

    /** Of the pages whose last fetch compared content, the share that found nothing changed in a full body. */
    Double wastedShare() {
        long compared = count("changed") + count("unchanged") + count("not-modified");
        return compared == 0 ? null : count("unchanged") / (double) compared;
    }

    private long count(String observation) {
        return lastObserved.getOrDefault(observation, 0L);
    }

    String toText() {
        if (pages == 0) {
            return "";
        }
        StringBuilder s = new StringBuilder("Freshness: ").append(ProgressLine.count(pages))
                .append(" pages with a change history; last fetch found ")
                .append(ProgressLine.count(count("changed"))).append(" changed, ")
                .append(ProgressLine.count(count("unchanged"))).append(" unchanged, ")
                .append(ProgressLine.count(count("not-modified"))).append(" not modified (304)");
        Double wasted = wastedShare();
        if (wasted != null) {
            s.append(String.format(Locale.ROOT, "; %.0f%% of compared fetches found nothing new", 100 * wasted));
        }
        s.append('\n');
        if (expected != null) {
            s.append(String.format(Locale.ROOT, "  expected freshness %.1f%%%n", 100 * expected));
            if (!leastFresh.isEmpty()) {
                s.append("Least fresh hosts (expected freshness, pages):\n");
                leastFresh.forEach(h -> s.append(String.format(Locale.ROOT, "  %9.1f%% %9s  %s%n", 100 * h.expected(),
                        ProgressLine.count(h.pages()), h.host())));
            }
        }
        return s.toString();
    }

    void addTo(ObjectNode root) {
        ObjectNode node = root.putObject("freshness");
        node.put("pages", pages);
        ObjectNode observed = node.putObject("lastObserved");
        lastObserved.forEach(observed::put);
        Double wasted = wastedShare();
        if (wasted != null) {
            node.put("unchangedShare", wasted);
        }
        if (expected != null) {
            node.put("expected", expected);
        }
        ArrayNode hosts = node.putArray("leastFresh");
        leastFresh.forEach(h -> hosts.addObject().put("host", h.host()).put("pages", h.pages())
                .put("expected", h.expected()));
    }
}
