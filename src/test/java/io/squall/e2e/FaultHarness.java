package io.squall.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.faults.FaultInvariants;
import io.squall.faults.FaultInvariants.Entry;
import io.squall.faults.FaultInvariants.Run;
import io.squall.faults.FaultSchedule;
import io.squall.faults.FaultStep;
import io.squall.faults.FaultStep.Ending;
import io.squall.faults.FaultWeb;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchProxy;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a {@link FaultSchedule}: the schedule's web on loopback, a fault proxy in front of the test's
 * OpenSearch, and one {@code squall crawl} process a step, each resuming the crawl of the one before on the
 * same data and index, with the step's fault or stop dealt to it; after every run, the {@link FaultInvariants}.
 * A broken invariant ends the schedule with an {@link AssertionError} that names the seed and how to replay it.
 */
final class FaultHarness {
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(5);
    /** The warning of a stop that did not wait for URLs in flight that owe nothing (CrawlCommand). */
    private static final String STRANDED = "handed out and never fetched";
    private static final long POLL_MILLIS = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TestOpenSearch os;
    private final ClusterFaults clusterFaults;
    private final Path dir;
    private final PrintStream out;
    private final String replay;
    private int nodesStopped;
    private int nodesBack;

    /**
     * Kills and restarts nodes of the OpenSearch cluster the crawl writes to, for a step's
     * {@link FaultStep.NodeStop} and {@link FaultStep.NodeBack}.
     */
    interface ClusterFaults {
        /** Kills the node holding the status index's primary; says which, for the schedule's output. */
        String killStatusPrimaryHolder() throws Exception;

        /** Starts the node killed last again on its data and returns once it is back in the cluster; says which. */
        String restartKilled() throws Exception;

        /** Whether a node killed is down (not started again yet). */
        boolean isDown();
    }

    /**
     * A harness on one OpenSearch node, which has no node to lose: a schedule with a node stop fails.
     *
     * @param replay how to run one seed again, with {@code {seed}} where the seed goes (printed on failure)
     */
    FaultHarness(TestOpenSearch os, Path dir, PrintStream out, String replay) {
        this(os, new ClusterFaults() {
            @Override
            public String killStatusPrimaryHolder() {
                throw new IllegalStateException("a node stop needs an OpenSearch cluster; this harness has one node");
            }

            @Override
            public String restartKilled() {
                throw new IllegalStateException("a node restart needs an OpenSearch cluster; this harness has one node");
            }

            @Override
            public boolean isDown() {
                return false;
            }
        }, dir, out, replay);
    }

    /**
     * A harness on an OpenSearch cluster: the crawl writes to {@code os}'s first address (through the fault
     * proxy), and {@code clusterFaults} deals the node stops and restarts.
     */
    FaultHarness(TestOpenSearch os, ClusterFaults clusterFaults, Path dir, PrintStream out, String replay) {
        this.os = os;
        this.clusterFaults = clusterFaults;
        this.dir = dir;
        this.out = out;
        this.replay = replay;
    }

    /**
     * What a schedule did: its runs, how each ended, the pages in flight at its kills fetched again, the OpenSearch
     * nodes it stopped (a crawl may end before a node stop strikes), and those it started again that were back while
     * their run's crawl still went on (a restart that the crawl did not outlive is not counted).
     */
    record Report(long seed, List<String> endings, int kills, int inFlightAtKills, int fetchedAgain, int nodesStopped,
            int nodesBack) {
    }

    Report run(FaultSchedule schedule) throws Exception {
        out.println("Fault schedule, " + schedule.describe());
        try {
            return runSteps(schedule);
        } catch (AssertionError e) {
            throw e;
        } catch (Exception | Error e) {
            // Whatever went wrong, the message names the seed that replays it.
            throw new AssertionError(failure(schedule, "the harness failed: " + e), e);
        }
    }

    private Report runSteps(FaultSchedule schedule) throws Exception {
        nodesStopped = 0;
        nodesBack = 0;
        try (TestWeb web = TestWeb.start(schedule.scale().hosts());
                OpenSearchProxy proxy = new OpenSearchProxy(os.address())) {
            FaultWeb faultWeb = FaultWeb.declare(schedule, web.sites());
            Path conf = ScopedCrawlConf.write(Files.createDirectories(dir), os,
                    web.sites().stream().map(Site::host).toList());
            FaultInvariants invariants = new FaultInvariants(faultWeb.urls(), schedule.delayMillis());
            List<Run> runs = new ArrayList<>();
            List<String> endings = new ArrayList<>();
            for (FaultStep step : schedule.steps()) {
                int number = runs.size() + 1;
                long began = System.nanoTime();
                Ran ran = runOnce(number, step, schedule, faultWeb, web, proxy, conf);
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began);
                runs.add(ran.run);
                endings.add(ran.ending);
                boolean last = number == schedule.steps().size();
                Map<String, Entry> index = ran.index;
                List<String> broken = last ? invariants.atEnd(runs, index, Instant.now())
                        : invariants.afterRun(runs, index, Instant.now());
                if (!broken.isEmpty()) {
                    throw new AssertionError(failure(schedule, "after run " + number + " (" + ran.ending + "): "
                            + broken.size() + " invariants broken:\n  " + String.join("\n  ", broken.stream()
                            .limit(20).toList())));
                }
                out.printf("  run %d (%d s): %s; %d pages served, index %d FETCHED of %d; invariants held%n", number,
                        seconds, ran.ending, ran.run.requested().size(), ran.run.fetchedAfter(), index.size());
            }
            int kills = (int) runs.stream().filter(Run::killed).count();
            int inFlight = runs.stream().mapToInt(r -> r.inFlightAtKill().size()).sum();
            int requests = runs.stream().mapToInt(r -> r.requested().size()).sum();
            Report report = new Report(schedule.seed(), endings, kills, inFlight, requests - faultWeb.urls().size(),
                    nodesStopped, nodesBack);
            out.printf("Fault schedule, seed %d: every invariant held over %d runs; %d kills with %d pages in flight,"
                    + " %d pages fetched twice%n", schedule.seed(), runs.size(), kills, inFlight, report.fetchedAgain());
            return report;
        }
    }

    private record Ran(Run run, String ending, Map<String, Entry> index) {
    }

    private Ran runOnce(int number, FaultStep step, FaultSchedule schedule, FaultWeb faultWeb, TestWeb web,
            OpenSearchProxy proxy, Path conf) throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("run" + number));
        long fetchedBefore = fetched(index());
        web.log().clear();
        Process crawl = SquallProcess.start(runDir, crawlArgs(number, step, schedule, faultWeb, proxy, conf));
        boolean struck;
        try {
            struck = drive(number, step, crawl, web, proxy, runDir);
            if (!crawl.waitFor(RUN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                printHangEvidence(number, crawl, runDir);
                throw new AssertionError(failure(schedule, "run " + number + " (" + step + ") did not end within "
                        + RUN_TIMEOUT + " (its threads and log printed above); stderr: " + tail(runDir)));
            }
        } finally {
            proxy.rejectBulks(0).answerLate(0);
            crawl.destroyForcibly().waitFor();
        }
        boolean killed = struck && step.ending() == Ending.KILL;
        List<String> requested = new ArrayList<>();
        Map<String, Integer> concurrency = new HashMap<>();
        Map<String, Long> gaps = new HashMap<>();
        for (Site site : web.sites()) {
            List<LoggedRequest> requests = web.log().forHost(site.host());
            requests.stream().filter(r -> !r.path().equals("/robots.txt")).forEach(r -> requested.add(site.url(r.path())));
            if (!requests.isEmpty()) {
                concurrency.put(site.host(), web.log().maxConcurrency(site.host()));
                gaps.put(site.host(), web.log().minGapNanos(site.host()));
            }
        }
        Map<String, Entry> index = index();
        long summaryFetched = -1;
        String ending = "killed after " + requested.size() + " pages";
        if (!killed) {
            String stdout = SquallProcess.read(runDir.resolve("stdout.txt"));
            if (crawl.exitValue() != 0 || stdout.isBlank()) {
                throw new AssertionError(failure(schedule, "run " + number + " (" + step + ") exited "
                        + crawl.exitValue() + "; stderr: " + tail(runDir)));
            }
            JsonNode summary = JSON.readTree(stdout);
            summaryFetched = summary.get("fetched").asLong();
            ending = "stopped: " + summary.get("stopReason").asText()
                    + (!struck && step.afterRequests() > 0 ? " (it ended before the fault)" : "");
            // Not a broken invariant (those URLs stay due), but a tuple that never came back: worth seeing.
            SquallProcess.read(runDir.resolve("stderr.txt")).lines().filter(l -> l.contains(STRANDED)).findFirst()
                    .ifPresent(line -> out.printf("  run %d: %s%n", number, line.strip()));
        }
        Set<String> inFlight = killed ? FaultInvariants.inFlightAtKill(requested, index) : Set.of();
        if (killed) {
            ending += ", " + inFlight.size() + " of them in flight";
        }
        return new Ran(new Run(number, killed, requested, concurrency, gaps, fetchedBefore, fetched(index),
                summaryFetched, inFlight), ending, index);
    }

    private String[] crawlArgs(int number, FaultStep step, FaultSchedule schedule, FaultWeb faultWeb,
            OpenSearchProxy proxy, Path conf) {
        List<String> args = new ArrayList<>(List.of("crawl"));
        if (number == 1) {
            args.addAll(faultWeb.seeds());
        }
        args.addAll(List.of("--opensearch", proxy.address(), "--conf", SquallProcess.path(conf), "--data",
                SquallProcess.path(dir.resolve("data")), "--agent", "squall-faults", "--delay",
                Double.toString(schedule.delayMillis() / 1000.0), "--json"));
        if (step.ending() == Ending.MAX_PAGES) {
            args.addAll(List.of("--max-pages", Integer.toString(step.maxPages())));
        } else if (step.ending() == Ending.DURATION) {
            args.addAll(List.of("--duration", step.durationSeconds() + "s"));
        }
        return args.toArray(String[]::new);
    }

    /**
     * Deals the step's fault, OpenSearch's trouble and the node stop as the web's requests reach their counts,
     * until the crawl ends; returns whether the fault struck (a crawl may end by itself first).
     */
    private boolean drive(int number, FaultStep step, Process crawl, TestWeb web, OpenSearchProxy proxy, Path runDir)
            throws Exception {
        boolean struck = false;
        long troubleEnds = 0;
        boolean troubleStarted = false;
        boolean nodeStopped = false;
        CompletableFuture<String> nodeBack = null;
        boolean backWhileCrawling = false;
        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        while (crawl.isAlive() && System.nanoTime() < deadline) {
            int served = web.log().size();
            FaultStep.OpenSearchTrouble trouble = step.trouble();
            if (trouble != null && !troubleStarted && served >= trouble.afterRequests()) {
                proxy.rejectBulks(Integer.MAX_VALUE).answerLate(trouble.lateMillis());
                troubleStarted = true;
                troubleEnds = System.nanoTime() + TimeUnit.SECONDS.toNanos(trouble.seconds());
            }
            if (troubleStarted && System.nanoTime() > troubleEnds) {
                proxy.rejectBulks(0).answerLate(0);
            }
            if (step.nodeStop() != null && !nodeStopped && served >= step.nodeStop().afterRequests()) {
                String node = clusterFaults.killStatusPrimaryHolder();
                nodeStopped = true;
                nodesStopped++;
                out.printf("  run %d: killed after %d requests: OpenSearch %s%n", number, served, node);
            }
            if (step.nodeBack() != null && nodeBack == null && served >= step.nodeBack().afterRequests()
                    && clusterFaults.isDown()) {
                // In the background: the crawl goes on (and its fault may strike) while the node starts and recovers.
                nodeBack = CompletableFuture.supplyAsync(() -> {
                    try {
                        return clusterFaults.restartKilled();
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                });
                out.printf("  run %d: starting the killed node again after %d requests%n", number, served);
            }
            if (nodeBack != null && !backWhileCrawling && nodeBack.isDone() && !nodeBack.isCompletedExceptionally()) {
                backWhileCrawling = true;
                nodesBack++;
                out.printf("  run %d: OpenSearch %s is back (its copies recovered) after %d requests, the crawl going on%n",
                        number, nodeBack.join(), web.log().size());
            }
            if (!struck && step.afterRequests() > 0 && served >= step.afterRequests()) {
                switch (step.ending()) {
                    case KILL -> crawl.destroyForcibly();
                    case SIGTERM -> crawl.destroy();
                    case CONSOLE_STOP -> ConsoleApi.await(runDir, Duration.ofSeconds(30)).post("stop");
                    default -> throw new IllegalStateException("no fault to deal for " + step);
                }
                struck = true;
                if (step.ending() == Ending.KILL && !crawl.waitFor(1, TimeUnit.MINUTES)) {
                    throw new IllegalStateException("the crawl outlived kill -9 by a minute");
                }
            }
            Thread.sleep(POLL_MILLIS);
        }
        if (step.nodeBack() != null && nodeBack == null && clusterFaults.isDown()) {
            // The crawl ended before the node's turn: it comes back between runs, and the next run has the whole cluster.
            out.printf("  run %d: ended before the node's restart; OpenSearch %s started again after it%n", number,
                    clusterFaults.restartKilled());
        }
        if (nodeBack != null) {
            nodeBack.get(RUN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS); // a failed restart fails the schedule
        }
        return struck;
    }

    /** The status index, URL by URL (empty before the first run has made it). */
    private Map<String, Entry> index() {
        if (!indexExists()) {
            return Map.of();
        }
        Map<String, Entry> index = new TreeMap<>();
        for (Map<String, Object> doc : os.documents(SquallIndex.STATUS)) {
            index.put((String) doc.get("url"), new Entry((String) doc.get("status"),
                    Instant.parse((String) doc.get("nextFetchDate"))));
        }
        return index;
    }

    private boolean indexExists() {
        try {
            return os.client().indices().exists(e -> e.index(os.indexName(SquallIndex.STATUS))).value();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long fetched(Map<String, Entry> index) {
        return index.values().stream().filter(e -> e.status().equals("FETCHED")).count();
    }

    private String failure(FaultSchedule schedule, String what) {
        return "Fault schedule, " + schedule.describe() + "\n" + what + "\nReplay: " + replay.replace("{seed}",
                Long.toString(schedule.seed()));
    }

    /**
     * What a crawl that does not end is doing, printed before it is killed: the threads of its JVM ({@code jcmd
     * Thread.print}) and the last lines of its log, which go with the run's directory when the test ends.
     */
    private void printHangEvidence(int number, Process crawl, Path runDir) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<ProcessHandle> jvms = Stream.concat(Stream.of(crawl.toHandle()), crawl.descendants())
                .filter(p -> p.info().command().map(c -> c.endsWith("java")).orElse(false)).toList();
        for (ProcessHandle jvm : jvms) {
            Path dump = runDir.resolve("threads-" + jvm.pid() + ".txt");
            Process threads = new ProcessBuilder(jcmd.toString(), Long.toString(jvm.pid()), "Thread.print")
                    .redirectErrorStream(true).redirectOutput(dump.toFile()).start();
            if (!threads.waitFor(30, TimeUnit.SECONDS)) {
                threads.destroyForcibly();
            }
            String threadDump = SquallProcess.read(dump);
            out.printf("  run %d did not end: the threads of process %d%n%s%n", number, jvm.pid(),
                    threadDump.isEmpty() ? "(no thread dump)" : threadDump);
        }
        Path log = dir.resolve("data").resolve("logs").resolve("squall.log");
        List<String> lines = SquallProcess.read(log).lines().toList();
        if (!lines.isEmpty()) {
            out.printf("  run %d did not end: the last lines of its log%n%s%n", number,
                    String.join("\n", lines.subList(Math.max(0, lines.size() - 200), lines.size())));
        }
    }

    private static String tail(Path runDir) throws IOException {
        String stderr = SquallProcess.read(runDir.resolve("stderr.txt"));
        return stderr.substring(Math.max(0, stderr.length() - 3000));
    }
}
