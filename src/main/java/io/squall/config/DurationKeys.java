package io.squall.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The settings that are durations, each with the unit a bare number counts in. Any of them takes a duration
 * with its unit ({@code 500ms}, {@code 90s}, {@code 1.5s}, {@code 15m}, {@code 1h30m}: {@link Durations}); a
 * bare number keeps the unit the key always had, which is StormCrawler's for the keys named after its own,
 * so that a StormCrawler configuration (and what {@code squall migrate} writes from one) means what it
 * meant. A negative bare number keeps its meaning too (-1: never, or "use another key"), for the keys that
 * give it one.
 *
 * <p>Declared here rather than in {@code crawler-default.yaml}: the defaults file is a flat map of key to
 * value that Storm, the migration and the generated reference read as such, and a unit there would have to
 * be a second value per key. A test checks that every key here is declared there.
 *
 * <p>Storm's own keys ({@code topology.*}) are not here: Storm reads them, in its own units.
 */
final class DurationKeys {
    private static final Map<String, ChronoUnit> BARE_UNITS = declare();

    private DurationKeys() {
    }

    private static Map<String, ChronoUnit> declare() {
        Map<String, ChronoUnit> units = new LinkedHashMap<>();
        declare(units, ChronoUnit.MILLIS, "http.timeout", "http.deadline", "opensearch.connect.timeout",
                "opensearch.socket.timeout", "spout.min.delay.queries", "spout.max.delay.queries",
                "spout.max.delay.idle", "spout.control.interval", "parser.tika.timeout");
        declare(units, ChronoUnit.SECONDS, "robots.cache.ttl", "robots.error.cache.ttl", "fetcher.server.delay",
                "fetcher.server.min.delay", "fetcher.server.delay.min", "fetcher.server.delay.max",
                "fetcher.max.crawl.delay", "fetcher.timeout.queue", "fetcher.exceptions.pause",
                "fetcher.max.retry.after", "fetcher.backoff.initial", "fetcher.backoff.max", "fetcher.backoff.quiet",
                "fetcher.hosts.flush.interval", "fetcher.render.timeout", "fetcher.render.quiet",
                "opensearch.startup.wait", "opensearch.status.flushInterval", "opensearch.status.retryTimeout",
                "opensearch.content.flushInterval", "opensearch.content.retryTimeout",
                "opensearch.metrics.flushInterval", "opensearch.metrics.retryTimeout", "spout.ttl.purgatory",
                "spout.host.horizon", "scheduler.freshness.min.seconds", "scheduler.freshness.max.seconds",
                "scheduler.freshness.default.change.seconds");
        declare(units, ChronoUnit.MINUTES, "fetchInterval.default", "fetchInterval.fetch.error", "fetchInterval.error",
                "fetchInterval.feed", "fetchInterval.feed.min", "scheduler.adaptive.min", "scheduler.adaptive.max");
        declare(units, ChronoUnit.DAYS, "feed.max.age");
        return Collections.unmodifiableMap(units);
    }

    private static void declare(Map<String, ChronoUnit> units, ChronoUnit bareUnit, String... keys) {
        for (String key : keys) {
            units.put(key, bareUnit);
        }
    }

    static Set<String> keys() {
        return BARE_UNITS.keySet();
    }

    /** The unit a bare number of this key counts in; empty when the key is not a duration. */
    static Optional<ChronoUnit> bareUnit(String key) {
        return Optional.ofNullable(BARE_UNITS.get(key));
    }

    /**
     * A duration key's value: a number (negative ones included) in the key's bare unit, or a duration's text.
     *
     * @throws IllegalArgumentException saying what is accepted, when it is neither
     */
    static Duration parse(String key, Object value) {
        ChronoUnit unit = BARE_UNITS.get(key);
        String text = String.valueOf(value).trim();
        if (value instanceof Number || text.matches("-\\d+(\\.\\d+)?")) {
            try {
                return Durations.of(new BigDecimal(text), unit);
            } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException(accepted(key));
            }
        }
        try {
            return Durations.parse(text, unit);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(accepted(key));
        }
    }

    /** What the key accepts, for a message naming the key and the value before it. */
    static String accepted(String key) {
        String unit = switch (BARE_UNITS.get(key)) {
            case MILLIS -> "milliseconds";
            case MINUTES -> "minutes";
            case DAYS -> "days";
            default -> "seconds";
        };
        return Durations.ACCEPTED + ", or a bare number of " + unit;
    }
}
