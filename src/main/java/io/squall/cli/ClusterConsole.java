package io.squall.cli;

import io.squall.config.Durations;
import io.squall.console.ConsoleUrls;
import io.squall.console.CrawlControl;
import io.squall.console.StatusIndexView;
import io.squall.core.Status;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console of a crawl that runs elsewhere (a Storm cluster), read from its status index alone: counts, rates
 * over time (from each document's last update), the hosts with most URLs and most errors, the latest errors.
 * Seeds can be added and URLs looked up as in local mode; pausing, resuming and stopping are Storm's.
 */
final class ClusterConsole implements CrawlControl {
    static final int TOP_HOSTS = 15;
    static final int RECENT_ERRORS = 15;
    static final int CHART_POINTS = 120;

    private final StatusIndexReader counts;
    private final StatusIndexView view;
    private final ConsoleUrls urls;
    private final String note;

    /** @param where the status index and its OpenSearch, in words */
    ClusterConsole(StatusIndexReader counts, StatusIndexView view, ConsoleUrls urls, String where) {
        this.counts = counts;
        this.view = view;
        this.urls = urls;
        this.note = "This console reads " + where + ". The crawl runs on a Storm cluster: pause, resume and stop"
                + " it there (storm deactivate squall, storm activate squall, storm kill squall); this page"
                + " cannot. Its host queues, delays and back-offs live in the workers (see Storm's UI and the"
                + " metrics index).";
    }

    @Override
    public Map<String, Object> progress() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("mode", "cluster");
        p.put("steerable", false);
        p.put("note", note);
        try {
            Map<String, Long> byStatus = counts.countByStatus();
            long errors = byStatus.get(Status.FETCH_ERROR.name()) + byStatus.get(Status.ERROR.name());
            Instant now = Instant.now();
            Instant first = view.firstProcessed();
            List<Map<String, Object>> history = first == null ? List.of() : view.rates(first, now, CHART_POINTS);
            p.put("state", "watching");
            if (first != null) {
                p.put("elapsed", Durations.format(Duration.between(first, now)));
            }
            p.put("fetched", byStatus.get(Status.FETCHED.name()));
            p.put("discovered", ProgressSample.known(byStatus));
            p.put("notFetchedYet", byStatus.get(Status.DISCOVERED.name()));
            p.put("errors", errors);
            p.put("due", counts.countDue());
            // The last step of the histogram is still filling: the rates now are the step before it.
            Map<String, Object> latest = history.size() < 2 ? null : history.get(history.size() - 2);
            p.put("pagesPerSecond", latest == null ? null : latest.get("pages"));
            p.put("kbPerSecond", latest == null ? null : latest.get("kb"));
            p.put("history", history);
            p.put("chartNote", "From each status document's last update (lastProcessedDate): a URL fetched more"
                    + " than once counts at its latest fetch only.");
            Map<String, Object> hosts = new LinkedHashMap<>();
            hosts.put("busiest", view.topHosts(TOP_HOSTS, false));
            hosts.put("blocked", view.topHosts(TOP_HOSTS, true));
            p.put("hosts", hosts);
            p.put("hostNote", "Busiest: the hosts with most URLs; most blocked: the hosts with most errors.");
            p.put("recentErrors", view.recentErrors(RECENT_ERRORS));
            p.put("status", byStatus);
        } catch (OpenSearchUnavailableException e) {
            p.put("state", "unreachable");
            p.put("stopReason", e.getMessage());
        }
        return p;
    }

    @Override
    public boolean steerable() {
        return false;
    }

    @Override
    public boolean pause() {
        return false;
    }

    @Override
    public boolean resume() {
        return false;
    }

    @Override
    public void stop() {
        // The crawl runs elsewhere; the server refuses the action before it gets here.
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
