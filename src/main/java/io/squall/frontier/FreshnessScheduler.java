package io.squall.frontier;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.freshness.ChangeHistory;
import io.squall.freshness.Observation;
import io.squall.freshness.PathPattern;
import io.squall.freshness.RefreshMath;
import io.squall.freshness.RefreshPlanner;
import java.time.Instant;
import java.util.Optional;

/**
 * Re-fetches each page when a fetch buys the most freshness for its host ({@code scheduler.class: freshness}).
 * A fetched page's change rate is estimated from its {@link ChangeHistory} with Cho's bias-corrected
 * estimator, starting from its host's typical rate as one observation's worth of prior; its host's
 * {@link RefreshPlanner} spends the host's politeness budget across the host's pages (a share kept for pages
 * never fetched while there are some), and the page is due again after the interval the plan gives it,
 * weighted by its priority. A page with a {@code fetchInterval} of its own (a seed's, a feed's) keeps it;
 * sitemaps and other statuses are scheduled as by the default scheduler.
 *
 * <p>Stores per page {@code freshness.rate} (estimated changes a day), {@code freshness.interval} (seconds
 * planned), {@code freshness.expected} and {@code freshness.age} (expected freshness, and expected seconds
 * since the live page last differed from the copy, over that interval) and {@code freshness.plan}
 * (its place in the plan), and {@code freshness.lead}: how far ahead its planned fetch must be for a change
 * that a sitemap or feed dates to make it due now ("never" for a page that changes too fast for its host's
 * budget, which the plan leaves at its longest interval: chasing its dated changes would spend the fetches the
 * plan gave slower pages). It costs no read and no write beyond the page's own status document.
 */
public final class FreshnessScheduler implements Scheduler {
    public static final String RATE = "freshness.rate";
    public static final String INTERVAL = "freshness.interval";
    public static final String EXPECTED = "freshness.expected";
    public static final String AGE = "freshness.age";
    public static final String PLAN = "freshness.plan";
    /**
     * Seconds its planned fetch must be ahead for a sitemap's or feed's date telling of a change to make the page
     * due now, or {@value #NEVER} ({@link LastmodHints}).
     */
    public static final String KNOWN_CHANGE_LEAD = "freshness.lead";
    public static final String NEVER = "never";
    private static final double SECONDS_A_DAY = 86_400;
    /** Decayed counts are not whole: a page is "always changed" when it missed less than half a change. */
    private static final double ALWAYS_CHANGED_SLACK = 0.5;

    private final DefaultScheduler defaults;
    private final RefreshPlanner planner;
    private final double defaultRate;

    public FreshnessScheduler(CrawlerConfig config) {
        this.defaults = new DefaultScheduler(config);
        double minSeconds = seconds(config, "scheduler.freshness.min.seconds");
        double maxSeconds = seconds(config, "scheduler.freshness.max.seconds");
        double share = config.getDouble("scheduler.freshness.new.share");
        if (!(minSeconds >= 1 && maxSeconds >= minSeconds)) {
            throw new ConfigException("scheduler.freshness.min.seconds (" + minSeconds
                    + ") must be at least 1 and not above scheduler.freshness.max.seconds (" + maxSeconds + ")");
        }
        if (!(share >= 0 && share < 1)) {
            throw new ConfigException("scheduler.freshness.new.share must be from 0 to below 1, not " + share);
        }
        double changeSeconds = seconds(config, "scheduler.freshness.default.change.seconds");
        if (!(changeSeconds > 0)) {
            throw new ConfigException("scheduler.freshness.default.change.seconds must be positive, not "
                    + changeSeconds);
        }
        this.defaultRate = 1 / changeSeconds;
        this.planner = new RefreshPlanner(hostBudget(config), share, minSeconds, maxSeconds,
                config.getLong("scheduler.freshness.hosts.max"));
    }

    /**
     * Fetches a second a host allows: {@code scheduler.freshness.host.rate} when set above 0, else what the
     * fetcher's politeness lets through (its threads per host over its delay); unbounded without a delay.
     */
    static double hostBudget(CrawlerConfig config) {
        double rate = config.getDouble("scheduler.freshness.host.rate");
        if (rate > 0) {
            return rate;
        }
        int threads = config.getInt("fetcher.threads.per.queue");
        double delay = seconds(config, threads > 1 ? "fetcher.server.min.delay" : "fetcher.server.delay");
        return delay > 0 ? threads / delay : Double.POSITIVE_INFINITY;
    }

    private static double seconds(CrawlerConfig config, String key) {
        return config.getDuration(key).toNanos() / 1e9;
    }

    @Override
    public Optional<Instant> nextFetchDate(String url, String hostKey, Status status, Metadata metadata,
            Instant now) {
        // A sitemap is how new URLs are found: read on the default schedule, not planned as a page, for it changes
        // whenever one of its pages does, and a plan would leave such a page at the longest interval.
        if (status != Status.FETCHED || metadata.containsKey(MetadataKeys.FETCH_INTERVAL)
                || "true".equals(metadata.getFirst(MetadataKeys.IS_SITEMAP))) {
            return defaults.nextFetchDate(url, hostKey, status, metadata, now);
        }
        ChangeHistory history = ChangeHistory.of(metadata);
        String pattern = PathPattern.ofUrl(url);
        // A page seen for the first time starts from the rate of its kind of pages (its path pattern); once it
        // has observations, they are weighed against the whole host's: a pattern's prior on every estimate
        // pulled a section's pages towards its own mean, where refetching pays most, and the simulation's
        // freshness fell (docs/benchmarks.md).
        double typical = history.hasObservations() ? planner.typicalRate(hostKey, defaultRate)
                : planner.typicalRate(hostKey, pattern, defaultRate);
        double rate = estimate(history, typical);
        if (history.hasObservations()) {
            planner.recordRate(hostKey, pattern, rate);
        }
        boolean first = Observation.FIRST.label.equals(metadata.getFirst(ChangeHistory.OBSERVED));
        // Dated changes give a fair estimate however fast the page changes; only undated ones need a probe.
        boolean alwaysChanged = !history.isDated() && history.observations() >= 3
                && history.changes() >= history.observations() - ALWAYS_CHANGED_SLACK;
        // The interval this plan gave the page last time: about the one just observed.
        int lastInterval = Math.max(0, metadata.getInt(INTERVAL, 0));
        RefreshPlanner.Page page = new RefreshPlanner.Page(rate, weightOf(metadata), alwaysChanged, lastInterval);
        RefreshPlanner.Planned planned = planner.plan(hostKey, page, metadata.getFirst(PLAN), first,
                now.toEpochMilli());
        metadata.set(RATE, ChangeHistory.format(rate * SECONDS_A_DAY));
        metadata.set(INTERVAL, Long.toString(Math.round(planned.intervalSeconds())));
        metadata.set(EXPECTED, ChangeHistory.format(planned.expectedFreshness()));
        metadata.set(AGE, ChangeHistory.format(planned.expectedAgeSeconds()));
        metadata.set(PLAN, planned.place());
        double lead = planned.knownChangeLeadSeconds();
        metadata.set(KNOWN_CHANGE_LEAD, Double.isInfinite(lead) ? NEVER : Long.toString((long) Math.ceil(lead)));
        return Optional.of(now.plusMillis(Math.round(planned.intervalSeconds() * 1000)));
    }

    /**
     * The page's change rate: its own observations plus one observation's worth of its host's typical rate
     * (a change with the probability that rate gives over the page's mean interval), so that a page seen
     * unchanged twice is not taken for one that never changes, and one seen changed once is not taken for
     * one that changes all the time. Where the server dates the page's changes, from the changes and the time
     * the page is known to have stayed unchanged (the prior: the typical rate's changes over one mean
     * interval); otherwise with Cho's bias-corrected estimator.
     */
    static double estimate(ChangeHistory history, double typicalRate) {
        if (!history.hasObservations()) {
            return typicalRate;
        }
        double interval = history.meanIntervalSeconds();
        if (history.isDated()) {
            return RefreshMath.estimateRateFromDates(history.changes() + typicalRate * interval,
                    history.exposureSeconds() + interval);
        }
        double priorChange = -Math.expm1(-typicalRate * interval);
        return RefreshMath.estimateRate(history.observations() + 1, history.changes() + priorChange, interval);
    }

    /** A page's weight from its priority: 1 + priority above 0, 1 / (1 − priority) below. */
    static double weightOf(Metadata metadata) {
        int priority = metadata.getInt(MetadataKeys.PRIORITY, 0);
        return priority >= 0 ? 1 + priority : 1.0 / (1 - priority);
    }
}
