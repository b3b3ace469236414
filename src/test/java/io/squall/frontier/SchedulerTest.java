package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Settings;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");

    private static long minutesUntil(Optional<Instant> next) {
        return Duration.between(NOW, next.orElseThrow()).toMinutes();
    }

    @Test
    void defaultIntervalsPerStatusWithNeverAndAPerUrlOverride() {
        Scheduler s = Schedulers.fromConfig(CrawlerConfig.defaults().with(Map.of("fetchInterval.default", 1440,
                "fetchInterval.fetch.error", 120, "fetchInterval.error", -1), "test"));
        assertEquals(0, minutesUntil(s.nextFetchDate("http://h/", "h", Status.DISCOVERED, new Metadata(), NOW)));
        assertEquals(1440, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, new Metadata(), NOW)));
        assertEquals(1440, minutesUntil(s.nextFetchDate("http://h/", "h", Status.REDIRECTION, new Metadata(), NOW)));
        assertEquals(120, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCH_ERROR, new Metadata(), NOW)));
        assertTrue(s.nextFetchDate("http://h/", "h", Status.ERROR, new Metadata(), NOW).isEmpty());
        Metadata hourly = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "60");
        assertEquals(60, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, hourly, NOW)));
        Metadata never = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "-1");
        assertTrue(s.nextFetchDate("http://h/", "h", Status.FETCHED, never, NOW).isEmpty());
        Metadata unreadable = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "soon");
        assertEquals(1440, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, unreadable, NOW)), "the default");
    }

    @Test
    void intervalsWrittenWithTheirUnitTakeEffect() {
        Scheduler s = Schedulers.fromConfig(CrawlerConfig.defaults().with(Map.of("fetchInterval.default", "1h30m",
                "fetchInterval.fetch.error", "45s"), "test"));
        assertEquals(90, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, new Metadata(), NOW)));
        assertEquals(NOW.plusSeconds(45), s.nextFetchDate("http://h/", "h", Status.FETCH_ERROR, new Metadata(), NOW)
                .orElseThrow());
        Scheduler adaptive = Schedulers.fromConfig(CrawlerConfig.defaults().with(Map.of("scheduler.class",
                "adaptive", "scheduler.adaptive.min", "2h"), "test"));
        assertEquals(120, minutesUntil(adaptive.nextFetchDate("http://h/", "h", Status.FETCHED,
                new Metadata().set(MetadataKeys.FETCH_INTERVAL, "30s"), NOW)), "the adaptive minimum, 2h");
    }

    @Test
    void aUrlsOwnIntervalMayBeADurationForIntervalsBelowAMinute() {
        Scheduler s = Schedulers.fromConfig(CrawlerConfig.defaults());
        Metadata everyHalfMinute = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "30s");
        assertEquals(NOW.plusSeconds(30), s.nextFetchDate("http://h/", "h", Status.FETCHED, everyHalfMinute, NOW).orElseThrow());
        Metadata ninetyMinutes = new Metadata().set(MetadataKeys.FETCH_INTERVAL, "1h30m");
        assertEquals(90, minutesUntil(s.nextFetchDate("http://h/", "h", Status.REDIRECTION, ninetyMinutes, NOW)));

        Scheduler adaptive = Schedulers.fromConfig(CrawlerConfig.defaults().with(Map.of("scheduler.class",
                "adaptive", "scheduler.adaptive.min", 2), "test"));
        assertEquals(2, minutesUntil(adaptive.nextFetchDate("http://h/", "h", Status.FETCHED, everyHalfMinute, NOW)),
                "the adaptive interval stays within its minimum");
    }

    @Test
    void aFetchIntervalIsMinutesOrADurationAndAnythingElseIsRefusedSayingWhatIsExpected() {
        assertEquals(Optional.of(Duration.ofMinutes(60)), FetchIntervals.parse("60"));
        assertEquals(Optional.empty(), FetchIntervals.parse("-1"));
        assertEquals(Optional.of(Duration.ofSeconds(45)), FetchIntervals.parse(" 45s "));
        assertEquals(Optional.of(Duration.ofSeconds(90)), FetchIntervals.parse("1.5"), "minutes, as a whole number");
        for (String bad : List.of("", "soon", "1,5", "99999999999", "100000d")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FetchIntervals.parse(bad));
            assertTrue(e.getMessage().startsWith("fetchInterval expects minutes (1440, -1 for never) or a duration"),
                    e.getMessage());
        }
    }

    @Test
    void adaptiveIntervalShrinksOnChangeGrowsOnSameDigestOr304WithinBounds() {
        Scheduler s = Schedulers.fromConfig(CrawlerConfig.defaults().with(Map.of("scheduler.class", "adaptive",
                "fetchInterval.default", 1000, "scheduler.adaptive.min", 300, "scheduler.adaptive.max", 2000), "test"));
        Metadata md = new Metadata().set(MetadataKeys.DIGEST, "d1");
        assertEquals(1000, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW)), "first fetch: default interval");
        assertEquals("d1", md.getFirst(MetadataKeys.ADAPTIVE_SIGNATURE));

        md.set(MetadataKeys.DIGEST, "d2");
        assertEquals(500, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW)), "changed: halved");
        md.set(MetadataKeys.DIGEST, "d3");
        assertEquals(300, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW)), "changed again: the minimum");

        assertEquals(450, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW)), "same digest: grows by half");
        md.set(MetadataKeys.FETCH_STATUS_CODE, "304");
        assertEquals(675, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW)), "304: grows");
        for (int i = 0; i < 5; i++) {
            s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW);
        }
        assertEquals(2000, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCHED, md, NOW)), "never above the maximum");

        assertEquals(120, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCH_ERROR, md, NOW)), "errors keep their interval");
    }

    @Test
    void anUnknownSchedulerIsAConfigurationError() {
        ConfigException e = assertThrows(ConfigException.class, () -> Schedulers.fromConfig(
                CrawlerConfig.defaults().with(Map.of("scheduler.class", "weekly"), "test")));
        assertTrue(e.getMessage().contains("scheduler.class"));
        ConfigException notOne = assertThrows(ConfigException.class, () -> Schedulers.fromConfig(
                CrawlerConfig.defaults().with(Map.of("scheduler.class", String.class.getName()), "test")));
        assertEquals("scheduler.class 'java.lang.String': java.lang.String does not implement io.squall.api.Scheduler",
                notOne.getMessage());
    }

    /**
     * A scheduler of a user's own: every URL, whatever its status, is due again after fetchInterval.default,
     * those under /news/ after a minute.
     */
    public static final class Weekly implements Scheduler {
        private Duration every;

        @Override
        public void configure(Settings settings) {
            every = Duration.ofMinutes(settings.getInt("fetchInterval.default", 0));
        }

        @Override
        public Optional<Instant> nextFetchDate(String url, String hostKey, Status status, Metadata metadata,
                Instant now) {
            return Optional.of(now.plus(url.contains("/news/") ? Duration.ofMinutes(1) : every));
        }
    }

    @Test
    void aSchedulerClassOfOnesOwnIsBuiltFromTheConfiguration() {
        Scheduler s = Schedulers.fromConfig(CrawlerConfig.defaults().with(
                Map.of("scheduler.class", Weekly.class.getName(), "fetchInterval.default", 10080), "test"));
        assertEquals(10080, minutesUntil(s.nextFetchDate("http://h/", "h", Status.FETCH_ERROR, new Metadata(), NOW)));
        assertEquals(1, minutesUntil(s.nextFetchDate("http://h/news/1", "h", Status.DISCOVERED, new Metadata(), NOW)),
                "it is given the URL");
    }
}
