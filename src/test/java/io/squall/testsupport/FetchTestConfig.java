package io.squall.testsupport;

import io.squall.config.CrawlerConfig;
import io.squall.testweb.TestWeb;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration the fetch, HTTP and rendering tests start from: a named agent, the test web's loopback range
 * allowed, and Squall's own timeout and deadline (10 s and 60 s): a test of a timeout sets its own, and the others
 * do not race a short one on a loaded machine.
 */
public final class FetchTestConfig {
    private FetchTestConfig() {
    }

    public static CrawlerConfig with(Object... keyValues) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("http.agent.name", "squall-test");
        settings.put("http.address.allow", List.of(TestWeb.LOOPBACK_RANGE));
        settings.put("fetcher.threads.number", 8);
        settings.put("fetcher.server.delay", 0.0);
        for (int i = 0; i < keyValues.length; i += 2) {
            settings.put((String) keyValues[i], keyValues[i + 1]);
        }
        return CrawlerConfig.defaults().with(settings, "test");
    }
}
