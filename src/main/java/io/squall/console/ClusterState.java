package io.squall.console;

import io.squall.config.Durations;
import io.squall.opensearch.ControlDocument;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * What a crawl on a cluster is doing, in one word and why: {@code paused} or {@code stopped} (its control
 * document), {@code fetching} (pages processed lately, or a fetcher's last fetch is recent), {@code waiting} (URLs
 * wait in the fetchers' queues for their hosts' delays or back-offs, or URLs are due and none was fetched lately),
 * {@code nothing due} (and when the next URL will be).
 *
 * @param state the word the console shows
 * @param reason what it waits for, or null
 */
public record ClusterState(String state, String reason) {
    public static final String FETCHING = "fetching";
    public static final String WAITING = "waiting";
    public static final String NOTHING_DUE = "nothing due";

    /**
     * @param topology the topology's name, for the command a stopped crawl is ended with
     * @param pagesPerSecond pages processed per second over the recent window
     * @param hosts what the host index says of the fetchers' queues
     * @param due URLs due now in the status index
     * @param nextDue when the next URL becomes due (asked only when nothing is)
     * @param recent how recent a fetcher's last fetch must be to count as fetching now (the window plus the host
     *     index's flush interval)
     */
    public static ClusterState of(ControlDocument.State control, String topology, double pagesPerSecond,
            HostIndexView.Totals hosts, long due, Supplier<Instant> nextDue, Instant now, Duration recent) {
        if (control == ControlDocument.State.STOPPED) {
            return new ClusterState("stopped", "the spouts hand out no URL and the fetchers send no request; storm kill "
                    + topology + " ends the topology");
        }
        if (control == ControlDocument.State.PAUSED) {
            return new ClusterState("paused", "the spouts hand out no URL and the fetchers send no request until"
                    + " resumed; the fetches under way finish");
        }
        if (pagesPerSecond > 0 || hosts.lastFetch() != null && hosts.lastFetch().isAfter(now.minus(recent))) {
            return new ClusterState(FETCHING, null);
        }
        if (hosts.queued() + hosts.inFlight() > 0) {
            StringBuilder why = new StringBuilder("for hosts' delays: ").append(hosts.queued())
                    .append(" URLs queued in the fetchers");
            if (hosts.blocked() > 0) {
                why.append(", ").append(hosts.blocked()).append(" hosts blocked by a back-off or an error pause");
            }
            if (hosts.nextFetch() != null) {
                why.append(", next fetch ").append(hosts.nextFetch().isAfter(now)
                        ? "in " + Durations.format(Duration.between(now, hosts.nextFetch())) : "now");
            }
            return new ClusterState(WAITING, why.toString());
        }
        if (due > 0) {
            return new ClusterState(WAITING, due + " URLs due and none fetched lately: the spouts are finding them,"
                    + " or the topology is not running");
        }
        Instant next = nextDue.get();
        return new ClusterState(NOTHING_DUE, next == null ? "no URL is due again"
                : "the next URL is due in " + Durations.format(Duration.between(now, next)));
    }
}
