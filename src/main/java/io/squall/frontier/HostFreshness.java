package io.squall.frontier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.squall.api.Metadata;
import io.squall.freshness.ChangeHistory;
import io.squall.freshness.Observation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a status writer's fetches found, per host (partition key), for the host index: fetches compared with
 * the one before, those that found a change, those that found none ("wasted": the body was fetched for
 * nothing), 304s, first fetches; and, with {@code scheduler.class: freshness}, the mean expected freshness and
 * age of the host's pages as their plans last said ({@code freshness.expected}, {@code freshness.age}).
 *
 * <p>The means need no state per page: a page's previous figures travel in its metadata, and are taken out of
 * its host's sums when they were put in by this process (the plan's place names the planner that placed it,
 * which lives as long as this writer), so each page counts once, with its latest plan. A fetch counts once its
 * status is written (a failed write comes back and would count twice). Counts start when the writer starts. Bounded: at most {@code maxHosts} hosts, the least recently fetched forgotten first.
 * Thread-safe.
 */
final class HostFreshness {
    /** One host's figures; guarded by itself. */
    static final class Tally {
        long first;
        long changed;
        long unchanged;
        long notModified;
        long planned;
        double expectedSum;
        double ageSum;
        boolean dirty;

        /** Fetches compared with the fetch before. */
        long compared() {
            return changed + unchanged + notModified;
        }
    }

    private final Cache<String, Tally> hosts;

    HostFreshness(long maxHosts) {
        this.hosts = Caffeine.newBuilder().maximumSize(maxHosts).build();
    }

    /** A page's plan figures as its metadata holds them: before the scheduler replaced them, or after. */
    record Plan(String planner, double expected, double age) {
        static Plan of(Metadata metadata) {
            String place = metadata.getFirst(FreshnessScheduler.PLAN);
            double expected = number(metadata.getFirst(FreshnessScheduler.EXPECTED));
            double age = number(metadata.getFirst(FreshnessScheduler.AGE));
            if (place == null || place.indexOf(':') < 0 || Double.isNaN(expected) || Double.isNaN(age)) {
                return null;
            }
            return new Plan(place.substring(0, place.indexOf(':')), expected, age);
        }

        private static double number(String value) {
            if (value == null) {
                return Double.NaN;
            }
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
    }

    /**
     * Counts a fetch of one of the host's pages.
     *
     * @param before the page's plan before this fetch, or null
     * @param after its plan now, or null (not planned by the freshness scheduler)
     */
    void fetched(String host, Observation observation, Plan before, Plan after) {
        Tally t = hosts.get(host, h -> new Tally());
        synchronized (t) {
            switch (observation) {
                case FIRST -> t.first++;
                case CHANGED -> t.changed++;
                case UNCHANGED -> t.unchanged++;
                case NOT_MODIFIED -> t.notModified++;
                default -> {
                }
            }
            if (before != null && after != null && before.planner().equals(after.planner()) && t.planned > 0) {
                t.planned--;
                t.expectedSum -= before.expected();
                t.ageSum -= before.age();
            }
            if (after != null) {
                t.planned++;
                t.expectedSum += after.expected();
                t.ageSum += after.age();
            }
            t.dirty = true;
        }
    }

    /** The partial host-index documents of the hosts whose figures changed since the last call, by key. */
    Map<String, Map<String, Object>> changed(Instant now) {
        Map<String, Map<String, Object>> documents = new LinkedHashMap<>();
        for (Map.Entry<String, Tally> e : hosts.asMap().entrySet()) {
            Tally t = e.getValue();
            synchronized (t) {
                if (!t.dirty) {
                    continue;
                }
                t.dirty = false;
                documents.put(e.getKey(), document(e.getKey(), t, now));
            }
        }
        return documents;
    }

    /** The crawl's figures over the hosts it remembers: {pages planned, mean expected freshness, mean age}. */
    double[] overall() {
        long pages = 0;
        double expected = 0;
        double age = 0;
        for (Tally t : new ArrayList<>(hosts.asMap().values())) {
            synchronized (t) {
                pages += t.planned;
                expected += t.expectedSum;
                age += t.ageSum;
            }
        }
        return pages == 0 ? new double[] {0, Double.NaN, Double.NaN} : new double[] {pages, expected / pages, age / pages};
    }

    private static Map<String, Object> document(String key, Tally t, Instant now) {
        Map<String, Object> f = new LinkedHashMap<>();
        long compared = t.compared();
        f.put("fetches", compared + t.first);
        f.put("first", t.first);
        f.put("changed", t.changed);
        f.put("unchanged", t.unchanged);
        f.put("notModified", t.notModified);
        f.put("changeShare", compared == 0 ? null : round(t.changed / (double) compared));
        f.put("wastedShare", compared == 0 ? null : round(t.unchanged / (double) compared));
        f.put("pages", t.planned);
        f.put("expected", t.planned == 0 ? null : round(Math.max(0, Math.min(1, t.expectedSum / t.planned))));
        f.put("ageSeconds", t.planned == 0 ? null : round(Math.max(0, t.ageSum / t.planned)));
        f.put("updated", now.toString());
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("kind", "host"); // HostState.KIND: the fetchers write the rest of the same document
        d.put("key", key);
        d.put("freshness", f);
        return d;
    }

    private static double round(double value) {
        return Double.parseDouble(ChangeHistory.format(value));
    }

    /** For tests: the hosts remembered. */
    List<String> hosts() {
        return new ArrayList<>(hosts.asMap().keySet());
    }
}
