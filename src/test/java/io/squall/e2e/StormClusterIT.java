package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.squall.config.CrawlerConfig;
import io.squall.console.ClusterState;
import io.squall.frontier.Injector;
import io.squall.frontier.ShardAssignment;
import io.squall.frontier.StatusUpdaterBolt;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import io.squall.topology.Submit;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.aggregations.StringTermsBucket;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * Squall as a user runs it on a Storm cluster: a real cluster of separate processes (ZooKeeper, Nimbus, a
 * Supervisor with two slots and the workers it starts), the topology jar submitted with Squall's Submit as
 * the README says, with a bolt of the user's added and the indexer replaced (the user's classes in a jar of
 * their own), two workers, a 3-node OpenSearch cluster whose status index has 3 shards and a replica. A
 * worker is killed with SIGKILL mid-crawl; the crawl must still end with every URL at its final status, and
 * the metrics must count every page fetched once. The recovery is bounded: the hosts the killed worker did
 * not own (neither their fetcher nor their spout task ran there) keep their pace (no wait of 3 s for a
 * request), every URL due or held at the kill is fetched within 30 s of it, and a page is fetched twice only
 * if the killed worker held it at the kill. The cluster console, a process of its own, pauses the crawl (no request while URLs are
 * due) and resumes it, and says "nothing due" at the end with every host in its host table.
 *
 * <p>Prints its timings (cluster start, submission, first fetch, crawl rate, recovery) and the memory of
 * every process.
 */
class StormClusterIT {
    private static final int HOSTS = 4;
    private static final int PAGES_PER_HOST = 80;
    private static final double DELAY_SECONDS = 0.2;
    private static final int STATUS_SHARDS = 3;
    /**
     * Denied by every host's robots.txt ("/page/9" is no other page's prefix): it, and the pages only it
     * links to, are never fetched.
     */
    private static final int DENIED_PAGE = 9;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration CRAWL_TIMEOUT = Duration.ofMinutes(5);
    /**
     * How long after the kill the crawl may take to end: what was held at the kill comes back within
     * {@link #REFETCH_BOUND}, the pages it links to after that.
     */
    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(150);
    /**
     * Every URL due or held at the kill is fetched within this time of it: those the dead worker held for a
     * surviving spout task time out between one and two topology.message.timeout.secs (12 s) after their
     * last renewal and are handed out again at once; the restarted worker's spout tasks find theirs due.
     */
    private static final Duration REFETCH_BOUND = Duration.ofSeconds(30);
    /**
     * Quiet this long after a pause, the crawl is paused: longer than the spouts take to read the control
     * document (spout.control.interval, 2 s) and than a host's delay.
     */
    private static final Duration PAUSE_QUIET = Duration.ofSeconds(3);
    /**
     * The longest a host the killed worker did not own may wait for its next request after the kill: its
     * pages go through no task of the dead worker (a task of every bolt in each worker, fed local-or-shuffle)
     * but its acker, and the URLs whose acker died no longer hold the host's quota once later ones overtook
     * them. Fifteen times the host's delay, for a loaded machine; a host that waits on the dead worker waits
     * for a horizon (5 s) at least, or for its tuples to time out (12 to 24 s) and the worker to restart.
     */
    private static final Duration STALL_BOUND = Duration.ofSeconds(3);
    /** A tuple still pending at the kill was emitted within two message timeouts (12 s) before it. */
    private static final Duration PENDING_AT_KILL = Duration.ofSeconds(24);

    /**
     * What the killed fetcher counted after its last report written dies with it: at most one metrics report
     * interval (10 s), plus the metrics writes the killed worker buffered (opensearch.metrics.flushInterval,
     * 5 s) if the metrics consumer ran there, and some slack.
     */
    private static final Duration LOST_WITH_KILLED_TASK = Duration.ofSeconds(18);

    @TempDir
    Path dir;

    @Test
    void aClusterCrawlSurvivesAKilledWorkerAndEndsWithEveryUrlAtItsFinalStatus() throws Exception {
        Path jar = TopologyJarIT.topologyJar().toAbsolutePath();
        Map<String, String> timings = new TreeMap<>();
        long start = System.nanoTime();
        try (TestWeb web = TestWeb.start(HOSTS);
             OpenSearchClusterProcess openSearch = OpenSearchClusterProcess.start(dir.resolve("opensearch"), 3);
             StormDaemons storm = StormDaemons.start(Path.of("target/storm-home").toAbsolutePath(), dir.resolve("storm"),
                     START_TIMEOUT)) {
            timings.put("1 cluster up (ZooKeeper, Nimbus, Supervisor)", seconds(start));
            List<String> addresses = openSearch.addresses(START_TIMEOUT);
            timings.put("2 OpenSearch (3 nodes) up, in parallel", seconds(start));
            Map<String, String> expected = buildWeb(web);

            Path submitDir = writeSubmitDirectory(addresses, web);
            List<Path> ownBolts = List.of(ownBoltsJar());
            assertSubmissionRefused(storm, jar, ownBolts, submitDir, "crawler-conf.yaml",
                    c -> c + "  fetcher.thread.number: 10\n",
                    "squall: crawler-conf.yaml: unknown configuration key 'fetcher.thread.number'"
                            + " (did you mean 'fetcher.threads.number'?)");
            assertSubmissionRefused(storm, jar, ownBolts, submitDir, "crawler-conf.yaml",
                    c -> c + "  urlfilters.config.file: \"mine.yaml\"\n",
                    "squall: urlfilters.config.file: 'mine.yaml' is neither a file (from " + submitDir
                            + ") nor a resource in the jar");
            assertSubmissionRefused(storm, jar, ownBolts, submitDir, "es-conf/opensearch-conf.yaml",
                    c -> c + "  opensearch.password: \"hunter2\"\n", "squall: opensearch.password is in the topology"
                            + " configuration, which Storm shows in its UI and logs: put it in a file on every machine"
                            + " and set opensearch.password.file to its path, or in an environment variable of every"
                            + " worker and set opensearch.password.env to its name, instead");
            assertSubmissionRefused(storm, jar, List.of(), submitDir, "topology.yaml", c -> c,
                    "squall: topology.yaml: \"indexer\": class io.squall.e2e.FileIndexerBolt not found (is it in the"
                            + " topology jar?)");
            assertSubmissionRefused(storm, jar, ownBolts, submitDir, "topology.yaml",
                    c -> c.replace(StatusUpdaterBolt.class.getName(), ParsedPagesBolt.class.getName()),
                    "squall: topology.yaml: no status updater: add a bolt of class io.squall.frontier.StatusUpdaterBolt"
                            + " that subscribes to every component's \"status\" stream");
            assertTrue(storm.topology("squall").isEmpty(), "nothing reached the cluster");

            long submitted = System.nanoTime();
            ProcessBuilder submit = new ProcessBuilder(storm.stormJarCommand(jar, ownBolts, Submit.class.getName(),
                    "topology.yaml"))
                    .directory(submitDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("submit.out").toFile());
            Process submission = submit.start();
            assertTrue(submission.waitFor(2, TimeUnit.MINUTES), "the submission ends");
            String submitOutput = Files.readString(dir.resolve("submit.out"));
            assertEquals(0, submission.exitValue(), submitOutput);
            assertEquals(List.of("Squall: submitting \"squall\" from topology.yaml on 2 workers; tasks: spout 3, partitioner 2,"
                    + " fetcher 2, parser 2, indexer 2, pages 2, status 2", "Squall: files shipped with it: "
                    + submitDir.resolve("urlfilters.yaml"), "Squall: \"squall\" submitted"),
                    submitOutput.lines().toList(), "one spout task per shard of the status index, one bolt task per worker;"
                            + " the submitting directory's filter file shipped; nothing else printed");
            timings.put("3 submission (storm jar ... Submit topology.yaml)", seconds(submitted));

            CrawlerConfig config = CrawlerConfig.defaults().with(Map.of("opensearch.addresses", addresses,
                    "http.agent.name", "squall-cluster-test"), "test");
            OpenSearchClient client = OpenSearchClients.create(config);
            // The cluster console, as an operator starts it: it reads the indices and steers the spouts.
            Path consoleRun = Files.createDirectories(dir.resolve("console"));
            Process console = SquallProcess.start(consoleRun, "console", "--opensearch", addresses.get(0));
            try {
                new Injector(config, client).inject(web.sites().stream().map(s -> s.url("/")).toList(), problem -> {
                    throw new AssertionError(problem);
                });

                awaitRequests(web, 1, CRAWL_TIMEOUT);
                timings.put("4 submission to first fetch", seconds(submitted));
                long firstFetch = web.log().all().get(0).startNanos();

                // Paused from the console at the crawl's first pages: the spouts hand out nothing more, though
                // URLs are due, until it is resumed.
                ConsoleApi consoleApi = ConsoleApi.await(consoleRun, START_TIMEOUT);
                HttpResponse<String> paused = consoleApi.post("pause");
                long pausedAt = System.nanoTime();
                assertEquals(200, paused.statusCode(), paused.body());
                int atPause = ConsoleApi.awaitQuiet(web, PAUSE_QUIET, CRAWL_TIMEOUT);
                long dueWhilePaused = statuses(client, config).values().stream().filter("DISCOVERED"::equals).count();
                assertTrue(dueWhilePaused > 0, "URLs were due while the paused crawl fetched nothing");
                HttpResponse<String> resumed = consoleApi.post("resume");
                assertEquals(200, resumed.statusCode(), resumed.body());
                awaitRequests(web, atPause + 1, CRAWL_TIMEOUT);
                long resumedAt = System.nanoTime();
                long pausedNanos = resumedAt - pausedAt;
                timings.put("4b paused from the console", String.format("quiet after %d requests with %d URLs due,"
                        + " fetching again %.1f s after the pause", atPause, dueWhilePaused, pausedNanos / 1e9));

                // Kill a worker mid-crawl, as the kernel would: no cleanup, no flush.
                awaitRequests(web, expected.size() * 2 / 5, CRAWL_TIMEOUT);
                TopologyInfo topology = storm.topology("squall").orElseThrow();
                assertEquals(2, workersOf(topology).size(), "the topology runs on two workers: " + workersOf(topology));
                int victimPort = victim(topology);
                ProcessHandle victim = storm.worker(victimPort).orElseThrow(() -> new AssertionError(
                        "no worker on port " + victimPort + " among " + storm.workers()));
                Map<String, Long> memory = storm.memory();
                memory.put("opensearch (3 nodes, one JVM)", openSearch.residentMegabytes());
                int requestsBeforeKill = web.log().size();
                long killed = System.nanoTime();
                victim.destroyForcibly();
                victim.onExit().get(30, TimeUnit.SECONDS); // gone before the clock of its recovery runs
                // What the crawl still had to fetch: among it, every URL the dead worker held.
                Set<String> dueAtKill = statuses(client, config).entrySet().stream()
                        .filter(e -> e.getValue().equals("DISCOVERED")).map(Map.Entry::getKey)
                        .collect(Collectors.toSet());

                Map<String, String> statuses = awaitFinalStatuses(client, config, expected, killed, RECOVERY_BOUND);
                long done = System.nanoTime();
                long doneMillis = System.currentTimeMillis();
                timings.put("5 kill to every URL at its final status", String.format("%.1f s", (done - killed) / 1e9));
                assertEquals(expected, statuses, "every URL at its final status");

                List<LoggedRequest> requests = web.log().all();
                assertFetchedOnceExceptReplays(requests, requestsBeforeKill);
                timings.put("6 URLs fetched again after the kill", replays(requests, killed));
                assertPolite(web, requests, killed);
                Set<String> survivors = hostsOfSurvivingWorker(client, config, topology, victimPort);
                // The recovery's bounds, each measured (and printed) whether or not another one failed.
                assertAll(() -> assertSurvivingHostsKeptTheirPace(requests, survivors, resumedAt, killed, timings),
                        () -> assertHeldUrlsFetchedSoon(web, requests, dueAtKill, killed, timings),
                        () -> assertReplaysWerePendingAtTheKill(requests, killed, timings));
                long pages = requests.stream().filter(r -> !r.path().equals("/robots.txt")).count();
                long beforeKill = requests.subList(0, requestsBeforeKill).stream()
                        .filter(r -> !r.path().equals("/robots.txt")).count();
                timings.put("7 crawl rate before the kill (pause aside)", String.format("%.1f pages/s (%d pages,"
                        + " politeness bound %.0f pages/s)", beforeKill / ((killed - firstFetch - pausedNanos) / 1e9),
                        beforeKill, HOSTS / DELAY_SECONDS));
                timings.put("8 pages fetched in all (replays included)", String.valueOf(pages));

                // A page whose worker was killed may have reached the user's bolts twice.
                Set<String> fetched = expected.entrySet().stream().filter(e -> e.getValue().equals("FETCHED"))
                        .map(Map.Entry::getKey).collect(Collectors.toCollection(java.util.TreeSet::new));
                assertEquals(fetched, new java.util.TreeSet<>(SinkFiles.read(dir.resolve("sink"), "parsed")),
                        "the added bolt received every parsed page");
                assertEquals(fetched, new java.util.TreeSet<>(SinkFiles.read(dir.resolve("sink"), "indexed")),
                        "the replaced indexer received every page to index");
                assertEquals(0, count(client, config, SquallIndex.CONTENT), "Squall's indexer was replaced");
                Set<String> metricWorkers = awaitMetricsFromWorkers(client, config, 2, Duration.ofSeconds(60));
                assertTrue(metricWorkers.size() >= 2, "metrics from both workers: " + metricWorkers);
                long pagesNearKill = requests.stream().filter(r -> !r.path().equals("/robots.txt")
                        && r.startNanos() >= killed - LOST_WITH_KILLED_TASK.toNanos() && r.startNanos() < killed).count();
                double pageDeltas = assertPageDeltasAddUp(client, config, topology.get_id(), doneMillis);
                boolean consumerKilled = topology.get_executors().stream().anyMatch(e -> e.get_port() == victimPort
                        && e.get_component_id().startsWith("__metrics"));
                timings.put("10 fetcher.pages deltas summed", String.format("%.0f of %d pages requested (metrics"
                        + " consumer in the %s worker)", pageDeltas, pages, consumerKilled ? "killed" : "surviving"));
                assertTrue(pageDeltas <= pages && pageDeltas >= pages - pagesNearKill, "the run's fetcher.pages deltas"
                        + " (" + pageDeltas + ") count every page requested (" + pages + ") once, but for what the killed"
                        + " fetcher counted after its last report written (at most " + pagesNearKill + ")");
                timings.put("9 memory (MB resident) at the kill", memory.toString());

                JsonNode over = consoleApi.awaitProgress("nothing due once the crawl is over",
                        p -> ClusterState.NOTHING_DUE.equals(p.path("state").asText()));
                assertEquals(0.0, over.get("pagesPerSecond").asDouble(), over.toString());
                assertEquals(HOSTS, over.path("hosts").path("queues").asInt(), "every host in the host index: " + over);
                assertEquals(0, over.path("hosts").path("queued").asInt(), over.toString());
            } finally {
                console.destroy();
                console.waitFor(1, TimeUnit.MINUTES);
                OpenSearchClients.close(client);
                timings.forEach((k, v) -> System.out.println("[cluster test] " + k + ": " + v));
            }
        }
    }

    /**
     * A mistake in the configuration stops {@code storm jar} on the submitting machine with one line on
     * stderr and exit code 1, before the topology reaches the cluster.
     */
    private void assertSubmissionRefused(StormDaemons storm, Path jar, List<Path> dependencyJars, Path submitDir,
            String file, UnaryOperator<String> edit, String expectedError) throws Exception {
        Path original = submitDir.resolve(file);
        String good = Files.readString(original);
        Files.writeString(original, edit.apply(good));
        try {
            Path err = dir.resolve("refused.err");
            Process submission = new ProcessBuilder(storm.stormJarCommand(jar, dependencyJars, Submit.class.getName(),
                    "topology.yaml")).directory(submitDir.toFile())
                    .redirectOutput(dir.resolve("refused.out").toFile()).redirectError(err.toFile()).start();
            assertTrue(submission.waitFor(2, TimeUnit.MINUTES), "the submission ends");
            List<String> stderr = Files.readAllLines(err);
            assertEquals(1, submission.exitValue(), String.join("\n", stderr));
            assertEquals(List.of(expectedError), stderr, "one line, and neither Flux's nor SnakeYAML's output");
            assertTrue(stderr.stream().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")),
                    "no stack trace: " + String.join("\n", stderr));
        } finally {
            Files.writeString(original, good);
        }
    }

    /** Each host: a tree of pages with robots.txt denying one subtree. Returns every URL's final status. */
    /** The user's bolts, in a jar of their own ({@code storm jar ... --jars}). */
    private Path ownBoltsJar() throws IOException {
        Path jarFile = dir.resolve("own-bolts.jar");
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jarFile))) {
            for (Class<?> c : List.of(ParsedPagesBolt.class, FileIndexerBolt.class, SinkFiles.class)) {
                String entry = c.getName().replace('.', '/') + ".class";
                out.putNextEntry(new java.util.jar.JarEntry(entry));
                try (var in = c.getClassLoader().getResourceAsStream(entry)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jarFile;
    }

    private static Map<String, String> buildWeb(TestWeb web) {
        Map<String, String> expected = new TreeMap<>();
        for (Site site : web.sites()) {
            site.tree(PAGES_PER_HOST).robots("User-agent: *\nDisallow: /page/" + DENIED_PAGE + "\n");
            Set<Integer> denied = subtree(DENIED_PAGE);
            for (int i = 0; i < PAGES_PER_HOST; i++) {
                String path = i == 0 ? "/" : "/page/" + i;
                if (i == DENIED_PAGE) {
                    expected.put(site.url(path), "ERROR"); // robots.denied
                } else if (!denied.contains(i)) {
                    expected.put(site.url(path), "FETCHED");
                }
            }
        }
        return expected;
    }

    private static Set<Integer> subtree(int root) {
        Set<Integer> pages = new HashSet<>();
        List<Integer> todo = new ArrayList<>(List.of(root));
        while (!todo.isEmpty()) {
            int page = todo.remove(todo.size() - 1);
            if (page < PAGES_PER_HOST && pages.add(page)) {
                todo.add(2 * page + 1);
                todo.add(2 * page + 2);
            }
        }
        return pages;
    }

    /** What a user puts next to topology.yaml: crawler-conf.yaml, es-conf/, a URL filter file. */
    private Path writeSubmitDirectory(List<String> addresses, TestWeb web) throws IOException {
        Path submitDir = Files.createDirectories(dir.resolve("submit"));
        Files.copy(OwnBoltsIT.OWN_BOLTS, submitDir.resolve("topology.yaml"));
        Files.writeString(submitDir.resolve("crawler-conf.yaml"), String.join("\n",
                "config:",
                "  http.agent.name: \"squall-cluster-test\"",
                "  # The test web is on loopback addresses: those of its sites are let through the address guard.",
                "  http.address.allow: [" + web.sites().stream().map(s -> "\"" + s.host() + "\"")
                        .collect(Collectors.joining(", ")) + "]",
                "  fetcher.server.delay: " + DELAY_SECONDS,
                "  topology.workers: 2",
                "  " + SinkFiles.KEY + ": \"" + Files.createDirectories(dir.resolve("sink")) + "\"") + "\n");
        // The jar's filters with a depth limit that does not matter here: the test checks that this file,
        // in the submitting directory, is the one the workers use (the jar's copy would also work).
        Files.writeString(submitDir.resolve("urlfilters.yaml"), new String(
                StormClusterIT.class.getClassLoader().getResourceAsStream("urlfilters.yaml").readAllBytes()));
        Path esConf = Files.createDirectories(submitDir.resolve("es-conf"));
        Files.writeString(esConf.resolve("opensearch-conf.yaml"), "config:\n  opensearch.addresses: ["
                + addresses.stream().map(a -> "\"" + a + "\"").collect(Collectors.joining(", ")) + "]\n");
        Files.writeString(esConf.resolve("status.json"), Files.readString(Path.of("es-conf/status.json"))
                .replace("\"number_of_shards\": 1", "\"number_of_shards\": " + STATUS_SHARDS)
                .replace("\"number_of_replicas\": 0", "\"number_of_replicas\": 1"));
        for (String file : List.of("content.json", "metrics.json")) {
            Files.copy(Path.of("es-conf", file), esConf.resolve(file));
        }
        return submitDir;
    }

    /**
     * The worker to kill: one that runs a fetcher task, with the fewest spout tasks, so that URLs it holds
     * were handed out by spout tasks that survive it (the slow way back: their tuples must time out).
     */
    private static int victim(TopologyInfo topology) {
        Map<Integer, Integer> spoutTasks = new HashMap<>();
        Set<Integer> fetcherPorts = new HashSet<>();
        for (var executor : topology.get_executors()) {
            spoutTasks.merge(executor.get_port(), executor.get_component_id().equals("spout") ? 1 : 0, Integer::sum);
            if (executor.get_component_id().equals("fetcher")) {
                fetcherPorts.add(executor.get_port());
            }
        }
        return fetcherPorts.stream().min(Comparator.comparingInt(spoutTasks::get)).orElseThrow();
    }

    private static Set<String> workersOf(TopologyInfo topology) {
        return topology.get_executors().stream().map(e -> e.get_host() + ":" + e.get_port()).collect(Collectors.toSet());
    }

    private static void awaitRequests(TestWeb web, int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (web.log().size() < n) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the test web served " + web.log().size() + " requests, not " + n
                        + ", within " + timeout);
            }
            Thread.sleep(100);
        }
    }

    /** Waits until no URL is due or failing any more, and returns every URL's status. */
    private static Map<String, String> awaitFinalStatuses(OpenSearchClient client, CrawlerConfig config,
            Map<String, String> expected, long since, Duration bound) throws Exception {
        Map<String, String> statuses = Map.of();
        while (System.nanoTime() - since < bound.toNanos()) {
            statuses = statuses(client, config);
            if (statuses.equals(expected)) {
                return statuses;
            }
            Thread.sleep(1_000);
        }
        return statuses; // the caller's assertion shows the difference
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Map<String, String> statuses(OpenSearchClient client, CrawlerConfig config) throws IOException {
        String index = SquallIndex.STATUS.name(config);
        client.indices().refresh(r -> r.index(index));
        Map<String, String> statuses = new TreeMap<>();
        for (Hit<Map> hit : client.search(s -> s.index(index).size(10_000), Map.class).hits().hits()) {
            statuses.put((String) hit.source().get("url"), (String) hit.source().get("status"));
        }
        return statuses;
    }

    private static long count(OpenSearchClient client, CrawlerConfig config, SquallIndex index) throws IOException {
        String name = index.name(config);
        client.indices().refresh(r -> r.index(name));
        return client.count(c -> c.index(name)).count();
    }

    private static Set<String> awaitMetricsFromWorkers(OpenSearchClient client, CrawlerConfig config, int workers,
            Duration timeout) throws Exception {
        String index = SquallIndex.METRICS.searchPattern(config);
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<String> seen = Set.of();
        while (System.nanoTime() < deadline) {
            if (client.indices().exists(e -> e.index(index).allowNoIndices(false)).value()) {
                client.indices().refresh(r -> r.index(index));
                seen = client.search(s -> s.index(index).size(0)
                        .aggregations("workers", a -> a.terms(t -> t.field("worker").size(10))), Void.class)
                        .aggregations().get("workers").sterms().buckets().array().stream()
                        .map(StringTermsBucket::key).collect(Collectors.toSet());
                if (seen.size() >= workers) {
                    return seen;
                }
            }
            Thread.sleep(1_000);
        }
        return seen;
    }

    /**
     * Waits for the first report after the crawl ended of every fetcher, parser and status task, then checks
     * that each instance of those tasks (told apart by its task.started) has deltas adding up to its last
     * total, for the pages fetched, parsed and written FETCHED; tasks that survived the kill among them, whose
     * reports went to a restarted metrics consumer when it ran in the killed worker. Returns the run's
     * fetcher.pages deltas summed.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static double assertPageDeltasAddUp(OpenSearchClient client, CrawlerConfig config, String stormId,
            long crawlEndedMillis) throws Exception {
        String index = SquallIndex.METRICS.searchPattern(config);
        List<FieldValue> components = List.of(FieldValue.of("fetcher"), FieldValue.of("parser"), FieldValue.of("status"));
        List<FieldValue> names = List.of(FieldValue.of("task.started"), FieldValue.of("fetcher.pages"),
                FieldValue.of("parser.pages"), FieldValue.of("status.written.FETCHED"));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            client.indices().refresh(r -> r.index(index));
            List<Map> docs = client.search(s -> s.index(index).size(10_000)
                    .query(q -> q.bool(b -> b
                            .filter(f -> f.term(t -> t.field("stormId").value(FieldValue.of(stormId))))
                            .filter(f -> f.terms(t -> t.field("component").terms(v -> v.value(components))))
                            .filter(f -> f.terms(t -> t.field("name").terms(v -> v.value(names)))))), Map.class)
                    .hits().hits().stream().map(Hit::source).toList();
            Map<String, Long> newest = new HashMap<>();
            Map<String, Object> startedByReport = new HashMap<>();
            for (Map doc : docs) {
                String task = doc.get("component") + "/" + doc.get("taskId");
                if (doc.get("name").equals("task.started")) {
                    startedByReport.put(doc.get("worker") + "/" + task + "@" + doc.get("timestamp"), doc.get("value"));
                } else {
                    newest.merge(task, Instant.parse((String) doc.get("timestamp")).toEpochMilli(), Math::max);
                }
            }
            boolean reportedSinceTheEnd = newest.size() == 6
                    && newest.values().stream().allMatch(t -> t >= crawlEndedMillis + 1_000);
            if (!reportedSinceTheEnd && System.nanoTime() < deadline) {
                Thread.sleep(2_000);
                continue;
            }
            assertTrue(reportedSinceTheEnd, "2 fetcher, 2 parser and 2 status tasks reported after the crawl ended: "
                    + newest);
            Map<String, Double> deltaSums = new TreeMap<>();
            Map<String, Double> lastTotals = new TreeMap<>();
            double pages = 0;
            for (Map doc : docs) {
                if (!doc.get("name").equals("task.started")) {
                    String report = doc.get("worker") + "/" + doc.get("component") + "/" + doc.get("taskId");
                    String counter = report + " started " + startedByReport.get(report + "@" + doc.get("timestamp"))
                            + ": " + doc.get("name");
                    // A report written without its delta leaves its increase to the next one.
                    double delta = ((Number) doc.getOrDefault("delta", 0)).doubleValue();
                    deltaSums.merge(counter, delta, Double::sum);
                    lastTotals.merge(counter, ((Number) doc.get("value")).doubleValue(), Math::max);
                    if (doc.get("name").equals("fetcher.pages")) {
                        pages += delta;
                    }
                }
            }
            assertEquals(lastTotals, deltaSums, "each task instance's deltas add up to its last total");
            return pages;
        }
    }

    /**
     * No page was fetched twice before the kill. After it, the URLs the dead worker held come again: those
     * its spout tasks had handed out (the restarted tasks find them still due) and those whose tuples it
     * held (timed out at the surviving spout tasks, then re-emitted). A URL in both is fetched twice more
     * at most; nothing else is fetched again.
     */
    private static void assertFetchedOnceExceptReplays(List<LoggedRequest> requests, int requestsBeforeKill) {
        Set<String> beforeKill = new HashSet<>();
        for (LoggedRequest r : requests.subList(0, requestsBeforeKill)) {
            if (!r.path().equals("/robots.txt")) {
                assertTrue(beforeKill.add(r.host() + r.path()), "fetched twice before the kill: " + r.host() + r.path());
            }
        }
        Map<String, Integer> fetches = new HashMap<>();
        for (LoggedRequest r : requests) {
            if (!r.path().equals("/robots.txt")) {
                int n = fetches.merge(r.host() + r.path(), 1, Integer::sum);
                assertTrue(n <= 3, r.host() + r.path() + " fetched " + n + " times");
            }
        }
        assertTrue(requests.stream().noneMatch(r -> r.path().equals("/page/" + DENIED_PAGE)), "robots.txt obeyed");
    }

    /**
     * The fetches after the kill of URLs that were fetched more than once: the dead worker's URLs coming
     * back (those it had only queued cannot be told apart from the crawl's own progress).
     */
    private static String replays(List<LoggedRequest> requests, long killed) {
        Map<String, Integer> fetches = new HashMap<>();
        requests.stream().filter(r -> !r.path().equals("/robots.txt"))
                .forEach(r -> fetches.merge(r.host() + r.path(), 1, Integer::sum));
        List<LoggedRequest> again = requests.stream()
                .filter(r -> r.startNanos() >= killed && fetches.getOrDefault(r.host() + r.path(), 0) > 1).toList();
        if (again.isEmpty()) {
            return "none";
        }
        return String.format("%d fetches of %d URLs, from %.1f s to %.1f s after the kill", again.size(),
                again.stream().map(r -> r.host() + r.path()).distinct().count(),
                (again.get(0).startNanos() - killed) / 1e9, (again.get(again.size() - 1).startNanos() - killed) / 1e9);
    }

    /**
     * One connection at a time per host, and the delay between two requests to a host, except across the
     * kill (the killed worker's last request and the restarted worker's first do not know of each other).
     */
    private static void assertPolite(TestWeb web, List<LoggedRequest> requests, long killed) {
        for (Site site : web.sites()) {
            assertEquals(1, web.log().maxConcurrency(site.host()), "one connection at a time on " + site.host());
            List<LoggedRequest> byStart = requests.stream().filter(r -> r.host().equals(site.host()))
                    .sorted(Comparator.comparingLong(LoggedRequest::startNanos)).toList();
            assertEquals("/robots.txt", byStart.get(0).path(), "robots.txt first on " + site.host());
            for (int i = 1; i < byStart.size(); i++) {
                LoggedRequest previous = byStart.get(i - 1);
                LoggedRequest next = byStart.get(i);
                boolean acrossKill = previous.startNanos() < killed && next.startNanos() >= killed;
                long gap = next.startNanos() - previous.endNanos();
                assertTrue(acrossKill || gap >= DELAY_SECONDS * 0.9e9, site.host() + ": " + gap / 1e6
                        + " ms between " + previous.path() + " and " + next.path());
            }
        }
    }

    /**
     * The pages fetched twice: each was fetched by the dead worker and not yet written at the kill, so first
     * fetched at most two message timeouts before it (its tuple was still pending then), and fetched again
     * within {@link #REFETCH_BOUND} of the kill. None was first fetched after the kill: a surviving worker's
     * pages are written by its own status updater. So they are bounded by what the dead worker held.
     */
    private static void assertReplaysWerePendingAtTheKill(List<LoggedRequest> requests, long killed,
            Map<String, String> timings) {
        Map<String, Long> firstFetch = new HashMap<>();
        Set<String> replayed = new java.util.TreeSet<>();
        long lastAgain = killed;
        for (LoggedRequest r : requests) {
            if (r.path().equals("/robots.txt")) {
                continue;
            }
            String url = r.host() + r.path();
            if (firstFetch.putIfAbsent(url, r.startNanos()) != null && r.startNanos() >= killed) {
                replayed.add(url);
                lastAgain = Math.max(lastAgain, r.startNanos());
            }
        }
        long pendingSince = killed - PENDING_AT_KILL.toNanos();
        long fetchedInWindow = firstFetch.values().stream().filter(t -> t >= pendingSince && t < killed).count();
        long lastFirst = replayed.stream().mapToLong(firstFetch::get).max().orElse(killed);
        long firstAfterKill = replayed.stream().filter(u -> firstFetch.get(u) >= killed).count();
        timings.put("6b pages fetched twice", String.format("%d (%d first fetched after the kill, the last %.1f s after"
                + " it; %d pages were first fetched in the %d s before the kill); the last fetched again %.1f s after"
                + " the kill", replayed.size(), firstAfterKill, (lastFirst - killed) / 1e9, fetchedInWindow,
                PENDING_AT_KILL.toSeconds(), (lastAgain - killed) / 1e9));
        for (String url : replayed) {
            long first = firstFetch.get(url);
            assertTrue(first >= pendingSince, url + " fetched again after the kill, but first fetched "
                    + (killed - first) / 1e9 + " s before it: its tuple could not be pending any more");
            assertTrue(first < killed, url + " first fetched " + (first - killed) / 1e9 + " s after the kill, and"
                    + " fetched again: its page went through the dead worker");
        }
        assertTrue(lastAgain - killed <= REFETCH_BOUND.toNanos(), "a page fetched again " + (lastAgain - killed) / 1e9
                + " s after the kill");
    }

    /**
     * Every URL the status index showed due at the kill (among them every URL the dead worker held) and every
     * URL fetched again after it was fetched within {@link #REFETCH_BOUND} of the kill, but those whose fetch
     * before the kill was already done.
     */
    private static void assertHeldUrlsFetchedSoon(TestWeb web, List<LoggedRequest> requests, Set<String> dueAtKill,
            long killed, Map<String, String> timings) {
        Map<String, Site> sites = web.sites().stream().collect(Collectors.toMap(Site::host, site -> site));
        Map<String, Long> firstAfterKill = new TreeMap<>();
        Set<String> fetchedBefore = new HashSet<>();
        for (LoggedRequest r : requests) {
            if (r.path().equals("/robots.txt")) {
                continue;
            }
            String url = sites.get(r.host()).url(r.path());
            if (r.startNanos() < killed) {
                fetchedBefore.add(url);
            } else {
                firstAfterKill.putIfAbsent(url, r.startNanos());
            }
        }
        Set<String> held = new HashSet<>(dueAtKill);
        firstAfterKill.keySet().stream().filter(fetchedBefore::contains).forEach(held::add);
        long latest = killed;
        String last = null;
        for (String url : held) {
            Long at = firstAfterKill.get(url);
            if (at == null) {
                assertTrue(fetchedBefore.contains(url), url + " was due at the kill and never fetched");
            } else if (at > latest) {
                latest = at;
                last = url;
            }
        }
        timings.put("6c URLs due or held at the kill", String.format("%d, the last (%s) fetched %.1f s after the kill",
                held.size(), last, (latest - killed) / 1e9));
        assertTrue(latest - killed <= REFETCH_BOUND.toNanos(), String.format("%s, due or held at the kill, fetched"
                + " %.1f s after it", last, (latest - killed) / 1e9));
    }

    /**
     * The hosts the dead worker did not own: their fetcher task ran in the worker that survived (the host index
     * says which task owns a host), and so did the spout task that reads their shard of the status index.
     */
    @SuppressWarnings("rawtypes")
    private static Set<String> hostsOfSurvivingWorker(OpenSearchClient client, CrawlerConfig config,
            TopologyInfo topology, int victimPort) throws IOException {
        Set<Integer> survivingFetchers = new HashSet<>();
        Map<Integer, Integer> spoutPorts = new TreeMap<>(); // task id to port, in task order
        for (var executor : topology.get_executors()) {
            for (int task = executor.get_executor_info().get_task_start();
                 task <= executor.get_executor_info().get_task_end(); task++) {
                if (executor.get_component_id().equals("fetcher") && executor.get_port() != victimPort) {
                    survivingFetchers.add(task);
                } else if (executor.get_component_id().equals("spout")) {
                    spoutPorts.put(task, executor.get_port());
                }
            }
        }
        String status = SquallIndex.STATUS.name(config);
        Set<String> onDeadShards = new HashSet<>();
        int taskIndex = 0;
        for (int port : spoutPorts.values()) {
            if (port == victimPort) {
                for (int shard : ShardAssignment.of(taskIndex, spoutPorts.size(), STATUS_SHARDS).shards()) {
                    client.search(q -> q.index(status).preference("_shards:" + shard).size(0)
                            .aggregations("keys", a -> a.terms(t -> t.field("key").size(100))), Void.class)
                            .aggregations().get("keys").sterms().buckets().array()
                            .forEach(b -> onDeadShards.add(b.key()));
                }
            }
            taskIndex++;
        }
        String index = SquallIndex.HOSTS.name(config);
        client.indices().refresh(r -> r.index(index));
        Set<String> hosts = new java.util.TreeSet<>();
        for (Hit<Map> hit : client.search(q -> q.index(index).size(1_000)
                .query(x -> x.term(t -> t.field("kind").value(FieldValue.of("host")))), Map.class).hits().hits()) {
            String key = (String) hit.source().get("key");
            if (survivingFetchers.contains(((Number) hit.source().get("task")).intValue())
                    && !onDeadShards.contains(key)) {
                hosts.add(key);
            }
        }
        assertTrue(!hosts.isEmpty(), "some hosts were neither fetched nor handed out in the killed worker (hosts on its"
                + " spout's shards: " + onDeadShards + ")");
        return hosts;
    }

    /**
     * A host the killed worker did not own waits no longer than {@link #STALL_BOUND} for a request after the
     * kill, until its last one: it keeps its pace. Prints the longest wait between the resume and the kill
     * too (when it waited for its outlinks at times), and when the other hosts were fetched again.
     */
    private static void assertSurvivingHostsKeptTheirPace(List<LoggedRequest> requests, Set<String> survivors,
            long resumed, long killed, Map<String, String> timings) {
        Map<String, String> paces = new TreeMap<>();
        List<String> stalled = new ArrayList<>();
        for (String host : survivors) {
            List<LoggedRequest> byStart = requests.stream().filter(r -> r.host().equals(host))
                    .sorted(Comparator.comparingLong(LoggedRequest::startNanos)).toList();
            long before = 0;
            long after = 0;
            int fetchesAfter = 0;
            for (int i = 1; i < byStart.size(); i++) {
                long gap = byStart.get(i).startNanos() - byStart.get(i - 1).endNanos();
                if (byStart.get(i).startNanos() < killed) {
                    before = byStart.get(i - 1).startNanos() >= resumed ? Math.max(before, gap) : before;
                } else {
                    after = Math.max(after, gap);
                    fetchesAfter++;
                }
            }
            paces.put(host, String.format("longest wait %.1f s before the kill, %.1f s after it (%d fetches after)",
                    before / 1e9, after / 1e9, fetchesAfter));
            if (after > STALL_BOUND.toNanos()) {
                stalled.add(host);
            }
        }
        requests.stream().filter(r -> !survivors.contains(r.host()) && r.startNanos() >= killed)
                .collect(Collectors.groupingBy(LoggedRequest::host, TreeMap::new,
                        Collectors.minBy(Comparator.comparingLong(LoggedRequest::startNanos))))
                .forEach((host, first) -> paces.put(host, String.format("the killed worker's: first fetched %.1f s"
                        + " after the kill", (first.orElseThrow().startNanos() - killed) / 1e9)));
        timings.put("6d hosts after the kill", paces.toString());
        assertEquals(List.of(), stalled, "hosts the killed worker did not own stalled after the kill: " + paces);
    }

    private static String seconds(long sinceNanos) {
        return String.format("%.1f s", (System.nanoTime() - sinceNanos) / 1e9);
    }
}
