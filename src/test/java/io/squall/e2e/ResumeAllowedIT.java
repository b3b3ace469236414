package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawl of a site on a loopback address, which the address guard refuses unless allowed, killed mid-way and
 * resumed as a user would: {@code squall crawl --data DIR}, without the seed. The seed's address is still
 * allowed, so the rest of the site is fetched, and nothing is left refused.
 */
class ResumeAllowedIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static final int PAGES = 30;

    @TempDir
    Path dir;

    @Test
    void aLoopbackCrawlKilledMidWayAndResumedWithoutSeedsFetchesEveryPage() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(PAGES).robots("");
            Path data = dir.resolve("data");
            Path runDir = dir.resolve("run1");
            Files.createDirectories(runDir);
            // A delay per fetch, so that the crawl is still on the site's first pages when it is killed.
            Process first = SquallProcess.start(runDir, "crawl", site.url("/"), "--data", SquallProcess.path(data),
                    "--agent", "squall-test", "--delay", "0.3");
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (pagesRequested(web, site) < 5 && first.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(first.isAlive(), "the crawl is still running when it is killed: "
                    + SquallProcess.read(runDir.resolve("stderr.txt")));
            first.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
            long beforeResume = pagesRequested(web, site);
            assertTrue(beforeResume < PAGES, "killed mid-way, after " + beforeResume + " pages");

            SquallProcess.Result resumed = SquallProcess.run(dir.resolve("run2"), TIMEOUT, "crawl", "--data",
                    SquallProcess.path(data), "--agent", "squall-test", "--delay", "0.1", "--json");

            assertEquals(0, resumed.exitCode(), resumed.stderr());
            assertTrue(resumed.stderr().contains("Resuming the crawl in " + SquallProcess.path(data)), resumed.stderr());
            assertTrue(resumed.stderr().contains("Address guard: on, loopback and private addresses refused but "
                    + site.host() + " (the crawl's data"), "the header says the seed's address is still allowed,"
                    + " and why: " + resumed.stderr());
            JsonNode summary = new ObjectMapper().readTree(resumed.stdout());
            assertEquals(PAGES, summary.get("total").asLong(), resumed.stdout());
            assertEquals(PAGES, summary.get("status").get("FETCHED").asLong(), "every page fetched in the end, none"
                    + " left refused by the address guard: " + resumed.stdout());
            assertEquals(0, summary.get("topErrors").size(), resumed.stdout());
            for (int i = 1; i < PAGES; i++) {
                assertTrue(web.log().count(site.host(), "/page/" + i) > 0, "/page/" + i + " was requested");
            }
        }
    }

    @Test
    void aSiteAllowedAtResumeIsFetchedAtOnceAlthoughTheGuardRefusedItBefore() throws Exception {
        try (TestWeb web = TestWeb.start(2)) {
            Site other = web.site(1).tree(3).robots("");
            Site site = web.site(0).page("/", "/a", other.url("/")).page("/a").robots("");
            Path data = dir.resolve("data");
            String conf = SquallProcess.path(ScopedCrawlConf.write(dir, List.of(site.host(), other.host())));

            SquallProcess.Result first = SquallProcess.run(dir.resolve("run1"), TIMEOUT, "crawl", site.url("/"),
                    "--data", SquallProcess.path(data), "--conf", conf, "--agent", "squall-test", "--delay", "0",
                    "--json");
            assertEquals(0, first.exitCode(), first.stderr());
            assertEquals(0, web.log().forHost(other.host()).size(), "the other site is refused, not requested");
            assertTrue(first.stdout().contains("address.guard"), "its seed page is refused: " + first.stdout());

            SquallProcess.Result resumed = SquallProcess.run(dir.resolve("run2"), TIMEOUT, "crawl", "--data",
                    SquallProcess.path(data), "--conf", conf, "--allow", other.host(), "--agent", "squall-test",
                    "--delay", "0", "--json");

            assertEquals(0, resumed.exitCode(), resumed.stderr());
            assertTrue(resumed.stderr().contains("1 URL refused by the address guard before is due again"),
                    resumed.stderr());
            JsonNode summary = new ObjectMapper().readTree(resumed.stdout());
            assertEquals(5, summary.get("status").get("FETCHED").asLong(), "both sites' pages, the refused one"
                    + " fetched at once rather than after fetchInterval.fetch.error: " + resumed.stdout());
            for (String path : List.of("/", "/page/1", "/page/2")) {
                assertEquals(1, web.log().count(other.host(), path), path + " on the allowed site");
            }
        }
    }

    private static long pagesRequested(TestWeb web, Site site) {
        return web.log().forHost(site.host()).stream().filter(r -> !r.path().equals("/robots.txt")).count();
    }
}
