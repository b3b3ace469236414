package io.squall.freshness;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Spends each host's fetch budget on its known pages to keep the most of them fresh: every host has a
 * {@link HostPlan} of its pages by change rate and weight, each page's next interval follows from its own
 * rate and its host's price. A page's place in its host's plan is kept in its metadata
 * ({@code freshness.plan}: this planner's id, the bucket, the weight), so that a fetch moves the page from
 * the bucket it was in to its new one without reading anything: O(1) per fetch, and no query.
 *
 * <p>The plans live in this process: after a restart, a page enters the new plan at its next fetch (its old
 * place names another planner), so for a while the plan counts fewer pages than the host has and plans
 * shorter intervals than it can afford; the spout then hands out the host's due pages oldest first, and
 * the plan is whole again once every page was fetched once more. Hosts beyond {@code maxHosts} are forgotten
 * least recently used first, in the same way.
 */
public final class RefreshPlanner {
    /**
     * Seconds over which the rate of first fetches of a host is averaged: short, so that the share kept for new
     * pages goes back to the known ones within a minute or two of the last new page.
     */
    private static final double NEW_PAGES_TAU = 60;
    /**
     * The plan asks a little more than the budget: planned due times bunch up and leave gaps, and a gap with
     * nothing due is a fetch the host allowed and the crawl lost; a small backlog instead makes every page a
     * little late, which the spout spreads evenly by handing out the oldest due first.
     */
    static final double OVERBOOKING = 1.05;

    private final String id = Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    private final Cache<String, HostPlan> hosts;
    private final double hostBudget;
    private final double newShare;
    private final double minInterval;
    private final double maxInterval;

    /**
     * @param hostBudget fetches per second a host allows (its politeness), infinite when unbounded
     * @param newShare share of the budget kept for pages never fetched, while a host has some
     * @param minInterval shortest seconds between two fetches of a page
     * @param maxInterval longest
     */
    public RefreshPlanner(double hostBudget, double newShare, double minInterval, double maxInterval, long maxHosts) {
        if (!(hostBudget > 0)) {
            throw new IllegalArgumentException("a host's fetch budget must be positive, not " + hostBudget);
        }
        if (!(newShare >= 0 && newShare < 1)) {
            throw new IllegalArgumentException("the share kept for new URLs must be from 0 to below 1, not " + newShare);
        }
        if (!(minInterval > 0 && maxInterval >= minInterval)) {
            throw new IllegalArgumentException("the shortest interval (" + minInterval
                    + " s) must be positive and not above the longest (" + maxInterval + " s)");
        }
        this.hostBudget = hostBudget;
        this.newShare = newShare;
        this.minInterval = minInterval;
        this.maxInterval = maxInterval;
        this.hosts = Caffeine.newBuilder().maximumSize(maxHosts).build();
    }

    /**
     * A page's next interval, its expected freshness and age (seconds) over it, and how far ahead its planned
     * fetch must be for a change known from a date (a sitemap's {@code lastmod}, a feed's) to be worth a fetch
     * now: infinite when none is, for the page changes too fast for its host's budget.
     */
    public record Planned(double intervalSeconds, double expectedFreshness, double expectedAgeSeconds, String place,
                          double knownChangeLeadSeconds) {
    }

    /**
     * What the plan knows of a page.
     *
     * @param rate its estimated change rate, per second
     * @param weight its importance, positive
     * @param alwaysChanged whether every fetch compared so far (two or more) found it changed: its estimate is
     *     then only a lower bound, since a page that changes far faster than it is fetched looks the same
     * @param lastInterval the seconds between its last two fetches, 0 if unknown
     */
    public record Page(double rate, double weight, boolean alwaysChanged, double lastInterval) {
    }

    /**
     * Moves a page to its place in its host's plan and tells its next interval.
     *
     * <p>A page found changed at every fetch is probed: fetched again at half its last interval (or sooner
     * if its plan says so), until it is seen unchanged (its estimate is then a fair one) or seen changed
     * even within μ/w seconds, the interval below which a page is not worth a fetch at the host's price μ:
     * it changes too fast to be kept fresh, and is then fetched as rarely as allowed. Without the probe, the
     * estimate of such a page never exceeds a few changes per interval, however fast it changes, and the plan
     * keeps spending fetches on it.
     *
     * @param host the host (the partition key: the unit of politeness)
     * @param previousPlace its {@code freshness.plan} from its last fetch, or null
     * @param firstFetch whether this fetch was the page's first
     */
    public Planned plan(String host, Page page, String previousPlace, boolean firstFetch, long nowMillis) {
        HostPlan plan = hosts.get(host, h -> new HostPlan());
        double rate = page.rate();
        double weight = page.weight();
        double interval;
        double plannedRate = rate;
        int placed;
        double lead;
        synchronized (plan) {
            removePrevious(plan, previousPlace);
            if (firstFetch) {
                plan.firstFetch(nowMillis, NEW_PAGES_TAU);
            }
            double kept = Math.min(newShare * hostBudget, plan.newPagesPerSecond(nowMillis, NEW_PAGES_TAU));
            double price = plan.price(OVERBOOKING * (hostBudget - kept), minInterval, maxInterval, nowMillis);
            interval = HostPlan.interval(rate, weight, price, minInterval, maxInterval);
            if (page.alwaysChanged() && page.lastInterval() > 0 && price > 0) {
                double worthless = price / weight;
                if (page.lastInterval() <= worthless / 2) {
                    interval = maxInterval;
                    plannedRate = Math.max(rate, 4 / worthless); // counted as what it is: beyond the price
                } else {
                    interval = Math.max(minInterval, Math.min(interval, page.lastInterval() / 2));
                }
            }
            // A page sent to the longest interval stays there until then, whatever the price does meanwhile: it
            // is counted as one that asks for nothing, or a falling price would keep counting on its fetches.
            int bucket = interval >= maxInterval ? HostPlan.BUCKETS - 1 : HostPlan.bucketOf(plannedRate / weight);
            plan.add(bucket, weight);
            placed = bucket;
            lead = knownChangeLead(plannedRate, price > 0 ? price / weight : 0);
        }
        return new Planned(interval, RefreshMath.freshness(plannedRate, interval),
                RefreshMath.age(plannedRate, interval), id + ":" + placed + ":" + ChangeHistory.format(weight), lead);
    }

    /**
     * How far ahead a page's planned fetch must be for a fetch now, of a page known to have changed, to be worth
     * its place in the host's budget. Fetched now, the copy stays fresh until the page's next change or the
     * planned fetch, whichever comes first: (1 − e^(−λT)) / λ seconds in expectation, T the time to the planned
     * fetch. At the host's price μ a fetch must buy μ/w of them, so T ≥ −ln(1 − λμ/w) / λ; a page with
     * λμ/w ≥ 1 changes too fast for any fetch of it to pay (the optimum does not fetch it at all), and a known
     * change of it is never worth chasing.
     *
     * @param rate the page's change rate, per second
     * @param worth μ/w: the seconds of freshness a fetch of the page must buy; 0 when the host's budget is not bound
     */
    static double knownChangeLead(double rate, double worth) {
        double share = rate * worth;
        if (!(share > 0)) {
            return 0;
        }
        return share >= 1 ? Double.POSITIVE_INFINITY : -Math.log1p(-share) / rate;
    }

    /**
     * A host's typical change rate (the geometric mean of its pages' estimates, recent ones weighing more):
     * what a page's own observations are weighed against. {@code fallback} for a host without any.
     */
    public double typicalRate(String host, double fallback) {
        return typicalRate(host, null, fallback);
    }

    /**
     * The typical change rate of a host's pages of a {@link PathPattern}, or of all the host's pages while that
     * pattern has few estimates (or is null): where a page without observations of its own starts.
     */
    public double typicalRate(String host, String pattern, double fallback) {
        HostPlan plan = hosts.getIfPresent(host);
        if (plan == null) {
            return fallback;
        }
        synchronized (plan) {
            return plan.typicalRate(pattern, fallback);
        }
    }

    /** Adds a page's estimate, from its own observations, to its host's and its pattern's typical rates. */
    public void recordRate(String host, String pattern, double rate) {
        if (!(rate > 0)) {
            return;
        }
        HostPlan plan = hosts.get(host, h -> new HostPlan());
        synchronized (plan) {
            plan.recordRate(pattern, rate);
        }
    }

    /** Pages a host's plan counts now (0 for a host it does not know). */
    public int pagesOf(String host) {
        HostPlan plan = hosts.getIfPresent(host);
        if (plan == null) {
            return 0;
        }
        synchronized (plan) {
            return plan.pages();
        }
    }

    private void removePrevious(HostPlan plan, String previousPlace) {
        if (previousPlace == null) {
            return;
        }
        String[] parts = previousPlace.split(":");
        if (parts.length != 3 || !parts[0].equals(id)) {
            return; // placed by another planner (before a restart, or another worker's): not counted here
        }
        try {
            int bucket = Integer.parseInt(parts[1]);
            double weight = Double.parseDouble(parts[2]);
            if (bucket >= 0 && bucket < HostPlan.BUCKETS) {
                plan.remove(bucket, weight);
            }
        } catch (NumberFormatException e) {
            // a place written by hand or damaged: the page is simply counted anew
        }
    }
}
