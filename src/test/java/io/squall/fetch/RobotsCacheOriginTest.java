package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RobotsCacheOriginTest {
    @Test
    void theOriginIsReadAsTheNormalizerReadsTheUrl() {
        assertEquals("http://a_b.example:8105", RobotsCache.originOf("http://a_b.example:8105/x"));
        assertEquals("https://my_host.example.com", RobotsCache.originOf("https://My_Host.example.com:443/"));
        assertEquals("http://127.0.0.1", RobotsCache.originOf("http://0x7f.1/"));
        assertEquals("http://[::1]:8080", RobotsCache.originOf("http://[0::1]:8080/a"));
        assertThrows(IllegalArgumentException.class, () -> RobotsCache.originOf("mailto:a@example.com"));
    }
}
