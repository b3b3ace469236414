package io.squall.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.config.MessageTimeout;
import io.squall.config.ShippedFiles;
import io.squall.storm.TupleKryo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyChecksTest {
    private static final CrawlerConfig NAMED = CrawlerConfig.defaults().with(Map.of("http.agent.name", "squall-test"), "test");

    private static String problem(Map<String, ?> settings) {
        return assertThrows(ConfigException.class, () -> TopologyChecks.check(NAMED.with(settings, "test"))).getMessage();
    }

    @Test
    void theDefaultsWithAnAgentNamePass() {
        TopologyChecks.check(NAMED);
    }

    @Test
    void aCrawlWithoutAgentNameIsRefused() {
        ConfigException e = assertThrows(ConfigException.class, () -> TopologyChecks.check(CrawlerConfig.defaults()));
        assertTrue(e.getMessage().startsWith("http.agent.name is not set"), e.getMessage());
    }

    @Test
    void theMessageTimeoutMustLeaveRoomForRenewals() {
        assertEquals("topology.message.timeout.secs is 9: it must be at least 10 s (bolts renew the timeout of the"
                + " tuples they hold every third of it)", problem(Map.of("topology.message.timeout.secs", 9)));
        TopologyChecks.check(NAMED.with(Map.of("topology.message.timeout.secs", 10), "test"));
        assertEquals(3, MessageTimeout.renewalPeriodSeconds(NAMED.with(Map.of("topology.message.timeout.secs", 10), "t")));
        assertEquals(4, MessageTimeout.renewalPeriodSeconds(NAMED));
    }

    @Test
    void theDocumentsLimitsMustHoldAndTheirTimeLimitStayBelowTheMessageTimeout() {
        assertEquals("parser.tika.timeout is 20000 ms: it must be below topology.message.timeout.secs (12 s), or a"
                + " document still being parsed is handed out again", problem(Map.of("parser.tika.timeout", 20000)));
        assertEquals("parser.tika.max.bytes is 0: it must be above 0", problem(Map.of("parser.tika.max.bytes", 0)));
        assertTrue(problem(Map.of("parser.tika.memory.mb", 8)).startsWith("parser.tika.memory.mb is 8: it must be"));
        TopologyChecks.check(NAMED.with(Map.of("parser.tika.enabled", false, "parser.tika.timeout", 60000), "test"));
    }

    @Test
    void wrongProxyCookieAndCredentialSettingsStopTheStartWithOneLine() {
        assertEquals("http.proxy.type: 'ftp' is not a proxy type: write HTTP (https goes through it with CONNECT) or"
                + " SOCKS (SOCKS5)", problem(Map.of("http.proxy.host", "proxy.example", "http.proxy.type", "ftp")));
        assertEquals("http.proxy.port: 65536 is not a port (1 to 65535)",
                problem(Map.of("http.proxy.host", "proxy.example", "http.proxy.port", 65536)));
        assertTrue(problem(Map.of("http.credentials.file", "/nonexistent/credentials.yaml"))
                .startsWith("http.credentials.file: cannot read '/nonexistent/credentials.yaml'"));
        assertTrue(problem(Map.of("http.use.cookies", true, "http.trust.everything", true))
                .startsWith("http.use.cookies is refused with http.trust.everything"));
    }

    @Test
    void everyComponentNeedsATaskTheSpoutMayFollowTheShardsAndTheBoltsTheWorkers() {
        assertEquals("parallelism.fetcher is -1: give a number of tasks, or 0 for one per worker",
                problem(Map.of("parallelism.fetcher", -1)));
        assertTrue(problem(Map.of("parallelism.spout", -1)).startsWith("parallelism.spout is -1"));
        TopologyChecks.check(NAMED.with(Map.of("parallelism.spout", 0), "test")); // one spout task per shard
        TopologyChecks.check(NAMED.with(Map.of("parallelism.status", 0), "test")); // one per worker
    }

    @Test
    void theFreshnessSchedulerNeedsOneStatusTaskPerWorkerForItPlansEachHostInOne() {
        String refused = problem(Map.of("scheduler.class", "freshness", "parallelism.status", 2, "topology.workers", 1));
        assertTrue(refused.startsWith("parallelism.status is 2 with topology.workers 1: scheduler.class freshness"),
                refused);
        assertTrue(refused.endsWith("set parallelism.status to 0"), refused);
        assertTrue(problem(Map.of("scheduler.class", "freshness", "parallelism.status", 2, "topology.workers", 4))
                .startsWith("parallelism.status is 2 with topology.workers 4"), "fewer tasks than workers");
        TopologyChecks.check(NAMED.with(Map.of("scheduler.class", "freshness", "parallelism.status", 0,
                "topology.workers", 4), "test"));
        TopologyChecks.check(NAMED.with(Map.of("scheduler.class", "freshness", "parallelism.status", 4,
                "topology.workers", 4), "test"));
        TopologyChecks.check(NAMED.with(Map.of("scheduler.class", "adaptive", "parallelism.status", 2), "test"));
    }

    @Test
    void adaptiveDelayBoundsThatCannotHoldAreRefused() {
        assertTrue(problem(Map.of("fetcher.server.delay.adaptive", true, "fetcher.server.delay.min", 5.0,
                "fetcher.server.delay.max", 2.0)).startsWith("fetcher.server.delay.max (2.0 s) is below"));
        TopologyChecks.check(NAMED.with(Map.of("fetcher.server.delay.max", 0.5), "test")); // off, the bounds are unread
    }

    @Test
    void aBrokenRenderingRuleOrSettingIsRefusedWhereTheCrawlStarts() {
        assertTrue(problem(Map.of("fetcher.render.urls", List.of("[a"))).startsWith("fetcher.render.urls: '[a'"));
        assertEquals("fetcher.render.browsers must be at least 1, got 0", problem(Map.of("fetcher.render.browsers", 0)));
        assertEquals("fetcher.render.timeout must be above 0, got 0", problem(Map.of("fetcher.render.timeout", 0)));
    }

    @Test
    void aConfigurationThatDropsSquallsKryoRegistrationsIsRefusedNamingWhatTheyCover() {
        String message = problem(Map.of("topology.kryo.decorators", List.of("com.example.MyDecorator")));
        assertTrue(message.startsWith("topology.kryo.decorators [com.example.MyDecorator] lacks io.squall.storm.TupleKryo"),
                message);
        assertTrue(message.contains("io.squall.api.Status"), message);
        TopologyChecks.check(NAMED.with(Map.of("topology.kryo.decorators",
                List.of("com.example.MyDecorator", TupleKryo.class.getName())), "test"));
    }

    @Test
    void theFilterFilesAreShippedInTheConfigurationAndABrokenParseFilterFileIsRefusedNamingItsEntry(@TempDir Path dir)
            throws Exception {
        Path good = dir.resolve("parsefilters.yaml");
        Files.writeString(good, "filters:\n  - type: css\n    params: {heading: h1}\n");
        CrawlerConfig shipped = TopologyChecks.withShippedFiles(NAMED.with(Map.of("parsefilters.config.file",
                good.toString()), "test"));
        Files.delete(good);
        assertEquals("filters:\n  - type: css\n    params: {heading: h1}\n", ShippedFiles.get(shipped, ShippedFiles.PARSE_FILTERS).text(),
                "the workers read the file's text from the configuration, not from the disk");

        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "filters:\n  - type: xpath\n    name: price\n    params: {price: \"//p[\"}\n");
        ConfigException e = assertThrows(ConfigException.class, () -> TopologyChecks.withShippedFiles(
                NAMED.with(Map.of("parsefilters.config.file", broken.toString()), "test")));
        assertTrue(e.getMessage().startsWith(broken + ": filter 1 (\"price\", type xpath)"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
