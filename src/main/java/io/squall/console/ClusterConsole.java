package io.squall.console;

import io.squall.api.Status;
import io.squall.config.Durations;
import io.squall.opensearch.ControlDocument;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.report.ProgressSample;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console of a crawl that runs elsewhere (a Storm cluster), read from its status index and its host index: the
 * crawl's state and why (fetching, waiting for hosts' delays, nothing due, paused, stopped), counts, rates now and
 * over time, the fetchers' host queues as their tasks last wrote them, the latest errors. It pauses, resumes and
 * stops the crawl through the control document that the spouts read; seeds can be added and URLs looked up as in
 * local mode.
 */
public final class ClusterConsole implements CrawlControl {
    static final int TOP_HOSTS = 15;
    static final int RECENT_ERRORS = 15;
    static final int CHART_POINTS = 120;
    /** Rates now are over this window: they fall to zero this long after the last page. */
    static final Duration RATE_WINDOW = Duration.ofSeconds(10);

    private final StatusIndexReader counts;
    private final StatusIndexView view;
    private final FreshnessPanel freshness;
    private final HostIndexView hosts;
    private final ConsoleUrls urls;
    private final Duration recentFetch;
    private final String where;
    /** The topology's name as last read: an OpenSearch out of reach does not make the console forget it. */
    private volatile String topology = "TOPOLOGY";

    /**
     * @param hostsFlush how often the fetchers write the host index ({@code fetcher.hosts.flush.interval})
     * @param where the indices and their OpenSearch, in words
     */
    public ClusterConsole(StatusIndexReader counts, StatusIndexView view, HostIndexView hosts, ConsoleUrls urls,
            Duration hostsFlush, String where) {
        this.counts = counts;
        this.view = view;
        this.freshness = new FreshnessPanel(() -> view.freshness(TOP_HOSTS), LocalConsole.FRESHNESS_EVERY);
        this.hosts = hosts;
        this.urls = urls;
        this.recentFetch = RATE_WINDOW.plus(hostsFlush);
        this.where = where;
    }

    /** What this console reads and steers, naming the topology as its submission recorded it. */
    private String note(String topology) {
        return "This console reads " + where + ". The crawl runs on a Storm cluster: pause, resume and stop reach"
                + " its spouts and fetchers through the control document they read every spout.control.interval"
                + " (Storm's own storm deactivate " + topology + " and storm activate " + topology + " still work; storm kill "
                + topology + " ends the topology). The host table is what the fetcher tasks last wrote to the host"
                + " index.";
    }


    @Override
    public Map<String, Object> progress() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("mode", "cluster");
        p.put("steerable", true);
        try {
            ControlDocument.Control control = hosts.control();
            if (control.topology() != null) {
                topology = control.topology();
            }
            p.put("note", note(topology));
            Map<String, Long> byStatus = counts.countByStatus();
            long errors = byStatus.get(Status.FETCH_ERROR.name()) + byStatus.get(Status.ERROR.name());
            Instant now = Instant.now();
            Instant first = view.firstProcessed();
            List<Map<String, Object>> history = first == null ? List.of() : view.rates(first, now, CHART_POINTS);
            Map<String, Double> rates = view.recentRates(RATE_WINDOW, now);
            HostIndexView.Hosts table = hosts.hosts(TOP_HOSTS, now);
            long due = counts.countDue();
            ClusterState state = ClusterState.of(control.state(), topology, rates.get("pages"), table.totals(), due,
                    () -> view.nextDue(now), now, recentFetch);
            p.put("state", state.state());
            p.put("stopReason", state.reason());
            if (first != null) {
                p.put("elapsed", Durations.format(Duration.between(first, now)));
            }
            p.put("fetched", byStatus.get(Status.FETCHED.name()));
            p.put("discovered", ProgressSample.known(byStatus));
            p.put("notFetchedYet", byStatus.get(Status.DISCOVERED.name()));
            p.put("errors", errors);
            p.put("due", due);
            p.put("inFlight", table.totals().inFlight());
            p.put("queues", table.totals().hosts());
            p.put("pagesPerSecond", rates.get("pages"));
            p.put("kbPerSecond", rates.get("kb"));
            p.put("history", history);
            p.put("chartNote", "From each status document's last update (lastProcessedDate): a URL fetched more"
                    + " than once counts at its latest fetch only. Pages/s and KB/s now: over the last "
                    + RATE_WINDOW.toSeconds() + " s.");
            p.put("hosts", table.table());
            p.put("hostNote", table.totals().hosts() + " hosts in the host index, " + table.totals().queued()
                    + " URLs waiting in the fetchers' queues (as their tasks last wrote them)");
            p.put("recentErrors", view.recentErrors(RECENT_ERRORS));
            p.put("freshness", freshness.snapshot());
            p.put("status", byStatus);
        } catch (OpenSearchUnavailableException e) {
            p.put("note", note(topology));
            p.put("state", "unreachable");
            p.put("stopReason", e.getMessage());
        }
        return p;
    }

    @Override
    public boolean steerable() {
        return true;
    }

    @Override
    public boolean pause() {
        return move(ControlDocument.State.RUNNING, ControlDocument.State.PAUSED);
    }

    @Override
    public boolean resume() {
        return move(ControlDocument.State.PAUSED, ControlDocument.State.RUNNING);
    }

    private boolean move(ControlDocument.State from, ControlDocument.State to) {
        if (hosts.control().state() != from) {
            return false;
        }
        hosts.control(to, Instant.now());
        return true;
    }

    /**
     * The spouts hand out no URL and the fetchers send no request from now on; the topology stays until storm kill
     * (a new submission runs again).
     */
    @Override
    public void stop() {
        hosts.control(ControlDocument.State.STOPPED, Instant.now());
    }

    @Override
    public Map<String, Object> addSeeds(List<String> lines) throws IOException {
        return urls.addSeeds(lines);
    }

    @Override
    public Map<String, Object> lookUp(String url) {
        return urls.lookUp(url);
    }
}
