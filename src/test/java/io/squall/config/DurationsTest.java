package io.squall.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void everyUnitAndTheirSums() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90s"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90"), "a bare number is seconds");
        assertEquals(Duration.ofMinutes(15), Durations.parse("15m"));
        assertEquals(Duration.ofHours(2), Durations.parse("2H"));
        assertEquals(Duration.ofDays(1), Durations.parse("1d"), "a day, not a second");
        assertEquals(Duration.ofSeconds(3723), Durations.parse("1h2m3s"));
        assertEquals(Duration.ofDays(1).plusMinutes(30).plusMillis(5), Durations.parse(" 1d30m5ms "));
        assertEquals(Duration.ZERO, Durations.parse("0s"));
    }

    @Test
    void decimalsInAnyUnit() {
        assertEquals(Duration.ofMillis(1500), Durations.parse("1.5s"));
        assertEquals(Duration.ofMillis(500), Durations.parse("0.5"), "a bare number is seconds");
        assertEquals(Duration.ofSeconds(90), Durations.parse("1.5m"));
        assertEquals(Duration.ofMinutes(61).plusSeconds(30), Durations.parse("1h1.5m"));
        assertEquals(Duration.ofNanos(1_500_000), Durations.parse("1.5ms"));
    }

    @Test
    void aBareNumberCountsInTheUnitGiven() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500", ChronoUnit.MILLIS));
        assertEquals(Duration.ofDays(1), Durations.parse("1440", ChronoUnit.MINUTES));
        assertEquals(Duration.ofDays(365), Durations.parse("365", ChronoUnit.DAYS));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90s", ChronoUnit.MINUTES), "a unit written wins");
    }

    @Test
    void badInputIsNamedInTheMessage() {
        for (String bad : List.of("", "m", "1x", "1h 2m", "5s3", "-5", "1.s", ".5s", "1w", "99999999999999999999d")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(bad), bad);
            assertEquals(true, e.getMessage().startsWith(
                    "expects a duration such as 90s, 500ms, 1.5s, 15m, 2h, 1d or 1h30m, got '"
                    + bad + "'"), e.getMessage());
        }
    }

    @Test
    void formatsForTheProgressLine() {
        assertEquals("45s", Durations.format(Duration.ofSeconds(45)));
        assertEquals("2m05s", Durations.format(Duration.ofSeconds(125)));
        assertEquals("1h00m01s", Durations.format(Duration.ofSeconds(3601)));
    }
}
