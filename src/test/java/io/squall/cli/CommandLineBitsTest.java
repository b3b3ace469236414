package io.squall.cli;

import io.squall.local.StormLocalDir;
import io.squall.testsupport.StatusCounts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The small things the command line says and does around a crawl. */
class CommandLineBitsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int main(String... args) {
        return new Main(dir, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, StopSignal.manual()).run(args);
    }

    @Test
    void versionNamesSquallsBuiltVersionAndWhatItRunsOn() {
        assertEquals(0, main("--version"));
        String line = out.toString(StandardCharsets.UTF_8).strip();
        assertTrue(line.matches("squall \\d+\\.\\d+\\.\\d+\\S* \\(Storm 2\\.\\d+\\.\\d+, Java \\S+\\)"), line);
    }

    @Test
    void theFirstSignalAsksForACleanStopAndSaysASecondStopsAtOnceWhichCleansUpFirst() {
        StopSignal stop = StopSignal.printingTo(new PrintStream(err, true, StandardCharsets.UTF_8));
        AtomicInteger cleanups = new AtomicInteger();
        stop.beforeHalt(cleanups::incrementAndGet);
        assertTrue(stop.onSignal(), "the first signal does not halt");
        assertTrue(stop.requested());
        assertEquals(StopSignal.FIRST, err.toString(StandardCharsets.UTF_8).strip());
        assertEquals(0, cleanups.get());
        assertFalse(stop.onSignal(), "the second one halts");
        assertEquals(1, cleanups.get(), "after the cleanup");
        assertTrue(err.toString(StandardCharsets.UTF_8).strip().endsWith(StopSignal.SECOND));
    }

    @Test
    void aSecondSignalWhileOutcomesAreOwedSaysHowManyItAbandons() {
        StopSignal stop = StopSignal.printingTo(new PrintStream(err, true, StandardCharsets.UTF_8));
        stop.owing(() -> 669, () -> 12_345);
        stop.onSignal();
        assertFalse(stop.onSignal());
        assertTrue(err.toString(StandardCharsets.UTF_8).strip().endsWith("squall: stopped at once, abandoning the"
                + " outcomes of 669 URLs fetched (12,345 status writes with their links): those URLs stay due and are"
                + " fetched again by the next crawl"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void stormsLocalStateLivesUnderTheDataDirectoryAndIsGoneAfterwardsLeftoversOfAKilledRunToo() throws Exception {
        Path data = dir.resolve("data");
        Path leftover = StormLocalDir.of(data).resolve("0d9f-old-run").resolve("blobs");
        Files.createDirectories(leftover);
        Files.writeString(leftover.resolve("stormjar.jar"), "x");
        String systemTmp = System.getProperty("java.io.tmpdir");
        try (StormLocalDir local = StormLocalDir.take(data)) {
            assertFalse(Files.exists(leftover), "a killed run's state is removed when the next one starts");
            assertEquals(local.dir().toString(), System.getProperty("java.io.tmpdir"));
            assertEquals(StormLocalDir.of(data).toAbsolutePath(), local.dir());
            // What Storm's local cluster does with it: a directory per daemon named after java.io.tmpdir.
            Path nimbus = Path.of(org.apache.storm.testing.TmpPath.localTempPath());
            assertTrue(nimbus.startsWith(local.dir()), nimbus.toString());
            Files.createDirectories(nimbus.resolve("blobs"));
            Files.writeString(nimbus.resolve("blobs").resolve("data"), "13 MB");
        }
        assertEquals(systemTmp, System.getProperty("java.io.tmpdir"));
        assertFalse(Files.exists(StormLocalDir.of(data)), "removed on exit");
    }

    @Test
    void aResumedRunSaysWhatIsFetchedAndWhatRemains() {
        Map<String, Long> byStatus = StatusCounts.of(150, 1_000, 12, 2, 70);
        assertEquals("Resuming the crawl in data: 1,234 URLs known: 1,000 fetched, 150 not fetched yet, 12 redirections,"
                + " 72 errors; 200 due now, the others later.", ResumeLine.text(Path.of("data"), byStatus, 200));
        assertTrue(ResumeLine.text(Path.of("data"), Map.of("FETCHED", 5L), 0).endsWith("; 0 due now, the others later."));
    }

    @Test
    void theSummaryTellsHowToOpenTheResultsAndWhereTheWarcFilesAre() throws Exception {
        Path data = dir.resolve("crawl");
        String local = ResultsHint.text(data, null);
        assertTrue(local.contains("squall serve --data " + data + " opens them again (OpenSearch on http://127.0.0.1:9200"),
                local);
        assertTrue(local.contains("squall export --data " + data + " [--index content]"), local);
        assertFalse(local.contains("WARC"), "no WARC directory, no WARC line: " + local);

        Files.createDirectories(data.resolve("warc"));
        assertFalse(ResultsHint.text(data, null).contains("WARC"), "an empty one neither");
        Files.write(data.resolve("warc").resolve("squall-1.warc.gz"), new byte[1_500_000]);
        Files.write(data.resolve("warc").resolve("squall-2.warc.gz"), new byte[500_000]);
        assertTrue(ResultsHint.text(data, null).contains("WARC files: 2 (2.0 MB) in " + data.resolve("warc")),
                ResultsHint.text(data, null));

        String external = ResultsHint.text(data, "http://127.0.0.1:9201");
        assertFalse(external.contains("squall serve"), "nothing to serve: the crawl's OpenSearch is elsewhere");
        assertTrue(external.contains("squall export --opensearch http://127.0.0.1:9201"), external);
    }

    @Test
    void serveAndExportRefuseAMissingOrEmptyDataDirectoryAndUnknownOptionsInOneLine() throws Exception {
        Files.createDirectories(dir.resolve("empty"));
        for (String command : new String[] {"serve", "export"}) {
            for (String data : new String[] {dir.resolve("missing").toString(), dir.resolve("empty").toString()}) {
                err.reset();
                assertEquals(2, main(command, "--data", data));
                assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count(), err.toString());
                assertEquals("squall " + command + ": no crawl in data directory '" + data + "': run squall crawl first,"
                        + " or name the crawl with --data DIR or --opensearch URL", err.toString(StandardCharsets.UTF_8).strip());
            }
            err.reset();
            assertEquals(2, main(command, "--data", "x", "--bogus"));
            assertEquals("squall " + command + ": unknown option '--bogus' for 'squall " + command + "' (see squall "
                    + command + " --help)", err.toString(StandardCharsets.UTF_8).strip());
        }
        err.reset();
        assertEquals(2, main("export", "--index", "metrics", "--data", dir.resolve("data").toString()));
        assertEquals("squall export: option --index of 'squall export' expects status or content, got 'metrics'",
                err.toString(StandardCharsets.UTF_8).strip());
        err.reset();
        assertEquals(2, main("serve", "--port", "70000", "--data", dir.resolve("data").toString()));
        assertEquals("squall serve: option --port of 'squall serve' expects a port number up to 65535, got 70000",
                err.toString(StandardCharsets.UTF_8).strip());
        assertFalse(Files.exists(dir.resolve("missing")), "nothing was created for a refused command");
    }

    @Test
    void serveOnAPortInUseSaysSoBeforeStartingAnything() throws Exception {
        Path data = dir.resolve("crawl");
        Files.createDirectories(data.resolve("opensearch"));
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertEquals(2, main("serve", "--data", data.toString(), "--port", Integer.toString(port)));
            List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
            assertEquals(List.of("Starting OpenSearch (embedded, data in " + data.resolve("opensearch") + ")...",
                    "squall serve: port " + port + " on 127.0.0.1 is in use: choose another with --port"), lines);
        }
    }

    @Test
    void serveSaysWhereItListensWithCurlCommandsAndDashboardsSetting() {
        String text = ServeCommand.instructions("http://127.0.0.1:9200", Path.of("data"),
                io.squall.config.CrawlerConfig.defaults(), new long[] {1234, 1000});
        assertTrue(text.startsWith("Serving the crawl in data at http://127.0.0.1:9200 (read-only: 1,234 URLs in 'status',"
                + " 1,000 pages in 'content'), until Ctrl-C."), text);
        assertTrue(text.contains("  curl 'http://127.0.0.1:9200/status/_search?q=status:FETCHED&size=5&pretty'"), text);
        assertTrue(text.contains("opensearch.hosts: [\"http://127.0.0.1:9200\"]"), text);
    }
}
