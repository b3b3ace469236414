package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testsupport.Browsers;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web console in a real browser (Debian's Chromium, driven through its chromedriver) against a running
 * crawl: the charts, host table, errors and crawl log fill; a URL lookup answers, seeds added from the page are
 * crawled, pause, resume and stop work, and the final report shows on the page and in DATA/report.html. The
 * cluster console ({@code squall console --opensearch}) reads the same crawl's status index.
 *
 * <p>Without a browser the test is skipped, saying why, except in CI (the environment variable {@code CI}, as
 * .ci/run sets, or {@code -Dsquall.browser.required=true}), where it fails. Screenshots go to
 * {@code target/console-screenshots/}.
 */
class ConsoleBrowserIT {
    private static final Path CHROMIUM = Browsers.CHROMIUM;
    private static final Path CHROMEDRIVER = Browsers.CHROMEDRIVER;
    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

    @TempDir
    Path dir;

    @Test
    void theConsoleShowsSteersAndReportsARunningCrawlInChromium() throws Exception {
        Browsers.require("the console's end-to-end test");
        try (TestWeb web = TestWeb.start(3)) {
            // A slow host (robots.txt asks 2 s between fetches), a host with broken links, a host for a new seed.
            Site slow = web.site(0).robots("User-agent: *\nCrawl-delay: 2\n").tree(300);
            int closedPort = freePort();
            String refused = "http://127.0.0.1:" + closedPort + "/nobody-listens";
            Site broken = web.site(1).page("/", "/a", "/broken", "/missing").page("/a", "/b").page("/b")
                    .status("/broken", 500).status("/missing", 404);
            Site later = web.site(2).page("/added-from-console");
            int consolePort = freePort();
            Path data = dir.resolve("data");
            Path run = dir.resolve("crawl");
            Files.createDirectories(run);
            // The refused URL is a seed: as a link, the scope filter (the seed's domain) would keep it out.
            // Planned by the freshness scheduler, whose expected freshness the console's panel shows.
            Path conf = Files.writeString(dir.resolve("freshness.yaml"), "config:\n  scheduler.class: \"freshness\"\n");
            Process crawl = SquallProcess.start(run, "crawl", slow.url("/"), broken.url("/"), refused, "--data",
                    SquallProcess.path(data), "--agent", "squall-test", "--delay", "1", "--max-pages", "1000",
                    "--allow", TestWeb.LOOPBACK_RANGE, "--console-port", String.valueOf(consolePort), "--conf",
                    SquallProcess.path(conf), "--json");
            WebDriver browser = null;
            Process clusterConsole = null;
            try {
                URI console = SquallProcess.awaitLine(run.resolve("stderr.txt"),
                        Pattern.compile("Console: (http://127\\.0\\.0\\.1:\\d+/)"), WAIT);
                assertEquals(consolePort, console.getPort(), "--console-port gives a stable address");
                String openSearch = SquallProcess.awaitLine(run.resolve("stderr.txt"),
                        Pattern.compile("OpenSearch: embedded, at (http://\\S+),"), WAIT).toString();
                HttpResponse<String> page = http(HttpRequest.newBuilder(console));
                assertEquals("DENY", page.headers().firstValue("X-Frame-Options").orElse(""));
                assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("")
                        .contains("frame-ancestors 'none'"));

                browser = chromium();
                browser.get(console.toString());
                await(browser, "running and fetching", d -> text(d, "state").equals("running") && number(d, "fetched") >= 3);
                await(browser, "the charts draw the crawl's rates", d -> points(d, "chart-pages") >= 2 && points(d, "chart-kb") >= 2
                                && points(d, "chart-errors") >= 2);
                await(browser, "the busiest hosts include the slow one, with its Crawl-delay", d -> text(d, "busiest").contains(slow.host()) && text(d, "busiest").contains("2 s (robots)"));
                await(browser, "the latest errors name the broken links and their causes", d -> text(d, "recentErrors").contains(broken.url("/broken"))
                                && text(d, "recentErrors").contains("connection"));
                await(browser, "the crawl log's tail", d -> text(d, "log").contains("FETCHED"));
                await(browser, "the freshness panel: the plan's expected freshness, its least fresh hosts",
                        d -> text(d, "freshExpected").endsWith("%") && text(d, "leastFresh").contains(slow.host()));
                assertTrue(number(browser, "discovered") >= number(browser, "fetched"),
                        "discovered is every URL known");
                assertTrue(text(browser, "limitText").contains("of 1,000 pages"), text(browser, "limitText"));

                // Look a fetched URL up, then one the URL filters refuse.
                lookUp(browser, slow.url("/"));
                await(browser, "the lookup shows the status document", d -> text(d, "lookupResult").contains("FETCHED"));
                lookUp(browser, slow.url("/setup.exe"));
                await(browser, "the lookup says which filter refuses the URL", d -> text(d, "lookupResult").contains("never stored: the URL filter 'extension'"));

                // Add a seed (and a bad one) from the page: the crawl fetches it.
                browser.findElement(By.id("seeds")).sendKeys(later.url("/added-from-console") + "\nftp://x.example/\n");
                browser.findElement(By.id("addSeeds")).click();
                await(browser, "the seeds' report", d -> text(d, "seedResult").contains("1 added")
                        && text(d, "seedResult").contains("ftp://x.example/ REJECTED scheme"));
                awaitTrue(() -> web.log().count(later.host(), "/added-from-console") > 0, "the added seed is fetched");

                // The same crawl through the cluster console, from its status index alone.
                Path consoleRun = dir.resolve("cluster-console");
                Files.createDirectories(consoleRun);
                clusterConsole = SquallProcess.start(consoleRun, "console", "--opensearch", openSearch);
                URI watching = SquallProcess.awaitLine(consoleRun.resolve("stderr.txt"),
                        Pattern.compile("Console: (http://127\\.0\\.0\\.1:\\d+/)"), WAIT);
                String local = browser.getWindowHandle();
                browser.switchTo().newWindow(WindowType.TAB);
                browser.get(watching.toString());
                await(browser, "the cluster console shows the crawl from its status and host indices",
                        d -> Set.of("fetching", "waiting", "nothing due").contains(text(d, "state")) && number(d, "fetched") >= 3
                                && text(d, "hostNote").contains("hosts in the host index") && points(d, "chart-pages") >= 1);
                assertTrue(text(browser, "note").contains("storm deactivate TOPOLOGY"),
                        "no submission recorded a topology's name: " + text(browser, "note"));
                await(browser, "the cluster console's freshness panel", d -> text(d, "freshExpected").endsWith("%"));
                assertTrue(browser.findElement(By.id("pause")).isDisplayed(), "it pauses through the control document");
                lookUp(browser, slow.url("/"));
                await(browser, "the cluster console's lookup", d -> text(d, "lookupResult").contains("FETCHED"));
                screenshot(browser, "console-cluster");
                browser.close();
                browser.switchTo().window(local);
                clusterConsole.destroy(); // SIGTERM: Ctrl-C's way out
                assertTrue(clusterConsole.waitFor(1, TimeUnit.MINUTES), "the cluster console ends on SIGTERM");

                screenshot(browser, "console-running");
                // Pause: the spout hands out nothing; resume: it does again.
                browser.findElement(By.id("pause")).click();
                await(browser, "paused", d -> text(d, "state").equals("paused"));
                // The figures are a progress period (3 s) old at most: what the spout handed out before the pause
                // reached it shows in the next one.
                Thread.sleep(4_000);
                long handedOut = progress(console).get("handedOut").asLong();
                Thread.sleep(6_000);
                assertEquals(handedOut, progress(console).get("handedOut").asLong(), "nothing handed out while paused");
                browser.findElement(By.id("resume")).click();
                await(browser, "running again", d -> text(d, "state").equals("running"));
                awaitTrue(() -> progress(console).get("handedOut").asLong() > handedOut, "URLs handed out after resume");

                // Stop: the page shows the final report until the process exits.
                browser.findElement(By.id("stop")).click();
                browser.switchTo().alert().accept();
                await(browser, "the final report on the page", d -> text(d, "state").equals("finished")
                        && text(d, "reportText").contains("stopped from the console"));
                screenshot(browser, "console-finished");
                assertTrue(crawl.waitFor(2, TimeUnit.MINUTES), "the crawl ends");
                assertEquals(0, crawl.exitValue(), SquallProcess.read(run.resolve("stderr.txt")));
                JsonNode summary = new ObjectMapper().readTree(SquallProcess.read(run.resolve("stdout.txt")));
                assertEquals("console", summary.get("stopReason").asText());
                await(browser, "the page keeps what it last showed", d -> text(d, "state").equals("gone")
                        && text(d, "reportText").contains("stopped from the console"));

                // The same report, written under --data, reads without any server.
                Path report = data.resolve("report.html");
                assertTrue(Files.isRegularFile(report), "report.html under --data");
                browser.get(report.toUri().toString());
                assertEquals("finished", text(browser, "state"));
                assertTrue(text(browser, "reportText").contains("stopped from the console"));
                assertTrue(points(browser, "chart-pages") >= 2, "the charts are in the report");
                assertTrue(text(browser, "busiest").contains(slow.host()), "the hosts as they last were");
                assertFalse(browser.findElement(By.id("controls")).isDisplayed());
                assertFalse(browser.findElement(By.id("tools")).isDisplayed(), "no forms in a report");
            } finally {
                if (browser != null) {
                    browser.quit();
                }
                if (clusterConsole != null) {
                    clusterConsole.destroyForcibly().waitFor();
                }
                crawl.destroyForcibly().waitFor();
            }
        }
    }

    /** Waits for the page to show something; if it never does, says what the page showed last. */
    private static void await(WebDriver browser, String what, java.util.function.Function<WebDriver, Boolean> shown) {
        try {
            new WebDriverWait(browser, WAIT, Duration.ofMillis(500)).until(shown::apply);
        } catch (org.openqa.selenium.TimeoutException e) {
            String page = browser.findElement(By.tagName("body")).getText();
            throw new AssertionError("the page never showed " + what + " within " + WAIT + "; it showed:\n"
                    + page.substring(0, Math.min(page.length(), 6000)), e);
        }
    }

    private WebDriver chromium() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,2200",
                "--user-data-dir=" + dir.resolve("chromium-profile").toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    private static String text(WebDriver browser, String id) {
        return browser.findElement(By.id(id)).getText().strip();
    }

    /** A tile's number, 0 while it shows none. */
    private static long number(WebDriver browser, String id) {
        String digits = text(browser, id).replace(",", "");
        return digits.matches("\\d+") ? Long.parseLong(digits) : 0;
    }

    /** The points a chart's line is drawn through, 0 without a line. */
    private static int points(WebDriver browser, String chart) {
        List<org.openqa.selenium.WebElement> lines = browser.findElements(By.cssSelector("#" + chart + " polyline"));
        return lines.isEmpty() ? 0 : Integer.parseInt(lines.get(0).getAttribute("data-points"));
    }

    private static void lookUp(WebDriver browser, String url) {
        org.openqa.selenium.WebElement input = browser.findElement(By.id("lookupUrl"));
        input.clear();
        input.sendKeys(url);
        browser.findElement(By.id("lookup")).click();
    }

    private static void screenshot(WebDriver browser, String name) throws Exception {
        File png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.createDirectories(SCREENSHOTS);
        Files.copy(png.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static JsonNode progress(URI console) throws Exception {
        return new ObjectMapper().readTree(http(HttpRequest.newBuilder(console.resolve("api/progress"))).body());
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    private static void awaitTrue(Check check, String what) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never happened within " + WAIT + ": " + what);
            }
            Thread.sleep(500);
        }
    }


    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static HttpResponse<String> http(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
