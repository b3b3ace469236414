package io.squall.bench.recrawl;

import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Settings;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.frontier.FreshnessScheduler;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The loader's scheduler ({@code scheduler.class}): the freshness scheduler plans each loaded page as it would
 * have after its last fetch (its rate, interval, expected freshness and place in its host's plan stay in the
 * metadata), but the page is due at a moment drawn uniformly from {@link #FROM} to {@link #FROM} plus
 * {@link #SPREAD} seconds, so that the crawl finds a steady stream of due pages instead of the bursts the
 * load's order would make.
 */
public final class SpreadDueDates implements Scheduler {
    /** Epoch milliseconds: the first due date. Outside Squall's keys, so the configuration lets it through. */
    static final String FROM = "bench.recrawl.due.from";
    static final String SPREAD = "bench.recrawl.due.spread.seconds";

    private final SplittableRandom random = new SplittableRandom(40);
    private FreshnessScheduler plan;
    private long from;
    private long spreadMillis;

    @Override
    public void configure(Settings settings) {
        Map<String, Object> crawl = new HashMap<>();
        for (String name : settings.names()) {
            crawl.put(name, settings.get(name));
        }
        this.plan = new FreshnessScheduler(CrawlerConfig.fromStormConf(crawl));
        this.from = settings.getLong(FROM, 0);
        this.spreadMillis = settings.getLong(SPREAD, 0) * 1000;
    }

    @Override
    public Optional<Instant> nextFetchDate(String url, String hostKey, Status status, Metadata metadata,
            Instant now) {
        plan.nextFetchDate(url, hostKey, status, metadata, now);
        return Optional.of(Instant.ofEpochMilli(from + random.nextLong(spreadMillis)));
    }
}
