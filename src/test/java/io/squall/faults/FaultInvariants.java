package io.squall.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The invariants a fault schedule must keep, checked after every run and at the end, on what the test web
 * saw and what the status index holds. Plain: it is given the runs and the index, and returns what broke,
 * one line each (empty when everything held).
 */
public final class FaultInvariants {
    private final Set<String> webUrls;
    private final long delayNanos;

    /** @param webUrls every URL the web serves a page at; @param delayMillis the crawl's politeness delay */
    public FaultInvariants(Set<String> webUrls, int delayMillis) {
        this.webUrls = Set.copyOf(webUrls);
        this.delayNanos = delayMillis * 1_000_000L;
    }

    /** A status document as the invariants read it. */
    public record Entry(String status, Instant nextFetchDate) {
    }

    /**
     * One run as the harness saw it: the pages the web served it (URLs, robots.txt left out), each host's most
     * requests at once and shortest gap between requests (as {@code RequestLog} measures them), the index's
     * FETCHED before and after it, the summary's pages fetched ({@code -1} when killed), and for a killed run
     * the pages it requested whose outcome the index did not hold after the kill (its pages in flight).
     */
    public record Run(int number, boolean killed, List<String> requested, Map<String, Integer> maxConcurrency,
            Map<String, Long> minGapNanos, long fetchedBefore, long fetchedAfter, long summaryFetched,
            Set<String> inFlightAtKill) {
        public Run {
            requested = List.copyOf(requested);
            maxConcurrency = Map.copyOf(maxConcurrency);
            minGapNanos = Map.copyOf(minGapNanos);
            inFlightAtKill = Set.copyOf(inFlightAtKill);
        }
    }

    /** The pages a killed run requested that are not FETCHED in the index read after the kill. */
    public static Set<String> inFlightAtKill(List<String> requested, Map<String, Entry> index) {
        Set<String> inFlight = new TreeSet<>();
        for (String url : requested) {
            Entry e = index.get(url);
            if (e == null || !"FETCHED".equals(e.status())) {
                inFlight.add(url);
            }
        }
        return inFlight;
    }

    /** What broke after the last of {@code runs}, with the index as it is now. */
    public List<String> afterRun(List<Run> runs, Map<String, Entry> index, Instant now) {
        List<String> broken = new ArrayList<>();
        Run last = runs.get(runs.size() - 1);
        for (Map.Entry<String, Entry> e : index.entrySet()) {
            String url = e.getKey();
            String status = e.getValue().status();
            if (!webUrls.contains(url)) {
                broken.add("the index holds a URL the web never linked: " + url + " " + status);
            } else if (!status.equals("FETCHED") && !status.equals("DISCOVERED")) {
                broken.add(url + " is " + status + ", though the web served it without fault");
            } else if (status.equals("DISCOVERED") && e.getValue().nextFetchDate().isAfter(now)) {
                broken.add(url + " is DISCOVERED but not due before " + e.getValue().nextFetchDate());
            }
        }
        for (Run run : runs) {
            for (String url : run.requested()) {
                if (!index.containsKey(url)) {
                    broken.add("lost: " + url + " was served in run " + run.number() + " and is not in the index");
                }
            }
        }
        if (!last.killed()) {
            for (String url : new TreeSet<>(last.requested())) {
                Entry e = index.get(url);
                if (e != null && !e.status().equals("FETCHED")) {
                    broken.add("run " + last.number() + " stopped cleanly, but " + url + " which it fetched is "
                            + e.status());
                }
            }
            long added = last.fetchedAfter() - last.fetchedBefore();
            if (last.summaryFetched() != added) {
                broken.add("run " + last.number() + "'s summary says " + last.summaryFetched()
                        + " pages fetched, the index's FETCHED grew by " + added);
            }
        }
        broken.addAll(politeness(last));
        broken.addAll(fetchedTwice(runs));
        return broken;
    }

    /** What broke at the end of the schedule: besides {@link #afterRun}, the whole web crawled. */
    public List<String> atEnd(List<Run> runs, Map<String, Entry> index, Instant now) {
        List<String> broken = afterRun(runs, index, now);
        Set<String> requested = new TreeSet<>();
        runs.forEach(r -> requested.addAll(r.requested()));
        for (String url : new TreeSet<>(webUrls)) {
            Entry e = index.get(url);
            if (e == null || !e.status().equals("FETCHED")) {
                broken.add("not crawled at the end: " + url + " is " + (e == null ? "not in the index" : e.status()));
            } else if (!requested.contains(url)) {
                broken.add(url + " is FETCHED but the web never served it");
            }
        }
        return broken;
    }

    private List<String> politeness(Run run) {
        List<String> broken = new ArrayList<>();
        run.maxConcurrency().forEach((host, most) -> {
            if (most > 1) {
                broken.add("run " + run.number() + ": " + most + " requests at once on " + host);
            }
        });
        run.minGapNanos().forEach((host, gap) -> {
            // Measured by the test web, never shorter than the gap the crawler left (RequestLog says why).
            if (gap != Long.MAX_VALUE && gap < delayNanos) {
                broken.add("run " + run.number() + ": " + gap / 1e6 + " ms between two requests on " + host
                        + ", under the delay of " + delayNanos / 1e6 + " ms");
            }
        });
        return broken;
    }

    /**
     * A page is requested once, and once more for each kill that struck while its outcome was unwritten.
     */
    private static List<String> fetchedTwice(List<Run> runs) {
        Map<String, Integer> requests = new HashMap<>();
        Map<String, Integer> allowed = new HashMap<>();
        for (Run run : runs) {
            for (String url : run.requested()) {
                requests.merge(url, 1, Integer::sum);
            }
            if (run.killed()) {
                run.inFlightAtKill().forEach(url -> allowed.merge(url, 1, Integer::sum));
            }
        }
        List<String> broken = new ArrayList<>();
        new TreeSet<>(requests.keySet()).forEach(url -> {
            int n = requests.get(url);
            int most = 1 + allowed.getOrDefault(url, 0);
            if (n > most) {
                broken.add(url + " requested " + n + " times, at most " + most + " allowed (once, and once"
                        + " more for each kill that struck while it was in flight)");
            }
        });
        return broken;
    }
}
