package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.freshness.ChangeDetector;
import io.squall.freshness.ChangeHistory;
import io.squall.freshness.ChangeTracker;
import io.squall.freshness.Observation;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FreshnessSchedulerTest {
    private static final Instant T0 = Instant.parse("2026-11-27T00:00:00Z");

    private static CrawlerConfig config(Map<String, Object> settings) {
        Map<String, Object> all = new HashMap<>(Map.of("scheduler.class", "freshness",
                "scheduler.freshness.min.seconds", 10, "scheduler.freshness.max.seconds", 100_000,
                "scheduler.freshness.new.share", 0.0, "fetcher.server.delay", 1.0));
        all.putAll(settings);
        return CrawlerConfig.defaults().with(all, "test");
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    /**
     * Fetches a host's pages as a crawl would, each when it is due, for {@code rounds} due times each: pages
     * 0..n/2 (under /live/) change at every fetch, the others (under /archive/) never. Returns the mean
     * interval of each half at the end.
     */
    private static double[] crawl(Scheduler scheduler, int pages, int rounds) {
        ChangeTracker tracker = new ChangeTracker(new ChangeDetector(3));
        Metadata[] stored = new Metadata[pages];
        Instant[] due = new Instant[pages];
        double[] lastInterval = new double[pages];
        for (int i = 0; i < pages; i++) {
            due[i] = T0.plusSeconds(i);
        }
        for (int r = 0; r < rounds * pages; r++) {
            int next = 0;
            for (int i = 1; i < pages; i++) {
                if (due[i].isBefore(due[next])) {
                    next = i;
                }
            }
            Instant now = due[next];
            Metadata md = stored[next] == null ? new Metadata() : stored[next].copy();
            boolean changing = next < pages / 2;
            md.set(MetadataKeys.FETCH_STATUS_CODE, "200");
            md.set(MetadataKeys.DIGEST, changing ? "v" + r : "same");
            tracker.fetched(md, now);
            String url = "http://h/" + (changing ? "live/" : "archive/") + next;
            Instant after = scheduler.nextFetchDate(url, "h", Status.FETCHED, md, now).orElseThrow();
            lastInterval[next] = seconds(now, after);
            due[next] = after;
            stored[next] = md;
        }
        double changingMean = 0;
        double stableMean = 0;
        for (int i = 0; i < pages; i++) {
            if (i < pages / 2) {
                changingMean += lastInterval[i] / (pages / 2.0);
            } else {
                stableMean += lastInterval[i] / (pages / 2.0);
            }
        }
        return new double[] {changingMean, stableMean};
    }

    @Test
    void pagesSeenUnchangedAreFetchedLessOftenAndThePlanStoresItsFigures() {
        Scheduler scheduler = Schedulers.fromConfig(config(Map.of("scheduler.freshness.default.change.seconds", 100)));
        double[] means = crawl(scheduler, 20, 12);
        assertTrue(means[1] > 2 * means[0], "stable pages every " + means[1] + " s, changing ones every " + means[0]);

        Metadata md = new Metadata().set(MetadataKeys.DIGEST, "x");
        new ChangeTracker(new ChangeDetector(3)).fetched(md, T0);
        scheduler.nextFetchDate("http://h/", "h", Status.FETCHED, md, T0);
        assertTrue(Double.parseDouble(md.getFirst(FreshnessScheduler.RATE)) > 0, md.toString());
        assertTrue(Long.parseLong(md.getFirst(FreshnessScheduler.INTERVAL)) >= 10, md.toString());
        double expected = Double.parseDouble(md.getFirst(FreshnessScheduler.EXPECTED));
        assertTrue(expected > 0 && expected <= 1, md.toString());
        assertTrue(md.getFirst(FreshnessScheduler.PLAN).matches("[0-9a-z]+:\\d+:1"), md.toString());
        String lead = md.getFirst(FreshnessScheduler.KNOWN_CHANGE_LEAD);
        assertTrue(FreshnessScheduler.NEVER.equals(lead) || Long.parseLong(lead) >= 0, md.toString());
    }

    @Test
    void aNewPageStartsFromTheRateOfItsHostsPagesOfTheSamePathPattern() {
        Scheduler scheduler = Schedulers.fromConfig(config(Map.of("scheduler.freshness.default.change.seconds", 100)));
        crawl(scheduler, 20, 12);
        double live = firstFetchRate(scheduler, "http://h/live/new");
        double archive = firstFetchRate(scheduler, "http://h/archive/new");
        double elsewhere = firstFetchRate(scheduler, "http://h/other/new");
        assertTrue(live > 4 * archive, "a new page under /live/: " + live + " a day, under /archive/: " + archive);
        assertTrue(elsewhere < live && elsewhere > archive, "a new page of no known pattern, from the whole host's: "
                + elsewhere);
    }

    /** The change rate (a day) the scheduler gives a page at its first fetch. */
    private static double firstFetchRate(Scheduler scheduler, String url) {
        Metadata md = new Metadata().set(MetadataKeys.FETCH_STATUS_CODE, "200").set(MetadataKeys.DIGEST, "new");
        new ChangeTracker(new ChangeDetector(3)).fetched(md, T0);
        scheduler.nextFetchDate(url, "h", Status.FETCHED, md, T0);
        return Double.parseDouble(md.getFirst(FreshnessScheduler.RATE));
    }

    @Test
    void theEstimateStartsAtTheHostsRateAndMovesWithTheObservations() {
        double typical = 1.0 / 1000;
        assertEquals(typical, FreshnessScheduler.estimate(ChangeHistory.NONE, typical), 1e-12);
        ChangeHistory neverChanged = new ChangeHistory(10, 0, 10 * 100, T0, "c", 0, 0);
        ChangeHistory alwaysChanged = new ChangeHistory(10, 10, 10 * 100, T0, "c", 0, 10);
        double low = FreshnessScheduler.estimate(neverChanged, typical);
        double high = FreshnessScheduler.estimate(alwaysChanged, typical);
        assertTrue(low > 0 && low < typical, "never changed: " + low);
        assertTrue(high > 10 * typical, "always changed: " + high);
        assertTrue(Double.isFinite(high));
    }

    @Test
    void datedChangesEstimateAPageFetchedFarLessOftenThanItChanges() {
        // A page that changes every 10 s on average, fetched every 60 s: every fetch finds it changed, which
        // alone bounds the estimate from below only; the dates of its changes tell the rate.
        double rate = 1.0 / 10;
        java.util.Random random = new java.util.Random(7);
        ChangeHistory dated = ChangeHistory.NONE.after(Observation.FIRST, T0, "c", T0);
        ChangeHistory undated = ChangeHistory.NONE.after(Observation.FIRST, T0, "c", null);
        double nextChange = -Math.log(1 - random.nextDouble()) / rate;
        double lastChange = 0;
        for (int fetch = 1; fetch <= 32; fetch++) {
            double t = fetch * 60.0;
            boolean changed = false;
            while (nextChange <= t) {
                lastChange = nextChange;
                changed = true;
                nextChange += -Math.log(1 - random.nextDouble()) / rate;
            }
            Observation seen = changed ? Observation.CHANGED : Observation.UNCHANGED;
            Instant now = T0.plusMillis(Math.round(t * 1000));
            dated = dated.after(seen, now, "c", T0.plusMillis(Math.round(lastChange * 1000)));
            undated = undated.after(seen, now, "c", null);
        }
        double typical = 1.0 / 1000;
        double fromDates = FreshnessScheduler.estimate(dated, typical);
        double fromChanges = FreshnessScheduler.estimate(undated, typical);
        assertTrue(dated.isDated());
        assertEquals(rate, fromDates, rate * 0.35, "from dates: " + fromDates);
        assertTrue(fromChanges < rate * 0.6, "from changes alone, a lower bound: " + fromChanges);
    }

    @Test
    void otherStatusesAndPagesWithAnIntervalOfTheirOwnAreScheduledAsByDefault() {
        Scheduler scheduler = Schedulers.fromConfig(config(Map.of("fetchInterval.fetch.error", 120)));
        assertEquals(T0.plus(Duration.ofMinutes(120)),
                scheduler.nextFetchDate("http://h/", "h", Status.FETCH_ERROR, new Metadata(), T0).orElseThrow());
        assertEquals(T0, scheduler.nextFetchDate("http://h/", "h", Status.DISCOVERED, new Metadata(), T0).orElseThrow());
        Metadata feed = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "30");
        assertEquals(T0.plus(Duration.ofMinutes(30)),
                scheduler.nextFetchDate("http://h/", "h", Status.FETCHED, feed, T0).orElseThrow());
        assertEquals(null, feed.getFirst(FreshnessScheduler.PLAN));
        Metadata sitemap = new Metadata().set(MetadataKeys.IS_SITEMAP, "true");
        assertEquals(T0.plus(Duration.ofMinutes(1440)),
                scheduler.nextFetchDate("http://h/", "h", Status.FETCHED, sitemap, T0).orElseThrow(), "sitemaps on the default schedule");
        assertEquals(null, sitemap.getFirst(FreshnessScheduler.PLAN));
    }

    @Test
    void theHostBudgetFollowsPoliteness() {
        assertEquals(0.5, FreshnessScheduler.hostBudget(config(Map.of("fetcher.server.delay", 2.0))), 1e-12);
        assertEquals(4 / 0.5, FreshnessScheduler.hostBudget(config(Map.of("fetcher.threads.per.queue", 4,
                "fetcher.server.min.delay", 0.5))), 1e-12);
        assertEquals(3, FreshnessScheduler.hostBudget(config(Map.of("scheduler.freshness.host.rate", 3.0))), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, FreshnessScheduler.hostBudget(config(Map.of("fetcher.server.delay", 0.0))));
    }

    @Test
    void impossibleSettingsAreRefusedWithTheirNames() {
        ConfigException bounds = assertThrows(ConfigException.class, () -> Schedulers.fromConfig(config(Map.of(
                "scheduler.freshness.min.seconds", 600, "scheduler.freshness.max.seconds", 60))));
        assertTrue(bounds.getMessage().contains("scheduler.freshness.min.seconds"), bounds.getMessage());
        ConfigException share = assertThrows(ConfigException.class, () -> Schedulers.fromConfig(config(Map.of(
                "scheduler.freshness.new.share", 1.0))));
        assertTrue(share.getMessage().contains("scheduler.freshness.new.share"), share.getMessage());
    }

    @Test
    void aFirstFetchIsObservedAsSuch() {
        Metadata md = new Metadata().set(MetadataKeys.DIGEST, "x");
        assertEquals(Observation.FIRST, new ChangeTracker(new ChangeDetector(3)).fetched(md, T0));
        assertEquals("first", md.getFirst(ChangeHistory.OBSERVED));
    }
}
