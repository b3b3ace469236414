package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class MetricsIndicesTest {

    @Test
    void aDayIsItsUtcDate() {
        assertEquals("metrics-2023.11.14", MetricsIndices.daily("metrics", 1_700_006_399_999L)); // 23:59:59.999Z
        assertEquals("metrics-2023.11.15", MetricsIndices.daily("metrics", 1_700_006_400_000L));
    }

    @Test
    void onlyDailyIndicesPastTheRetentionExpire() {
        List<String> indices = List.of("metrics-2026.11.25", "metrics-2026.10.26", "metrics-2026.10.25",
                "metrics-2025.01.01", "metrics-archive", "metrics", "other-2020.01.01", "metrics-2020.13.01");
        LocalDate today = LocalDate.of(2026, 11, 25);
        assertEquals(List.of("metrics-2026.10.25", "metrics-2025.01.01"), MetricsIndices.expired("metrics", indices, today, 30));
        assertEquals(List.of("metrics-2026.10.26", "metrics-2026.10.25", "metrics-2025.01.01"),
                MetricsIndices.expired("metrics", indices, today, 0));
        assertEquals(List.of(), MetricsIndices.expired("metrics", indices, today, -1));
    }
}
