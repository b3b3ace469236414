package io.squall.report;

import io.squall.config.Durations;
import io.squall.freshness.ChangeHistory;
import io.squall.frontier.FreshnessScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.Aggregate;
import org.opensearch.client.opensearch._types.aggregations.Aggregation;
import org.opensearch.client.opensearch._types.aggregations.StringTermsBucket;

/**
 * How fresh the crawl's copy is, from one aggregation over the status index: the pages fetched at least
 * once, what their last fetch found (first, changed, unchanged in full, not modified), and the freshness and
 * age the plan expects of them, overall and on the hosts where freshness is lowest (scheduler.class
 * freshness stores both per page; other schedulers leave them out).
 *
 * @param pages pages with a change history (fetched at least once)
 * @param lastObserved pages by what their last fetch found
 * @param expected the mean expected freshness, or null when no page has a plan
 * @param ageSeconds the mean expected age in seconds (how long since the live page first differed from the
 *     copy, 0 while it is fresh), or null when no page has a plan
 * @param leastFresh the hosts with the lowest mean expected freshness, lowest first
 */
public record FreshnessFigures(long pages, Map<String, Long> lastObserved, Double expected, Double ageSeconds,
                               List<HostFreshness> leastFresh) {
    public static final FreshnessFigures NONE = new FreshnessFigures(0, Map.of(), null, null, List.of());

    private static final String HISTORY_FIELD = "metadata." + ChangeHistory.LAST;
    private static final String OBSERVED_FIELD = "metadata." + ChangeHistory.OBSERVED;
    private static final String EXPECTED_FIELD = "metadata." + FreshnessScheduler.EXPECTED;
    private static final String AGE_FIELD = "metadata." + FreshnessScheduler.AGE;

    /** A host's mean expected freshness and age over its pages with a plan. */
    public record HostFreshness(String host, long pages, double expected, Double ageSeconds) {
    }

    /** Of the pages whose last fetch compared content, the share that found nothing changed in a full body. */
    public Double wastedShare() {
        long compared = count("changed") + count("unchanged") + count("not-modified");
        return compared == 0 ? null : count("unchanged") / (double) compared;
    }

    /** An age as the console and the reports write it, to the second ({@code 3m20s}), or null for none. */
    public static String ageText(Double seconds) {
        return seconds == null ? null : Durations.format(Duration.ofSeconds(Math.round(seconds)));
    }

    public long count(String observation) {
        return lastObserved.getOrDefault(observation, 0L);
    }

    /** The aggregation {@link #from} reads, with the {@code top} least fresh hosts. */
    public static Aggregation aggregation(int top) {
        return Aggregation.of(a -> a.filter(f -> f.exists(e -> e.field(HISTORY_FIELD)))
                .aggregations("observed", o -> o.terms(t -> t.field(OBSERVED_FIELD).size(8)))
                .aggregations("expected", e -> e.avg(v -> v.field(EXPECTED_FIELD)))
                .aggregations("age", e -> e.avg(v -> v.field(AGE_FIELD)))
                .aggregations("hosts", h -> h.terms(t -> t.field("key").size(top)
                                .order(List.of(Map.of("expected", SortOrder.Asc))))
                        .aggregations("expected", e -> e.avg(v -> v.field(EXPECTED_FIELD)))
                        .aggregations("age", e -> e.avg(v -> v.field(AGE_FIELD)))));
    }

    /** The figures from the answer to {@link #aggregation}. */
    public static FreshnessFigures from(Aggregate aggregate) {
        if (aggregate == null || !aggregate.isFilter() || aggregate.filter().docCount() == 0) {
            return NONE;
        }
        Map<String, Aggregate> parts = aggregate.filter().aggregations();
        Map<String, Long> observed = new LinkedHashMap<>();
        Aggregate byObservation = parts.get("observed");
        if (byObservation != null && byObservation.isSterms()) {
            byObservation.sterms().buckets().array().forEach(b -> observed.put(b.key(), b.docCount()));
        }
        Double expected = average(parts.get("expected"));
        List<HostFreshness> hosts = new ArrayList<>();
        Aggregate byHost = parts.get("hosts");
        if (expected != null && byHost != null && byHost.isSterms()) {
            for (StringTermsBucket bucket : byHost.sterms().buckets().array()) {
                Double mean = average(bucket.aggregations().get("expected"));
                if (mean != null) {
                    hosts.add(new HostFreshness(bucket.key(), bucket.docCount(), mean,
                            average(bucket.aggregations().get("age"))));
                }
            }
        }
        return new FreshnessFigures(aggregate.filter().docCount(), observed, expected, average(parts.get("age")),
                hosts);
    }

    private static Double average(Aggregate aggregate) {
        if (aggregate == null || !aggregate.isAvg() || aggregate.avg().value() == null) {
            return null;
        }
        double value = aggregate.avg().value();
        return Double.isFinite(value) ? value : null;
    }
}
