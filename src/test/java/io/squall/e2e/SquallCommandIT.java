package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The squall command as a user runs it: a process, its exit code, its output. */
class SquallCommandIT {
    private static final Duration CRAWL_TIMEOUT = Duration.ofMinutes(4);

    @TempDir
    Path dir;

    @Test
    void crawlsASmallSiteWithItsOwnOpenSearchPrintsJsonAndResumesWithoutRefetching() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(12).robots("User-agent: *\nDisallow: /page/11\n");
            // A page whose title, description and text need quoting in CSV; it keeps the tree's link.
            String title = "Home, \"sweet\" home";
            site.on("/page/5", Response.html("<html lang=fr><head><title>" + title.replace("\"", "&quot;")
                    + "</title><meta name=description content='Commas, and \"quotes\"'></head><body><p>Line one,\nline"
                    + " \"two\"\r\n\u00e9t\u00e9</p><a href=/page/11>eleven</a></body></html>"));
            Path data = dir.resolve("data");
            SquallProcess.Result first = SquallProcess.run(dir.resolve("run1"), CRAWL_TIMEOUT, "crawl", site.url("/"),
                    "--data", SquallProcess.path(data), "--agent", "squall-test", "--delay", "0", "--json");

            assertEquals(0, first.exitCode(), first.stderr());
            assertEquals(1, first.stdout().strip().lines().count(), "one JSON object on stdout: " + first.stdout());
            JsonNode summary = new ObjectMapper().readTree(first.stdout());
            assertEquals("idle", summary.get("stopReason").asText());
            assertEquals(11, summary.get("fetched").asLong());
            assertEquals(11, summary.get("status").get("FETCHED").asLong());
            assertEquals(1, summary.get("status").get("ERROR").asLong(), "/page/11 is denied by robots.txt");
            assertEquals(0, summary.get("status").get("DISCOVERED").asLong());
            assertEquals(12, summary.get("total").asLong());
            assertEquals(site.host(), summary.get("topHosts").get(0).get("host").asText());
            assertTrue(first.stderr().contains("Address guard: on, loopback and private addresses refused but "
                    + site.host() + " "), "the seed's address is allowed, and the header says so: " + first.stderr());
            assertFalse(first.stderr().contains("Exception"), first.stderr());
            assertEquals(0, web.log().count(site.host(), "/page/11"));
            List<String> crawlLog = Files.readAllLines(data.resolve("logs").resolve("crawl.log"));
            assertEquals(12, crawlLog.size(), "one line per outcome: " + crawlLog);
            assertEquals(11, crawlLog.stream().filter(l -> l.matches("\\S+ +200 .* FETCHED .*")).count(), crawlLog.toString());
            assertTrue(crawlLog.stream().anyMatch(l -> l.contains(" ERROR ") && l.contains(site.url("/page/11"))
                    && l.endsWith(" robots")), crawlLog.toString());
            // The warm-up ran on the embedded node (as many pages as the worker's start left time for), and none
            // of its documents is in the crawl's figures above.
            String warmUp = Files.readAllLines(data.resolve("logs").resolve("squall.log")).stream()
                    .filter(line -> line.matches(".*Warm-up: parsed \\d+ sample pages.*")).findFirst().orElse("none");
            assertTrue(warmUp.contains("(0 failed)"), "the warm-up's line in the log, its writes all succeeded: " + warmUp);
            long requests = web.log().size();
            assertFalse(Files.exists(data.resolve("storm-local")), "Storm's local state is removed when the crawl ends");
            assertTrue(first.stderr().contains("Results: squall serve --data " + SquallProcess.path(data)
                    + " opens them again"), "with --json, the hint goes to stderr: " + first.stderr());
            Map<String, String> stored = new TreeMap<>();
            stored.put(site.url("/"), "FETCHED");
            for (int i = 1; i < 12; i++) {
                stored.put(site.url("/page/" + i), i == 11 ? "ERROR" : "FETCHED");
            }
            serveAndExportGiveBack(data, stored, site.url("/page/5"), title);

            SquallProcess.Result again = SquallProcess.run(dir.resolve("run2"), CRAWL_TIMEOUT, "crawl",
                    "--data", SquallProcess.path(data), "--agent", "squall-test", "--json");
            assertEquals(0, again.exitCode(), again.stderr());
            assertTrue(again.stderr().contains("Resuming the crawl in " + SquallProcess.path(data) + ": 12 URLs known:"
                    + " 11 fetched, 0 not fetched yet, 0 redirections, 1 errors; 0 due now, the others later."),
                    again.stderr());
            JsonNode resumed = new ObjectMapper().readTree(again.stdout());
            assertEquals(0, resumed.get("fetched").asLong());
            assertEquals(requests, web.log().size(), "nothing is due, so nothing is fetched");
            // Without --duration it does not wait, and says when it could go on: a day after the pages' fetch.
            Instant nextDue = Instant.parse(resumed.get("nextDue").asText());
            assertTrue(nextDue.isAfter(Instant.now().plus(Duration.ofHours(23)))
                    && nextDue.isBefore(Instant.now().plus(Duration.ofHours(24))), again.stdout());

            SquallProcess.Result status = SquallProcess.run(dir.resolve("run3"), CRAWL_TIMEOUT, "status",
                    "--data", SquallProcess.path(data), "--json");
            assertEquals(0, status.exitCode(), status.stderr());
            assertEquals(11, new ObjectMapper().readTree(status.stdout()).get("status").get("FETCHED").asLong());
        }
    }

    @Test
    void maxPagesIsABudgetThatHoldsAndTheSummarysCausesSayWhatFailed() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(50);
            int deadPort;
            try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.9"))) {
                deadPort = closed.getLocalPort();
            }
            String refused = "http://127.0.0.9:" + deadPort + "/";
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), CRAWL_TIMEOUT, "crawl", site.url("/"),
                    refused, "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0",
                    "--max-pages", "3", "--json");

            assertEquals(0, run.exitCode(), run.stderr());
            long pages = web.log().forHost(site.host()).stream().filter(r -> !r.path().equals("/robots.txt")).count();
            assertTrue(pages <= 3, "at most 3 page requests, robots.txt aside; the old count overshot: " + pages);
            JsonNode summary = new ObjectMapper().readTree(run.stdout());
            assertEquals("max_pages", summary.get("stopReason").asText(), run.stdout());
            assertTrue(summary.get("fetched").asLong() <= 3, run.stdout());
            JsonNode cause = summary.get("topErrors").get(0);
            assertEquals("robots.unavailable.connection.refused", cause.get("cause").asText(), run.stdout());
            assertEquals("robots.txt unreachable: connection refused", cause.get("description").asText());
            assertEquals(1, cause.get("hosts").asLong());
            assertTrue(summary.has("drainSeconds"), run.stdout());
        }
    }

    @Test
    void theWebConsoleShowsTheCrawlPausesItResumesItAndStopsIt() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(80);
            Path run = dir.resolve("console");
            Files.createDirectories(run);
            Process process = SquallProcess.start(run, "crawl", site.url("/"), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0.5", "--json",
                    "--duration", "1.5h");
            try {
                URI console = consoleAddress(run.resolve("stderr.txt"));
                assertFalse(SquallProcess.jvmArguments(process).contains("-XX:TieredStopAtLevel=1"),
                        "a crawl that says it is long runs the optimizing compiler too");
                HttpResponse<String> page = http(HttpRequest.newBuilder(console));
                assertEquals(200, page.statusCode());
                assertTrue(page.body().contains("<title>Squall console</title>"));
                JsonNode running = awaitProgress(console, p -> p.path("fetched").asLong() > 0, "pages fetched");
                assertEquals("running", running.get("state").asText());

                assertEquals(200, act(console, "pause").statusCode());
                // The figures are those of the last progress report (every 3 s): one taken after the pause.
                double pausedAt = awaitProgress(console, p -> true, "the progress").path("elapsedSeconds").asDouble();
                awaitProgress(console, p -> "paused".equals(p.path("state").asText())
                                && p.path("elapsedSeconds").asDouble() > pausedAt && p.path("inFlight").asLong() == 0,
                        "the URLs in flight when paused finished");
                long requests = web.log().size();
                Thread.sleep(4_000);
                assertEquals(requests, web.log().size(), "nothing is fetched while paused");

                assertEquals(200, act(console, "resume").statusCode());
                awaitProgress(console, p -> web.log().size() > requests, "fetching again after resume");

                assertEquals(200, act(console, "stop").statusCode());
                assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the crawl stops");
                assertEquals(0, process.exitValue(), SquallProcess.read(run.resolve("stderr.txt")));
                JsonNode summary = new ObjectMapper().readTree(SquallProcess.read(run.resolve("stdout.txt")));
                assertEquals("console", summary.get("stopReason").asText());
                assertTrue(summary.get("fetched").asLong() < 80, "stopped before the end: " + summary);
            } finally {
                process.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void seedsAddedFromTheConsoleOrBySquallInjectAreFetchedAtOnceWhileNothingElseIsDue() throws Exception {
        try (TestWeb web = TestWeb.start(3)) {
            // The seed's site asks for 100 s between fetches: after its robots.txt, its page waits in the
            // fetcher's queue and nothing else is due. The spout would search again only at that page's ack,
            // or after spout.max.delay.idle (10 minutes here).
            Site waiting = web.site(0).robots("User-agent: *\nCrawl-delay: 100\n").page("/");
            Site added = web.site(1).page("/added-from-console");
            Site injected = web.site(2).page("/injected");
            Path run = dir.resolve("seed-from-console");
            Files.createDirectories(run);
            Path conf = run.resolve("quiet.yaml");
            Files.writeString(conf, "spout.max.delay.idle: 600000\nfetcher.max.crawl.delay: 100\n");
            Process process = SquallProcess.start(run, "crawl", waiting.url("/"), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--conf",
                    SquallProcess.path(conf), "--allow", TestWeb.LOOPBACK_RANGE, "--json");
            try {
                URI console = consoleAddress(run.resolve("stderr.txt"));
                assertTrue(SquallProcess.jvmArguments(process).contains("-XX:TieredStopAtLevel=1"),
                        "a crawl without a limit runs the quick compiler alone");
                awaitProgress(console, p -> web.log().count(waiting.host(), "/robots.txt") > 0
                        && p.path("inFlight").asLong() == 1, "the seed's page waiting for its host's delay");

                HttpResponse<String> answer = http(HttpRequest.newBuilder(console.resolve("api/seeds"))
                        .header("X-Squall-Console", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(added.url("/added-from-console") + "\n")));
                assertEquals(200, answer.statusCode(), answer.body());
                assertTrue(answer.body().contains("\"added\":1"), answer.body());
                awaitProgress(console, p -> web.log().count(added.host(), "/added-from-console") > 0,
                        "the added seed fetched");
                assertEquals(0, web.log().count(waiting.host(), "/"),
                        "found when added, not when the waiting page was fetched and acked");

                // Another process writes a seed into the running crawl's node: the crawl hears of it too.
                SquallProcess.Result inject = SquallProcess.run(run.resolve("inject"), Duration.ofMinutes(2),
                        "inject", injected.url("/injected"), "--data", SquallProcess.path(dir.resolve("data")));
                assertEquals(0, inject.exitCode(), inject.stderr());
                assertTrue(inject.stdout().contains("1 added"), inject.stdout());
                awaitProgress(console, p -> web.log().count(injected.host(), "/injected") > 0,
                        "the injected seed fetched");
                assertEquals(0, web.log().count(waiting.host(), "/"), "found when injected");

                assertEquals(200, act(console, "stop").statusCode());
                assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the crawl stops");
                assertEquals(0, process.exitValue(), SquallProcess.read(run.resolve("stderr.txt")));
            } finally {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** The console's address from the crawl's header, once it is printed. */
    private static URI consoleAddress(Path stderr) throws Exception {
        Pattern line = Pattern.compile("Console: (http://127\\.0\\.0\\.1:\\d+/)");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            Matcher m = line.matcher(SquallProcess.read(stderr));
            if (m.find()) {
                return URI.create(m.group(1));
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no console address in: " + SquallProcess.read(stderr));
    }

    private static JsonNode awaitProgress(URI console, Predicate<JsonNode> condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = new ObjectMapper().readTree(http(HttpRequest.newBuilder(console.resolve("api/progress"))).body());
            if (condition.test(last)) {
                return last;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the console never showed " + what + "; last: " + last);
    }

    private static HttpResponse<String> act(URI console, String action) throws Exception {
        return http(HttpRequest.newBuilder(console.resolve("api/" + action)).header("X-Squall-Console", "1")
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private static HttpResponse<String> http(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * squall serve, then squall export through the served node: every URL with its status, each status
     * document as stored, and the content index's CSV, read back by an independent parser, cell for cell as stored.
     */
    private void serveAndExportGiveBack(Path data, Map<String, String> stored, String quotedPage, String quotedTitle)
            throws Exception {
        String dataArg = SquallProcess.path(data);
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String address = "http://127.0.0.1:" + port;
        Path serveDir = dir.resolve("serve");
        Files.createDirectories(serveDir);
        Process serve = SquallProcess.start(serveDir, "serve", "--data", dataArg, "--port", Integer.toString(port));
        try {
            String served = awaitText(serveDir.resolve("stdout.txt"), "under Dashboards Management");
            long pages = stored.values().stream().filter("FETCHED"::equals).count();
            assertTrue(served.startsWith("Serving the crawl in " + dataArg + " at " + address + " (read-only: "
                    + stored.size() + " URLs in 'status', " + pages + " pages in 'content'), until Ctrl-C."), served);
            assertTrue(served.contains("curl '" + address + "/status/_search?q=status:FETCHED&size=5&pretty'"), served);
            Map<String, JsonNode> statusDocs = sourcesByUrl(get(address + "/status/_search?size=1000"));
            Map<String, JsonNode> contentDocs = sourcesByUrl(get(address + "/content/_search?size=1000"));
            Map<String, String> statuses = new TreeMap<>();
            statusDocs.forEach((url, doc) -> statuses.put(url, doc.get("status").asText()));
            assertEquals(stored, statuses, "every URL the crawl stored, with its status");
            assertEquals(pages, contentDocs.size());
            assertEquals(quotedTitle, contentDocs.get(quotedPage).get("title").asText());
            HttpResponse<String> write = http(HttpRequest.newBuilder(URI.create(address + "/status/_doc"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"x\"}")));
            assertEquals(403, write.statusCode(), "the crawl's indices are read-only: " + write.body());

            SquallProcess.Result statusJson = SquallProcess.run(dir.resolve("export1"), CRAWL_TIMEOUT, "export",
                    "--data", dataArg);
            assertEquals(0, statusJson.exitCode(), statusJson.stderr());
            assertEquals(statusDocs, jsonLinesByUrl(statusJson.stdout()), "each status document as stored");
            assertTrue(statusJson.stderr().strip().matches("Exported " + stored.size() + " documents of index 'status'"
                    + " to stdout in [0-9.]+ s \\([0-9,]+ docs/s\\)\\."), statusJson.stderr());
            Path csv = dir.resolve("content.csv");
            SquallProcess.Result contentCsv = SquallProcess.run(dir.resolve("export3"), CRAWL_TIMEOUT, "export",
                    "--data", dataArg, "--index", "content", "--format", "csv", "--output", csv.toString());
            assertEquals(0, contentCsv.exitCode(), contentCsv.stderr());
            assertEquals("", contentCsv.stdout());
            List<CSVRecord> rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(Files.newBufferedReader(csv)).getRecords();
            assertEquals(pages, rows.size());
            for (CSVRecord row : rows) {
                JsonNode doc = contentDocs.get(row.get("url"));
                for (String field : List.of("title", "description", "text", "language", "digest", "fetchDate")) {
                    assertEquals(doc.path(field).asText(""), row.get(field), field + " of " + row.get("url"));
                }
            }
            assertTrue(contentDocs.get(quotedPage).get("text").asText().contains("\""), contentDocs.get(quotedPage).toString());
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(2, TimeUnit.MINUTES), "serve stops on SIGTERM");
        }
        assertEquals(0, serve.exitValue(), SquallProcess.read(serveDir.resolve("stderr.txt")));
    }

    private static String awaitText(Path file, String marker) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            String text = SquallProcess.read(file);
            if (text.contains(marker)) {
                return text;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no '" + marker + "' in: " + SquallProcess.read(file));
    }

    private static JsonNode get(String url) throws Exception {
        HttpResponse<String> response = http(HttpRequest.newBuilder(URI.create(url)));
        assertEquals(200, response.statusCode(), response.body());
        return new ObjectMapper().readTree(response.body());
    }

    private static Map<String, JsonNode> sourcesByUrl(JsonNode searchResponse) {
        Map<String, JsonNode> byUrl = new java.util.HashMap<>();
        searchResponse.get("hits").get("hits").forEach(hit -> byUrl.put(hit.get("_source").get("url").asText(),
                hit.get("_source")));
        return byUrl;
    }

    private static Map<String, JsonNode> jsonLinesByUrl(String lines) throws Exception {
        Map<String, JsonNode> byUrl = new java.util.HashMap<>();
        for (String line : lines.lines().toList()) {
            JsonNode doc = new ObjectMapper().readTree(line);
            assertFalse(byUrl.containsKey(doc.get("url").asText()), "each document once: " + line);
            byUrl.put(doc.get("url").asText(), doc);
        }
        return byUrl;
    }

    @Test
    void linksAndRedirectsFromTheSeedToOtherLoopbackAddressesInAnySpellingAreNeverRequested() throws Exception {
        try (TestWeb web = TestWeb.start(2)) {
            Site seed = web.site(0).robots("");
            Site other = web.site(1).robots("").page("/private");
            String[] spellings = {"127.0.0.3", "2130706435", "0x7f.0.0.3", "0177.0.0.3", "127.3", "[::ffff:127.0.0.3]",
                "[::127.0.0.3]", "[64:ff9b::7f00:3]", "localhost"};
            String[] links = new String[spellings.length * 2];
            for (int i = 0; i < spellings.length; i++) {
                links[2 * i] = "http://" + spellings[i] + ":" + other.port() + "/private";
                seed.redirect("/r" + i, 302, links[2 * i]);
                links[2 * i + 1] = "/r" + i;
            }
            seed.page("/", links);
            // Every host in scope: only the address guard stands between the links and the other site.
            Path filters = dir.resolve("urlfilters.yaml");
            Files.writeString(filters, new String(getClass().getClassLoader().getResourceAsStream("urlfilters.yaml")
                    .readAllBytes()).replace("mode: domain", "mode: all"));
            Path conf = dir.resolve("all-in-scope.yaml");
            Files.writeString(conf, "urlfilters.config.file: \"" + SquallProcess.path(filters) + "\"\n");

            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), CRAWL_TIMEOUT, "crawl", seed.url("/"),
                    "--data", SquallProcess.path(dir.resolve("data")), "--conf", conf.toString(), "--agent",
                    "squall-test", "--delay", "0", "--json");

            assertEquals(0, run.exitCode(), run.stderr());
            assertEquals(0, web.log().forHost(other.host()).size(), "nothing was requested from " + other.host());
            assertEquals(spellings.length, web.log().forHost(seed.host()).stream()
                    .filter(r -> r.path().matches("/r[0-9]+")).count(), "every redirect was fetched");
            JsonNode summary = new ObjectMapper().readTree(run.stdout());
            JsonNode errors = summary.get("topErrors");
            assertEquals(1, errors.size(), "one cause for every refused URL: " + errors);
            assertEquals("address.guard", errors.get(0).get("cause").asText(), errors.toString());
            assertEquals(summary.get("status").get("FETCH_ERROR").asLong(), errors.get(0).get("urls").asLong(),
                    "refused, and retried: the allow-list may let them through at another run");
            assertTrue(run.stderr().contains("refused but " + seed.host() + " "), run.stderr());
        }
    }

    @Test
    void noLogLineOfACrawlHoldsTheOpenSearchPasswordOfItsConfiguration() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).tree(3);
            String password = "pw-" + java.util.UUID.randomUUID();
            Path conf = dir.resolve("with-password.yaml");
            // The embedded node checks no credentials, but every client of the crawl is built with them.
            Files.writeString(conf, "opensearch.user: \"squall\"\nopensearch.password: \"" + password + "\"\n"
                    + "opensearch.allow.insecure.auth: true\n");
            Path data = dir.resolve("data");
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), CRAWL_TIMEOUT, "crawl", site.url("/"),
                    "--data", SquallProcess.path(data), "--conf", conf.toString(), "--agent", "squall-test",
                    "--delay", "0", "--json");

            assertEquals(0, run.exitCode(), run.stderr());
            assertEquals(3, new ObjectMapper().readTree(run.stdout()).get("fetched").asLong(), run.stdout());
            assertFalse(run.stdout().contains(password), "stdout");
            assertFalse(run.stderr().contains(password), "stderr");
            java.util.List<String> log = Files.readAllLines(data.resolve("logs").resolve("squall.log"));
            assertTrue(log.stream().anyMatch(l -> l.contains("Received topology submission")),
                    "the log holds Storm's submission line, with the topology configuration");
            try (java.util.stream.Stream<Path> files = Files.walk(data.resolve("logs"))) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1).contains(password),
                            "no line of " + file + " holds the password");
                }
            }
        }
    }

    @Test
    void badInputEndsWithOneLineAndANonZeroExit() throws Exception {
        Path seeds = dir.resolve("missing-seeds.txt");
        SquallProcess.Result missing = SquallProcess.run(dir.resolve("a"), Duration.ofMinutes(1), "crawl",
                seeds.toString(), "--agent", "x", "--data", SquallProcess.path(dir.resolve("data")));
        assertEquals(2, missing.exitCode());
        assertEquals(1, missing.stderrLines().size(), missing.stderr());
        assertEquals("squall crawl: seeds file '" + seeds + "' not found", missing.stderrLines().get(0));

        Path bad = dir.resolve("bad-seeds.txt");
        Files.writeString(bad, "not a url\nftp://example.com/\n");
        SquallProcess.Result invalid = SquallProcess.run(dir.resolve("b"), Duration.ofMinutes(1), "crawl",
                bad.toString(), "--agent", "x", "--data", SquallProcess.path(dir.resolve("data")));
        assertEquals(2, invalid.exitCode());
        // Seeds are checked before anything starts: the error is the only line.
        assertEquals(1, invalid.stderrLines().size(), invalid.stderr());
        assertTrue(invalid.stderrLines().get(0).startsWith("squall crawl: no valid seed in " + bad), invalid.stderr());

        SquallProcess.Result option = SquallProcess.run(dir.resolve("c"), Duration.ofMinutes(1), "crawl",
                "https://example.com/", "--max-page", "3", "--data", SquallProcess.path(dir.resolve("data")));
        assertEquals(2, option.exitCode());
        assertEquals(java.util.List.of("squall crawl: unknown option '--max-page' for 'squall crawl' (see squall crawl --help)"),
                option.stderrLines());

        SquallProcess.Result export = SquallProcess.run(dir.resolve("export"), Duration.ofMinutes(1), "export",
                "--data", SquallProcess.path(dir.resolve("none")));
        assertEquals(2, export.exitCode());
        assertEquals(java.util.List.of("squall export: no crawl in data directory '" + SquallProcess.path(dir.resolve("none"))
                + "': run squall crawl first, or name the crawl with --data DIR or --opensearch URL"), export.stderrLines());
        SquallProcess.Result serve = SquallProcess.run(dir.resolve("serve"), Duration.ofMinutes(1), "serve", "--prot", "1",
                "--data", SquallProcess.path(dir.resolve("data")));
        assertEquals(2, serve.exitCode());
        assertEquals(java.util.List.of("squall serve: unknown option '--prot' for 'squall serve' (see squall serve --help)"),
                serve.stderrLines());

        Path conf = dir.resolve("typo.yaml");
        Files.writeString(conf, "fetcher.thread.number: 3\n");
        SquallProcess.Result key = SquallProcess.run(dir.resolve("d"), Duration.ofMinutes(1), "crawl",
                "https://example.com/", "--agent", "x", "--conf", conf.toString(),
                "--data", SquallProcess.path(dir.resolve("data")));
        assertEquals(1, key.exitCode());
        assertEquals(1, key.stderrLines().size(), key.stderr());
        assertTrue(key.stderrLines().get(0).contains("unknown configuration key 'fetcher.thread.number'"), key.stderr());

        SquallProcess.Result agent = SquallProcess.run(dir.resolve("e"), Duration.ofMinutes(1), "crawl",
                "https://example.com/", "--data", SquallProcess.path(dir.resolve("data")));
        assertEquals(1, agent.exitCode());
        assertEquals(1, agent.stderrLines().size(), agent.stderr());
        assertTrue(agent.stderrLines().get(0).contains("http.agent.name is not set"), agent.stderr());

        int deadPort;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = closed.getLocalPort();
        }
        long start = System.nanoTime();
        SquallProcess.Result down = SquallProcess.run(dir.resolve("g"), Duration.ofMinutes(1), "crawl",
                "https://example.com/", "--agent", "x", "--opensearch", "http://127.0.0.1:" + deadPort,
                "--data", SquallProcess.path(dir.resolve("data")));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(1, down.exitCode(), down.stderr());
        assertEquals(java.util.List.of("Connecting to OpenSearch at http://127.0.0.1:" + deadPort + "..."),
                down.stderrLines().subList(0, 1), down.stderr());
        assertEquals(2, down.stderrLines().size(), down.stderr());
        assertTrue(down.stderrLines().get(1).startsWith("squall crawl: OpenSearch is not reachable at http://127.0.0.1:"
                + deadPort + " (--opensearch) ("), down.stderr());
        assertTrue(tookMillis < 15_000, "said at once, in " + tookMillis + " ms (the JVM's start included)");

        // The embedded node cannot start (its directory is a file) while Storm already sets the topology up
        // beside it: one line, and Storm's worker is let finish starting before the cluster goes down.
        Path blocked = dir.resolve("data-blocked");
        Files.createDirectories(blocked);
        Files.writeString(blocked.resolve("opensearch"), "not a directory");
        SquallProcess.Result noNode = SquallProcess.run(dir.resolve("h"), Duration.ofMinutes(2), "crawl",
                "https://example.com/", "--agent", "x", "--data", SquallProcess.path(blocked));
        assertEquals(1, noNode.exitCode(), noNode.stderr());
        String last = noNode.stderrLines().get(noNode.stderrLines().size() - 1);
        assertTrue(last.startsWith("squall crawl: the embedded OpenSearch node did not start with its data in "
                + SquallProcess.path(blocked.resolve("opensearch"))), noNode.stderr());
        assertFalse(Files.exists(blocked.resolve("storm-local")), "Storm's local state is removed");

        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            SquallProcess.Result console = SquallProcess.run(dir.resolve("f"), Duration.ofMinutes(1), "crawl",
                    "https://example.com/", "--agent", "x", "--data", SquallProcess.path(dir.resolve("data-f")),
                    "--console-port", Integer.toString(port));
            assertEquals(2, console.exitCode(), console.stderr());
            assertEquals(java.util.List.of("squall crawl: the console's port " + port + " on 127.0.0.1 is in use: choose"
                    + " another --console-port, or leave it out for a free one"), console.stderrLines());
        }
    }
}
