import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Squall's benchmark (not a test): serves a generated web on loopback, runs `./squall crawl` over it as a
 * separate process, and prints what the crawl achieved, measured by the web server (requests, their
 * timing) and by the crawl's --json summary (CPU, heap, when it decided to stop).
 *
 * Run from the repository root: bench/run [scenario...]   (scenarios: throughput polite nodelay broad waiting idle docs docsbroad);
 * BENCH_CRAWL_OPTIONS adds options to every crawl (e.g. "--conf other-settings.yaml").
 */
public class Bench {
    record Stats(long requests, long bytes, double windowSeconds, double busySeconds, double minGapMillis,
            long firstStartEpochMillis, long lastEndEpochMillis, List<Long> pagesPerSecond, long firstStartNanos,
            long[] lastPageEndNanosByHost, long[] firstPageStartNanosByHost) {
        /** When hosts got their first page request and their last answer, in seconds after the first fetch. */
        String hostSpread() {
            return "first page of each host at " + quantiles(firstPageStartNanosByHost) + "; last page at "
                    + quantiles(lastPageEndNanosByHost) + " (min, median, 90th percentile, max, seconds)";
        }

        private String quantiles(long[] nanos) {
            long[] sorted = nanos.clone();
            java.util.Arrays.sort(sorted);
            int n = sorted.length;
            return String.format(Locale.ROOT, "%.1f / %.1f / %.1f / %.1f", (sorted[0] - firstStartNanos) / 1e9,
                    (sorted[n / 2] - firstStartNanos) / 1e9, (sorted[n * 9 / 10] - firstStartNanos) / 1e9,
                    (sorted[n - 1] - firstStartNanos) / 1e9);
        }

        /**
         * Fetcher-thread seconds that politeness left usable from the first fetch to the last: at time t,
         * min(threads, u * hosts not finished at t), where u = response / (response + delay) is the most of
         * its time one host can keep a connection busy. The tail of a crawl, when few hosts have pages left,
         * cannot keep every thread busy whatever the frontier does.
         */
        double politeCapacitySeconds(int threads, double delaySeconds) {
            double response = busySeconds / Math.max(1, requests);
            double u = response / (response + delaySeconds);
            long[] ends = lastPageEndNanosByHost.clone();
            java.util.Arrays.sort(ends);
            double capacity = 0;
            long from = firstStartNanos;
            for (int finished = 0; finished < ends.length; finished++) {
                long until = ends[finished];
                if (until > from) {
                    capacity += Math.min(threads, u * (ends.length - finished)) * (until - from) / 1e9;
                    from = until;
                }
            }
            return capacity;
        }
    }

    /**
     * @param machineCpuSeconds busy CPU seconds of the whole machine (all cores, /proc/stat) from the command's
     *     start to its exit: crawler, OpenSearch node, web server and anything else running
     * @param startEpochMillis when the command was started
     * @param window CPU use in a window of the crawl chosen by the scenario, or null
     */
    record Result(Stats web, String summaryJson, long exitEpochMillis, int exitCode, double machineCpuSeconds,
            long startEpochMillis, CpuWindow window, double startUpCpuSeconds) {
        double number(String field) {
            return jsonNumber(summaryJson, field);
        }

        long epochMillis(String field) {
            Matcher m = Pattern.compile("\"" + field + "\":\"([^\"]+)\"").matcher(summaryJson);
            return m.find() ? Instant.parse(m.group(1)).toEpochMilli() : -1;
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> scenarios = args.length == 0 ? List.of("throughput", "polite", "nodelay", "broad", "waiting", "idle", "docs", "docsbroad")
                : List.of(args);
        System.out.printf(Locale.ROOT, "Machine: %d cores, %s, Java %s%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"), System.getProperty("java.version"));
        recordClassArchive();
        for (String scenario : scenarios) {
            switch (scenario) {
                case "throughput" -> throughput();
                case "polite" -> polite();
                case "nodelay" -> noDelay();
                case "broad" -> broad();
                case "waiting" -> waiting();
                case "idle" -> idle();
                case "docs" -> docs();
                case "docsbroad" -> docsBroad();
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
        }
    }

    /**
     * The first crawl after a build records the classes it loads for the next ones (see the squall script),
     * which takes seconds as it exits: a small crawl does that here, so that no scenario pays for it and all
     * of them start as a user's crawls do from the second on.
     */
    static void recordClassArchive() throws Exception {
        if (Files.exists(Path.of("target/class-archive/squall.jsa")) || "off".equals(System.getenv("SQUALL_CDS"))) {
            return;
        }
        System.err.println("bench: a first small crawl, which records the class archive");
        crawl("class-archive", 1, 3, 0, "--delay", "0");
    }

    /** 20 hosts x 500 pages of ~10 KB, politeness off: the crawler's own ceiling. */
    static void throughput() throws Exception {
        Result r = crawl("throughput", 20, 500, 0, "--delay", "0");
        printCommon("20 hosts x 500 pages, no delay", r);
        System.out.printf(Locale.ROOT, "  %.1f MB/s, CPU %.1f s, peak heap %.0f MB (crawler process, OpenSearch included)%n",
                r.web().bytes() / 1e6 / r.web().windowSeconds(), r.number("cpuSeconds"), r.number("peakHeapMB"));
    }

    /** 2 hosts x 500 pages at 0.1 s delay must finish within 1.2x its politeness bound. */
    static void polite() throws Exception {
        Result r = crawl("polite", 2, 500, 0, "--delay", "0.1");
        printCommon("2 hosts x 500 pages, 0.1 s delay", r);
        double bound = 500 * 0.1; // the two hosts in parallel, 10 pages/s each
        // The delay runs from the end of one fetch to the start of the next, so a host cannot go faster than
        // delay + its own response time per page: the exact bound adds each host's share of serving time.
        double exactBound = bound + r.web().busySeconds() / 2;
        double finished = (r.epochMillis("stoppedAt") - r.web().firstStartEpochMillis()) / 1000.0;
        System.out.printf(Locale.ROOT, "  politeness bound %.1f s (delays only), %.1f s with the server's response times;"
                + " first fetch to idle stop %.1f s: ratio %.2f, %.2f against the exact bound (target <= 1.2);"
                + " smallest gap on one host %.0f ms%n", bound, exactBound, finished, finished / bound,
                finished / exactBound, r.web().minGapMillis());
    }

    /** the same crawl without delay must run at >= 200 pages/s from the first fetch to the last. */
    static void noDelay() throws Exception {
        Result r = crawl("nodelay", 2, 500, 0, "--delay", "0");
        printCommon("2 hosts x 500 pages, no delay (target >= 200 pages/s)", r);
    }

    /** 200 hosts x 20 pages at 0.1 s delay keep >= 90% of the fetcher threads busy while work is due. */
    static void broad() throws Exception {
        int threads = 50;
        int latency = 200;
        Result r = crawl("broad", 200, 20, latency, "--delay", "0.1", "--threads", String.valueOf(threads));
        printCommon("200 hosts x 20 pages, 0.1 s delay, " + latency + " ms per response, " + threads + " threads", r);
        System.out.printf(Locale.ROOT, "  threads busy %.0f%% of the time from first fetch to last (target >= 90%%)%n",
                100 * r.web().busySeconds() / (r.web().windowSeconds() * threads));
        System.out.printf(Locale.ROOT, "  threads busy %.0f%% of what politeness allowed: at each moment, one fetch per host that"
                + " still had pages to serve, each host busy at most response/(response + delay) of the time%n",
                100 * r.web().busySeconds() / r.web().politeCapacitySeconds(threads, 0.1));
    }

    /**
     * The same 2 x 500 pages with no delay and at 0.1 s: the whole machine's CPU per page when the
     * crawl waits should be within 1.3x of the CPU per page when it does not.
     */
    static void waiting() throws Exception {
        Result fast = crawl("waiting-0", 2, 500, 0, "--delay", "0");
        printCommon("2 hosts x 500 pages, no delay", fast);
        Result slow = crawl("waiting-0.1", 2, 500, 0, "--delay", "0.1");
        printCommon("2 hosts x 500 pages, 0.1 s delay", slow);
        double fastPerPage = fast.machineCpuSeconds() / fast.web().requests();
        double slowPerPage = slow.machineCpuSeconds() / slow.web().requests();
        System.out.printf(Locale.ROOT, "  machine CPU per page: %.1f ms with no delay, %.1f ms at 0.1 s delay: ratio %.2f"
                + " (target <= 1.3)%n", fastPerPage * 1000, slowPerPage * 1000, slowPerPage / fastPerPage);
    }

    /**
     * What waiting costs. One host crawled with 45 s between fetches (--delay: a robots.txt
     * Crawl-delay over fetcher.max.crawl.delay, 30 s, would have the host skipped): between its pages nothing
     * is due (the next URL waits in the fetcher's queue), so the crawler only waits, and the 30 s window,
     * from 8 s after the first fetch, holds no fetch; and one
     * host at one page per second. The crawler process's CPU (its embedded OpenSearch node apart) should
     * stay under 0.05 of a core, and the node should see no searches or refreshes while nothing changes.
     */
    static void idle() throws Exception {
        Result waiting = crawl("idle-nothing-due", 1, 2, 0, new CpuWindow(30, 8, 100), "--delay", "150",
                "--duration", "140s");
        printCommon("1 host x 2 pages, 150 s between fetches, stopped after 140 s: nothing due after the first", waiting);
        waiting.window().print();
        Result slow = crawl("idle-1-page-per-s", 1, 160, 0, new CpuWindow(30, 30, 120), "--delay", "1");
        printCommon("1 host x 160 pages, one page per second", slow);
        slow.window().print();
    }

    /**
     * Real pages. Two documentation sites from Debian's packages (SQLite's and PostgreSQL's HTML
     * manuals), served by nginx on 127.0.0.2 and 127.0.0.3, crawled with no delay (target: 200 pages/s over
     * the fetch window, one connection per host) and at 0.1 s, with the whole machine's CPU per page.
     */
    static void docs() throws Exception {
        List<Path> roots = List.of(Path.of("/usr/share/doc/sqlite3"), Path.of("/usr/share/doc/postgresql-doc-15/html"));
        if (!roots.stream().allMatch(r -> Files.isRegularFile(r.resolve("index.html"))) || !Files.isExecutable(Path.of("/usr/sbin/nginx"))) {
            System.out.println("\n== docs: skipped: needs nginx and the documentation packages (as root: apt-get install -y"
                    + " nginx-light sqlite3-doc postgresql-doc-15)");
            return;
        }
        // BENCH_DOCS_DELAYS="0" measures the crawl without delay alone.
        String[] delays = System.getenv().getOrDefault("BENCH_DOCS_DELAYS", "0,0.1").split(",");
        double[] perPage = new double[delays.length];
        for (int i = 0; i < delays.length; i++) {
            Path dir = Files.createTempDirectory("squall-bench-docs");
            try (Nginx nginx = Nginx.start(dir.resolve("nginx"), roots)) {
                Files.write(dir.resolve("seeds.txt"), nginx.seeds());
                List<String> command = new ArrayList<>(List.of("./squall", "crawl", dir.resolve("seeds.txt").toString(),
                        "--data", dir.resolve("data").toString(), "--agent", "squall-bench", "--json", "--delay", delays[i]));
                command.addAll(extraCrawlOptions());
                System.err.println("bench docs: " + String.join(" ", command));
                long machineBefore = MachineCpu.busyTicks();
                long started = System.currentTimeMillis();
                Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
                // The slow crawl's steady pace, start and stop apart: where the ratio's cost lies.
                SteadyWindow steady = delays[i].equals("0") ? null : SteadyWindow.start(process.pid(), dir.resolve("data"), nginx, 30, 40);
                String json = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                process.waitFor();
                long exited = System.currentTimeMillis();
                double machine = MachineCpu.seconds(MachineCpu.busyTicks() - machineBefore);
                double[] log = nginx.pageRequests(); // count, first, last (epoch seconds), bytes
                double crawlerCpu = jsonNumber(json, "cpuSeconds");
                double window = log[2] - log[1];
                perPage[i] = machine / log[0];
                System.out.printf(Locale.ROOT, "%n== docs: SQLite and PostgreSQL manuals (nginx), delay %s s%n"
                        + "  %.0f page requests (%.0f KB on average) in %.1f s: %.1f pages/s over the fetch window%s%n"
                        + "  start-up: first page %.2f s after the command started; wall time exceeds the fetch window by %.2f s%n"
                        + "  CPU: machine %.1f s (%.1f ms per page), crawler process %.1f s (%.1f ms per page); exit code %d%n",
                        delays[i], log[0], log[3] / log[0] / 1024, window, log[0] / window,
                        delays[i].equals("0") ? " (target >= 200)" : "", log[1] - started / 1000.0,
                        (exited - started) / 1000.0 - window, machine, 1000 * perPage[i], crawlerCpu,
                        1000 * crawlerCpu / log[0], process.exitValue());
                if (steady != null) {
                    System.out.println(steady.report());
                }
            }
        }
        if (perPage.length == 2) {
            System.out.printf(Locale.ROOT, "  machine CPU per page at %s s over no delay: %.2f (target <= 1.3)%n",
                    delays[1], perPage[1] / perPage[0]);
        }
    }

    /**
     * A broad crawl of real pages: BENCH_BROAD_HOSTS (300) documentation sites on loopback addresses from
     * 127.0.1.1 (Python's, PostgreSQL's and SQLite's HTML manuals in turn, from Debian's packages), one nginx
     * serving them all, crawled at the default delay (1 s) up to BENCH_BROAD_PAGES (15,000) pages. Over the
     * steady part (from BENCH_BROAD_WARMUP, 20, s after the first fetch until 95% of the pages are fetched) it reports the pages
     * per second against the politeness bound and against what the machine could do at the measured CPU a
     * page, the CPU a page of the crawler process (its OpenSearch node apart), the node, nginx and the whole
     * machine, the node's writes a page, and the busiest threads of the crawler and of the node.
     */
    static void docsBroad() throws Exception {
        List<Path> sites = List.of(Path.of("/usr/share/doc/python3.11/html"), Path.of("/usr/share/doc/postgresql-doc-15/html"),
                Path.of("/usr/share/doc/sqlite3"));
        if (!sites.stream().allMatch(r -> Files.isRegularFile(r.resolve("index.html"))) || !Files.isExecutable(Path.of("/usr/sbin/nginx"))) {
            System.out.println("\n== docsbroad: skipped: needs nginx and the documentation packages (as root: apt-get install -y"
                    + " nginx-light python3.11-doc postgresql-doc-15 sqlite3-doc)");
            return;
        }
        int hosts = Integer.parseInt(System.getenv().getOrDefault("BENCH_BROAD_HOSTS", "300"));
        String maxPages = System.getenv().getOrDefault("BENCH_BROAD_PAGES", "15000");
        double delay = 1.0; // Squall's default fetcher.server.delay: no --delay given
        List<Path> roots = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            roots.add(sites.get(h % sites.size()));
            addresses.add("127.0." + (1 + h / 250) + "." + (1 + h % 250));
        }
        Path dir = Files.createTempDirectory("squall-bench-docsbroad");
        try (Nginx nginx = Nginx.start(dir.resolve("nginx"), roots, addresses)) {
            Files.write(dir.resolve("seeds.txt"), nginx.seeds());
            List<String> command = new ArrayList<>(List.of("./squall", "crawl", dir.resolve("seeds.txt").toString(),
                    "--data", dir.resolve("data").toString(), "--agent", "squall-bench", "--json", "--max-pages", maxPages));
            List<String> extra = extraCrawlOptions();
            if (!extra.contains("--conf")) {
                // The sites are copies of three manuals: with near-duplicate detection on, the copies' pages are
                // duplicates of the first three sites' and their links are not followed, so three hosts would be
                // crawled, not BENCH_BROAD_HOSTS. A --conf of BENCH_CRAWL_OPTIONS must say the same.
                Path conf = Files.writeString(dir.resolve("bench-conf.yaml"), "config:\n  dedup.enabled: false\n");
                command.addAll(List.of("--conf", conf.toString()));
            }
            command.addAll(extra);
            System.err.println("bench docsbroad: " + String.join(" ", command));
            long machineBefore = MachineCpu.busyTicks();
            long started = System.currentTimeMillis();
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            ProcessSampler sampler = ProcessSampler.start(process.pid(), nginx, dir.resolve("data"), Integer.parseInt(maxPages));
            String json = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            process.waitFor();
            long exited = System.currentTimeMillis();
            sampler.stop();
            double machine = MachineCpu.seconds(MachineCpu.busyTicks() - machineBefore);
            double[] log = nginx.pageRequests();
            System.out.printf(Locale.ROOT, "%n== docsbroad: %d documentation sites (nginx), default delay, --max-pages %s%n"
                    + "  %.0f page requests (%.0f KB on average) in %.1f s; start-up: first page %.2f s after the command;"
                    + " wall time exceeds the fetch window by %.2f s%n"
                    + "  whole command: machine %.1f s of CPU (%.1f ms a page), crawler process %.1f s (%.1f ms a page);"
                    + " peak heap %.0f MB; fetched %.0f; exit code %d%n",
                    hosts, maxPages, log[0], log[3] / log[0] / 1024, log[2] - log[1], log[1] - started / 1000.0,
                    (exited - started) / 1000.0 - (log[2] - log[1]), machine, 1000 * machine / log[0],
                    jsonNumber(json, "cpuSeconds"), 1000 * jsonNumber(json, "cpuSeconds") / log[0],
                    jsonNumber(json, "peakHeapMB"), jsonNumber(json, "fetched"), process.exitValue());
            System.out.println("  " + nginx.politeness(delay));
            System.out.println(sampler.report(hosts / delay));
        }
    }

    /**
     * Samples, every two seconds of a running crawl, the CPU ticks of the crawler process and of each of
     * its threads, of the OpenSearch node's threads (named "opensearch[...", in the crawler's JVM), of
     * nginx (its master and worker) and of the whole machine, the pages nginx served, and the node's
     * documents indexed into the status and content indices; the threads' full names come from jcmd, twice
     * (/proc keeps 15 characters of them).
     */
    static final class ProcessSampler {
        record Sample(long nanos, long pages, long machine, long crawler, long nginx, Map<Long, Long> threads,
                long[] nodeCounts) {}

        private final long pid;
        private final Nginx nginx;
        private final Path data;
        private final int maxPages;
        private final List<Sample> samples = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final Map<Long, String> names = new java.util.concurrent.ConcurrentHashMap<>();
        private final Map<Long, String> comms = new java.util.concurrent.ConcurrentHashMap<>();
        private final Thread thread;
        private volatile boolean stopped;
        private volatile long firstPageNanos = -1;

        private ProcessSampler(long pid, Nginx nginx, Path data, int maxPages) {
            this.pid = pid;
            this.nginx = nginx;
            this.data = data;
            this.maxPages = maxPages;
            this.thread = new Thread(this::run, "process-sampler");
            thread.setDaemon(true);
        }

        static ProcessSampler start(long pid, Nginx nginx, Path data, int maxPages) {
            ProcessSampler sampler = new ProcessSampler(pid, nginx, data, maxPages);
            sampler.thread.start();
            return sampler;
        }

        void stop() throws InterruptedException {
            stopped = true;
            thread.interrupt();
            thread.join();
        }

        private void run() {
            boolean namedEarly = false, namedLate = false;
            try {
                while (!stopped && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    Sample sample = take();
                    if (sample.pages() > 0 && firstPageNanos < 0) {
                        firstPageNanos = sample.nanos();
                    }
                    samples.add(sample);
                    if (!namedEarly && firstPageNanos > 0 && sample.nanos() - firstPageNanos > 20e9) {
                        namedEarly = name();
                    } else if (!namedLate && sample.pages() > 0.8 * maxPages) {
                        namedLate = name();
                    }
                    Thread.sleep(2000);
                }
            } catch (InterruptedException | java.nio.file.NoSuchFileException e) {
                // the crawl ended
            } catch (Exception e) {
                System.err.println("bench: sampling failed: " + e);
            }
        }

        private Sample take() throws IOException {
            Map<Long, Long> threads = new java.util.HashMap<>();
            try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
                for (Path task : (Iterable<Path>) tasks::iterator) {
                    try {
                        long tid = Long.parseLong(task.getFileName().toString());
                        if (!comms.containsKey(tid)) {
                            comms.put(tid, Files.readString(task.resolve("comm")).strip());
                        }
                        threads.put(tid, CpuSample.cpuTicks(task.resolve("stat")));
                    } catch (IOException | RuntimeException e) {
                        // the thread ended meanwhile
                    }
                }
            }
            long nginxTicks = 0;
            for (ProcessHandle p : (Iterable<ProcessHandle>) java.util.stream.Stream.concat(Stream.of(nginx.process.toHandle()),
                    nginx.process.toHandle().descendants())::iterator) {
                try {
                    nginxTicks += CpuSample.cpuTicks(Path.of("/proc/" + p.pid() + "/stat"));
                } catch (IOException e) {
                    // gone
                }
            }
            return new Sample(System.nanoTime(), nginx.pageCount(), MachineCpu.busyTicks(),
                    CpuSample.cpuTicks(Path.of("/proc/" + pid + "/stat")), nginxTicks, threads, nodeCounts());
        }

        /** Reads the threads' names from jcmd Thread.print ("name" ... nid=0x1a2b or nid=6699); true when it did. */
        private boolean name() {
            try {
                Process jcmd = new ProcessBuilder("jcmd", String.valueOf(pid), "Thread.print").redirectErrorStream(true).start();
                String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                jcmd.waitFor();
                Matcher m = Pattern.compile("(?m)^\"(.*)\" .* nid=(0x[0-9a-f]+|\\d+) ").matcher(out);
                while (m.find()) {
                    String nid = m.group(2);
                    names.put(nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid), m.group(1));
                }
                return true;
            } catch (IOException | InterruptedException e) {
                return false;
            }
        }

        /**
         * [status documents indexed, content documents indexed, searches, refreshes] so far, or null when the
         * node cannot be asked.
         */
        private long[] nodeCounts() {
            try {
                String address = Files.readString(data.resolve("opensearch.address")).strip();
                long[] counts = new long[4];
                String[] indices = {"status", "content"};
                for (int i = 0; i < 2; i++) {
                    String all = allOf(address + "/" + indices[i] + "/_stats/indexing");
                    counts[i] = CpuSample.number(all, "\"index_total\":(\\d+)");
                }
                String all = allOf(address + "/_stats/search,refresh");
                counts[2] = CpuSample.number(all, "\"query_total\":(\\d+)");
                counts[3] = CpuSample.number(all, "\"refresh\":\\{\"total\":(\\d+)");
                return counts;
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }

        /** The "_all" part of a _stats answer. */
        private static String allOf(String url) throws IOException {
            var connection = (java.net.HttpURLConnection) java.net.URI.create(url).toURL().openConnection();
            String json = new String(connection.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return json.substring(json.indexOf("\"_all\""));
        }

        /**
         * The steady part: from BENCH_BROAD_WARMUP (20) seconds after the first page until the last sample
         * before 95% of the pages. A later start leaves the JIT compilers' warm-up out of a long crawl's figures.
         */
        String report(double politenessBound) {
            double warmUpNanos = Double.parseDouble(System.getenv().getOrDefault("BENCH_BROAD_WARMUP", "20")) * 1e9;
            List<Sample> all = new ArrayList<>(samples);
            if (all.isEmpty() || firstPageNanos < 0) {
                return "  steady part: not measured (no sample)";
            }
            long finalPages = all.get(all.size() - 1).pages();
            Sample from = null, to = null;
            for (Sample s : all) {
                if (from == null && s.nanos() - firstPageNanos >= warmUpNanos) {
                    from = s;
                }
                if (from != null && s.pages() < 0.95 * finalPages) {
                    to = s;
                }
            }
            if (from == null || to == null || to.nanos() - from.nanos() < 10e9) {
                return "  steady part: not measured (the crawl was too short)";
            }
            double seconds = (to.nanos() - from.nanos()) / 1e9;
            double pages = to.pages() - from.pages();
            // Each thread's ticks from the window's start (0 if born later) to its last sample in the window:
            // threads that end (Lucene's merges, the JIT compiler's) are counted up to their last sample.
            Map<Long, Long> lastTicks = new java.util.HashMap<>();
            for (Sample s : all.subList(all.indexOf(from), all.indexOf(to) + 1)) {
                lastTicks.putAll(s.threads());
            }
            Map<Long, Long> threadTicks = new java.util.HashMap<>();
            long nodeTicks = 0;
            for (var e : lastTicks.entrySet()) {
                long ticks = e.getValue() - from.threads().getOrDefault(e.getKey(), 0L);
                threadTicks.put(e.getKey(), ticks);
                if (isNode(e.getKey())) {
                    nodeTicks += ticks;
                }
            }
            double ms = 1000 / (MachineCpu.TICKS_PER_SECOND * pages); // ms a page of one tick
            long crawler = to.crawler() - from.crawler() - nodeTicks;
            long nginxTicks = to.nginx() - from.nginx();
            long machine = to.machine() - from.machine();
            double own = (crawler + nodeTicks + nginxTicks) * ms;
            double canDo = 1000.0 * Runtime.getRuntime().availableProcessors() / own;
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                    "  steady part: %.0f s from %.0f s after the first page, %.0f pages: %.1f pages/s; politeness bound %.0f"
                    + " pages/s; what the machine could do at the crawl's own CPU a page (crawler, node and nginx: %.1f ms"
                    + " on %d cores) %.0f pages/s; pace %.0f%% of the smaller (target >= 90%%)%n"
                    + "  CPU a page: crawler process %.2f ms without its OpenSearch node, the node %.2f ms, nginx %.2f ms;"
                    + " the whole machine %.2f ms (busy %.0f%%, other processes included)%n",
                    seconds, (from.nanos() - firstPageNanos) / 1e9, pages, pages / seconds, politenessBound, own,
                    Runtime.getRuntime().availableProcessors(), canDo, 100 * pages / seconds / Math.min(politenessBound, canDo),
                    crawler * ms, nodeTicks * ms, nginxTicks * ms, machine * ms,
                    100 * machine / MachineCpu.TICKS_PER_SECOND / seconds / Runtime.getRuntime().availableProcessors()));
            if (from.nodeCounts() != null && to.nodeCounts() != null) {
                long[] a = from.nodeCounts(), b = to.nodeCounts();
                out.append(String.format(Locale.ROOT, "  the node indexed %.2f status and %.2f content documents a page,"
                        + " answered %.3f searches and made %.3f refreshes a page%n", (b[0] - a[0]) / pages,
                        (b[1] - a[1]) / pages, (b[2] - a[2]) / pages, (b[3] - a[3]) / pages));
            }
            for (boolean node : new boolean[] {false, true}) {
                Map<String, Long> byName = new java.util.TreeMap<>();
                threadTicks.forEach((tid, ticks) -> {
                    String name = name(tid);
                    if (isNode(tid) == node) {
                        byName.merge(name.replaceAll("\\d+", "N"), ticks, Long::sum);
                    }
                });
                out.append(node ? "  the node's busiest threads (ms a page):" : "  the crawler's busiest threads (ms a page):");
                byName.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(12)
                        .forEach(e -> out.append(String.format(Locale.ROOT, " %s %.2f;", e.getKey(), e.getValue() * ms)));
                out.append('\n');
            }
            return out.toString().stripTrailing();
        }

        private String name(long tid) {
            return names.getOrDefault(tid, comms.getOrDefault(tid, "?") + " (ended)");
        }

        /** An OpenSearch node's thread: its name (15 characters of it in /proc) starts with "opensearch[". */
        private boolean isNode(long tid) {
            return comms.getOrDefault(tid, "").startsWith("opensearch[");
        }
    }

    /** BENCH_CRAWL_OPTIONS, split: options added to every scenario's crawls. */
    static List<String> extraCrawlOptions() {
        String extra = System.getenv().getOrDefault("BENCH_CRAWL_OPTIONS", "").strip();
        return extra.isEmpty() ? List.of() : List.of(extra.split("\\s+"));
    }

    /** A number of the crawl's --json summary, NaN when absent. */
    static double jsonNumber(String summaryJson, String field) {
        Matcher m = Pattern.compile("\"" + field + "\":\"?([-0-9.TZ:]+)").matcher(summaryJson);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    static void printCommon(String title, Result r) {
        Stats w = r.web();
        System.out.printf(Locale.ROOT, "%n== %s%n  %d requests in %.1f s: %.1f pages/s (server side, first fetch to last)%n",
                title, w.requests(), w.windowSeconds(), w.requests() / w.windowSeconds());
        System.out.println("  pages per second, second by second: " + w.pagesPerSecond());
        System.out.println("  " + w.hostSpread());
        long stopped = r.epochMillis("stoppedAt");
        System.out.printf(Locale.ROOT, "  stop decided %.2f s after the last fetch; process exited %.2f s after it; exit code %d%n",
                (stopped - w.lastEndEpochMillis()) / 1000.0, (r.exitEpochMillis() - w.lastEndEpochMillis()) / 1000.0,
                r.exitCode());
        System.out.printf(Locale.ROOT, "  start-up: first request %.2f s after the command started, %.1f s of machine CPU"
                + " before it; the command's wall time exceeds the fetch window by %.2f s (target: first page within"
                + " 5 s, overhead <= 8 s)%n", (w.firstStartEpochMillis() - r.startEpochMillis()) / 1000.0,
                r.startUpCpuSeconds(),
                (r.exitEpochMillis() - r.startEpochMillis()) / 1000.0 - w.windowSeconds());
        System.out.printf(Locale.ROOT, "  CPU: machine %.1f s (%.1f ms per page), crawler process %.1f s (%.1f ms per page)%n",
                r.machineCpuSeconds(), 1000 * r.machineCpuSeconds() / Math.max(1, w.requests()), r.number("cpuSeconds"),
                1000 * r.number("cpuSeconds") / Math.max(1, w.requests()));
        System.out.printf(Locale.ROOT, "  summary: fetched %.0f, status %s%n", r.number("fetched"),
                r.summaryJson().replaceAll(".*\"status\":(\\{[^}]*\\}).*", "$1"));
    }

    static Result crawl(String name, int hosts, int pages, int latencyMillis, String... options) throws Exception {
        return crawl(name, hosts, pages, latencyMillis, null, options);
    }

    static Result crawl(String name, int hosts, int pages, int latencyMillis, CpuWindow window, String... options)
            throws Exception {
        Path dir = Files.createTempDirectory("squall-bench-" + name);
        Web web = new Web(hosts, pages, latencyMillis);
        List<String> seeds = web.start();
        try {
            Path seedFile = dir.resolve("seeds.txt");
            Files.write(seedFile, seeds);
            List<String> command = new ArrayList<>(List.of("./squall", "crawl", seedFile.toString(), "--data",
                    dir.resolve("data").toString(), "--agent", "squall-bench", "--json"));
            command.addAll(List.of(options));
            // More crawl options for every scenario, e.g. BENCH_CRAWL_OPTIONS="--conf my-settings.yaml".
            command.addAll(extraCrawlOptions());
            System.err.println("bench " + name + ": " + String.join(" ", command));
            long machineBefore = MachineCpu.busyTicks();
            long started = System.currentTimeMillis();
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Thread sampler = null;
            if (window != null) {
                sampler = new Thread(() -> window.measure(process.pid(), web, dir.resolve("data")), "cpu-window");
                sampler.setDaemon(true);
                sampler.start();
            }
            String json = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!process.waitFor(30, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
            long exited = System.currentTimeMillis();
            double machineCpu = MachineCpu.seconds(MachineCpu.busyTicks() - machineBefore);
            if (sampler != null) {
                sampler.join(5_000);
            }
            long firstRequestTicks = web.machineTicksAtFirstRequest.get();
            double startUpCpu = firstRequestTicks < 0 ? Double.NaN : MachineCpu.seconds(firstRequestTicks - machineBefore);
            return new Result(web.stats(), json, exited, process.exitValue(), machineCpu, started, window, startUpCpu);
        } finally {
            web.stop();
        }
    }

    /**
     * The benchmark's web: HOSTS sites on 127.0.0.2, 127.0.0.3, ... (one port for all), each of PAGES pages
     * of about 10 KB of article-like HTML, linked as a tree from "/" (every page a few links from its
     * site's root) plus links to other pages of the same site and of other sites. Pages are rendered once,
     * before the crawl, so that serving one costs the test server almost nothing: it shares the machine's
     * two cores with the crawler, which is what is measured (rendered on the fly, a page took the server
     * 5 ms of a busy machine). An optional latency is added to every response.
     */
    static class Web {
        static final String[] WORDS = ("the crawler fetches pages from many hosts while keeping each host polite and its"
                + " frontier in a status index where every url waits until its next fetch date comes a storm topology"
                + " partitions urls by host so that one queue holds all of a host's work and the fetcher threads take"
                + " turns between queues parsing extracts links text and metadata which go back to the index as new"
                + " discoveries or to the content index as documents search engines archives and researchers use such"
                + " crawls to study the web measure change and build collections of pages about a subject").split(" ");

        final int hosts;
        final int pages;
        final int latencyMillis;
        volatile int port;
        final List<ServerSocket> servers = new ArrayList<>();
        ExecutorService pool;
        final AtomicLong requests = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong busyNanos = new AtomicLong();
        final LongAccumulator firstStart = new LongAccumulator(Math::min, Long.MAX_VALUE);
        /** The whole machine's busy CPU ticks when the first request came: what the crawl's start-up cost. */
        final AtomicLong machineTicksAtFirstRequest = new AtomicLong(-1);
        final LongAccumulator lastEnd = new LongAccumulator(Math::max, Long.MIN_VALUE);
        final long[] lastStartByHost;
        final long[] minGapByHost;
        final long[] lastPageEndByHost; // when each host served its last page so far
        final long[] firstPageStartByHost; // when each host was first asked for a page
        byte[][][] rendered; // every page of every host, by host and page number
        /** Pages served per second since the first request, to see how a crawl ramps up and tails off. */
        final java.util.concurrent.atomic.AtomicLongArray pagesPerSecond = new java.util.concurrent.atomic.AtomicLongArray(3600);

        Web(int hosts, int pages, int latencyMillis) {
            this.hosts = hosts;
            this.pages = pages;
            this.latencyMillis = latencyMillis;
            this.lastStartByHost = new long[hosts];
            this.minGapByHost = new long[hosts];
            this.lastPageEndByHost = new long[hosts];
            this.firstPageStartByHost = new long[hosts];
            java.util.Arrays.fill(minGapByHost, Long.MAX_VALUE);
        }

        /** Starts the sites and returns their roots, the seeds. */
        List<String> start() throws IOException {
            pool = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "web");
                t.setDaemon(true);
                return t;
            });
            List<String> roots = new ArrayList<>();
            for (int h = 0; h < hosts; h++) {
                InetAddress address = InetAddress.getByAddress(new byte[] {127, 0, (byte) ((h + 2) / 250), (byte) ((h + 2) % 250)});
                ServerSocket server = new ServerSocket();
                server.bind(new InetSocketAddress(address, port), 512);
                port = server.getLocalPort(); // every host on the same port
                servers.add(server);
                roots.add("http://" + address.getHostAddress() + ":" + port + "/");
            }
            rendered = new byte[hosts][pages][]; // the links to other sites need the port
            for (int h = 0; h < hosts; h++) {
                for (int p = 0; p < pages; p++) {
                    rendered[h][p] = page(h, p).getBytes(StandardCharsets.UTF_8);
                }
            }
            for (int h = 0; h < hosts; h++) {
                int host = h;
                ServerSocket server = servers.get(h);
                pool.execute(() -> accept(server, host));
            }
            return roots;
        }

        void stop() {
            for (ServerSocket server : servers) {
                try {
                    server.close();
                } catch (IOException e) {
                    // stopping anyway
                }
            }
            pool.shutdownNow();
        }

        void accept(ServerSocket server, int host) {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    pool.execute(() -> connection(socket, host));
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        /**
         * One keep-alive connection, served by one thread that reads each request and writes its answer in
         * one write, as nginx does: a request costs the server one wake-up, not a hand-over between threads
         * (the JDK's built-in server dispatches every request to a second thread, and each hand-over waits
         * for a core while the crawler keeps both busy).
         */
        void connection(Socket socket, int host) {
            try (socket; InputStream in = new BufferedInputStream(socket.getInputStream()); OutputStream out = socket.getOutputStream()) {
                socket.setTcpNoDelay(true);
                String requestLine;
                while ((requestLine = readLine(in)) != null) {
                    boolean close = false;
                    String header;
                    while ((header = readLine(in)) != null && !header.isEmpty()) {
                        if (header.regionMatches(true, 0, "connection:", 0, 11) && header.toLowerCase(Locale.ROOT).contains("close")) {
                            close = true;
                        }
                    }
                    String[] parts = requestLine.split(" ");
                    String target = parts.length > 1 ? parts[1] : "/";
                    int query = target.indexOf('?');
                    serve(target.substring(0, query < 0 ? target.length() : query), host, out);
                    if (close || header == null) {
                        return;
                    }
                }
            } catch (IOException e) {
                // the crawler closed the connection
            }
        }

        static String readLine(InputStream in) throws IOException {
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\n') {
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return c == -1 && line.length() == 0 ? null : line.toString();
        }

        void serve(String path, int host, OutputStream out) throws IOException {
            long start = System.nanoTime();
            synchronized (this) {
                long last = lastStartByHost[host];
                if (last != 0) {
                    minGapByHost[host] = Math.min(minGapByHost[host], start - last);
                }
                lastStartByHost[host] = start;
            }
            firstStart.accumulate(start);
            if (machineTicksAtFirstRequest.get() < 0) {
                machineTicksAtFirstRequest.compareAndSet(-1, MachineCpu.busyTicks());
            }
            byte[] body;
            int status = 200;
            String type = "text/html; charset=utf-8";
            if (path.equals("/robots.txt")) {
                body = "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8);
                type = "text/plain";
            } else {
                int page = pageOf(path);
                if (page < 0) {
                    status = 404;
                    body = "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8);
                } else {
                    body = rendered[host][page];
                }
            }
            if (latencyMillis > 0) {
                try {
                    Thread.sleep(latencyMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            ByteArrayOutputStream response = new ByteArrayOutputStream(body.length + 128);
            response.write(("HTTP/1.1 " + status + (status == 200 ? " OK" : " Not Found") + "\r\nContent-Type: " + type
                    + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            response.write(body);
            response.writeTo(out);
            out.flush();
            long end = System.nanoTime();
            if (!path.equals("/robots.txt")) {
                requests.incrementAndGet(); // pages only
                synchronized (this) {
                    lastPageEndByHost[host] = end;
                    if (firstPageStartByHost[host] == 0) {
                        firstPageStartByHost[host] = start;
                    }
                }
                pagesPerSecond.incrementAndGet((int) Math.min(3599, (end - firstStart.get()) / 1_000_000_000L));
            }
            bytes.addAndGet(body.length);
            busyNanos.addAndGet(end - start);
            lastEnd.accumulate(end);
        }

        int pageOf(String path) {
            if (path.equals("/")) {
                return 0;
            }
            if (path.startsWith("/p/") && path.endsWith(".html")) {
                try {
                    int n = Integer.parseInt(path.substring(3, path.length() - 5));
                    return n >= 0 && n < pages ? n : -1;
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
            return -1;
        }

        String url(int host, int page) {
            return page == 0 ? "/" : "/p/" + page + ".html";
        }

        String page(int host, int page) {
            Random random = new Random(host * 1_000_003L + page);
            StringBuilder s = new StringBuilder(12_000);
            s.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Site ").append(host)
                    .append(" - article ").append(page).append("</title>\n<meta name=\"description\" content=\"")
                    .append(sentence(random, 20)).append("\">\n</head>\n<body>\n")
                    .append("<header><nav><a href=\"/\">Home</a> | <a href=\"/p/1.html\">About</a> | <a href=\"/private/admin\">Admin</a></nav></header>\n")
                    .append("<main><article><h1>").append(sentence(random, 6)).append("</h1>\n");
            while (s.length() < 9_000) {
                s.append("<h2>").append(sentence(random, 4)).append("</h2>\n");
                for (int p = 0; p < 3; p++) {
                    s.append("<p>").append(sentence(random, 60)).append(" <a href=\"")
                            .append(url(host, random.nextInt(pages))).append("\">").append(sentence(random, 3))
                            .append("</a>.</p>\n");
                }
            }
            s.append("</article>\n<aside><h2>Read next</h2><ul>\n");
            for (int child = page * 10 + 1; child <= page * 10 + 10 && child < pages; child++) {
                s.append("<li><a href=\"").append(url(host, child)).append("\">Article ").append(child).append("</a></li>\n");
            }
            for (int i = 0; i < 2 && hosts > 1; i++) {
                int other = (host + 1 + random.nextInt(hosts - 1)) % hosts;
                s.append("<li><a href=\"http://127.0.").append((other + 2) / 250).append('.').append((other + 2) % 250)
                        .append(':').append(port).append(url(other, random.nextInt(pages))).append("\">Elsewhere</a></li>\n");
            }
            s.append("</ul></aside></main>\n<footer><p>").append(sentence(random, 12)).append("</p></footer>\n</body></html>\n");
            return s.toString();
        }

        static String sentence(Random random, int words) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < words; i++) {
                String w = WORDS[random.nextInt(WORDS.length)];
                s.append(i == 0 ? Character.toUpperCase(w.charAt(0)) + w.substring(1) : " " + w);
            }
            return s.toString();
        }

        synchronized Stats stats() {
            long minGap = Long.MAX_VALUE;
            for (long g : minGapByHost) {
                minGap = Math.min(minGap, g);
            }
            long nowNanos = System.nanoTime();
            long nowMillis = System.currentTimeMillis();
            return new Stats(requests.get(), bytes.get(), (lastEnd.get() - firstStart.get()) / 1e9, busyNanos.get() / 1e9,
                    minGap == Long.MAX_VALUE ? -1 : minGap / 1e6,
                    nowMillis - (nowNanos - firstStart.get()) / 1_000_000, nowMillis - (nowNanos - lastEnd.get()) / 1_000_000,
                    timeline(), firstStart.get(), lastPageEndByHost.clone(), firstPageStartByHost.clone());
        }

        List<Long> timeline() {
            List<Long> perSecond = new ArrayList<>();
            int seconds = (int) Math.min(3600, (lastEnd.get() - firstStart.get()) / 1_000_000_000L + 1);
            for (int i = 0; i < seconds; i++) {
                perSecond.add(pagesPerSecond.get(i));
            }
            return perSecond;
        }
    }

    /** The whole machine's busy CPU time, from the first line of /proc/stat (all cores; idle and iowait apart). */
    static final class MachineCpu {
        static final double TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

        static long busyTicks() {
            try {
                String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long busy = 0;
                for (int i = 1; i < f.length && i <= 8; i++) {
                    if (i != 4 && i != 5) { // idle, iowait
                        busy += Long.parseLong(f[i]);
                    }
                }
                return busy;
            } catch (IOException e) {
                return 0;
            }
        }

        static double seconds(long ticks) {
            return ticks / TICKS_PER_SECOND;
        }
    }

    /**
     * CPU per page over a window of a running docs crawl, from {@code after} seconds after the command started,
     * for {@code seconds}: the machine's, the crawler process's (its OpenSearch node's threads apart too), and
     * the node's searches and refreshes per page (from its address published in the crawl's data directory).
     * Pages are counted in nginx's log.
     */
    static final class SteadyWindow {
        private final Thread thread;
        private volatile String report = "  steady window: not measured (the crawl ended before it)";

        private SteadyWindow(long pid, Path data, Nginx nginx, int after, int seconds) {
            thread = new Thread(() -> measure(pid, data, nginx, after, seconds), "steady-window");
            thread.setDaemon(true);
        }

        static SteadyWindow start(long pid, Path data, Nginx nginx, int after, int seconds) {
            SteadyWindow window = new SteadyWindow(pid, data, nginx, after, seconds);
            window.thread.start();
            return window;
        }

        String report() throws InterruptedException {
            thread.join();
            return report;
        }

        private void measure(long pid, Path data, Nginx nginx, int after, int seconds) {
            try {
                Thread.sleep(after * 1000L);
                double pagesBefore = nginx.pageRequests()[0];
                CpuSample before = CpuSample.take(pid, data);
                Thread.sleep(seconds * 1000L);
                CpuSample end = CpuSample.take(pid, data);
                double pages = nginx.pageRequests()[0] - pagesBefore;
                if (pages <= 0 || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    return;
                }
                long[] node = end.nodeCountsSince(before);
                report = String.format(Locale.ROOT, "  steady window of %d s from %d s after the start (%.0f pages):"
                        + " machine %.1f ms a page, crawler process %.1f ms without its OpenSearch node, the node %.1f ms;"
                        + " the node's searches and refreshes a page: %s",
                        seconds, after, pages, 1000 * MachineCpu.seconds(end.machine() - before.machine()) / pages,
                        1000 * MachineCpu.seconds(end.crawler() - before.crawler()) / pages,
                        1000 * MachineCpu.seconds(end.node() - before.node()) / pages,
                        node == null ? "?" : String.format(Locale.ROOT, "%.2f and %.2f", node[0] / pages, node[1] / pages));
            } catch (Exception e) {
                report = "  steady window: not measured (" + e + ")";
            }
        }
    }

    /**
     * CPU ticks at one moment: the crawler process's threads (its embedded OpenSearch node's threads, named
     * "opensearch[...", counted apart), the whole machine's, and the node's [searches, refreshes] so far
     * (null when the node cannot be asked).
     */
    record CpuSample(long crawler, long node, long machine, long[] nodeCounts) {
        static CpuSample take(long pid, Path dataDir) throws IOException {
            long[] process = processTicks(pid);
            return new CpuSample(process[0], process[1], MachineCpu.busyTicks(), nodeCounts(dataDir));
        }

        /** The node's searches and refreshes since {@code before}, or null when either count is unknown. */
        long[] nodeCountsSince(CpuSample before) {
            return nodeCounts == null || before.nodeCounts == null ? null
                    : new long[] {nodeCounts[0] - before.nodeCounts[0], nodeCounts[1] - before.nodeCounts[1]};
        }

        /**
         * CPU ticks of the process: [everything but the OpenSearch node, the node]. The process's own count
         * keeps the CPU of threads that ended (the JIT compiler's come and go), which a sum over the threads
         * alive at each end of a window loses; the node's share is the sum over its threads (its pools keep them).
         */
        private static long[] processTicks(long pid) throws IOException {
            long node = 0;
            try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
                for (Path task : (Iterable<Path>) tasks::iterator) {
                    try {
                        if (Files.readString(task.resolve("comm")).strip().startsWith("opensearch[")) {
                            node += cpuTicks(task.resolve("stat"));
                        }
                    } catch (IOException | RuntimeException e) {
                        // the thread ended meanwhile
                    }
                }
            }
            return new long[] {cpuTicks(Path.of("/proc/" + pid + "/stat")) - node, node};
        }

        /** User and system ticks of a /proc stat file (a process's or a thread's). */
        static long cpuTicks(Path stat) throws IOException {
            String text = Files.readString(stat);
            String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        }

        /** [searches, refreshes] of all indices, or null when the node cannot be asked. */
        private static long[] nodeCounts(Path dataDir) {
            try {
                String address = Files.readString(dataDir.resolve("opensearch.address")).strip();
                var connection = (java.net.HttpURLConnection) java.net.URI.create(address
                        + "/_stats/search,refresh").toURL().openConnection();
                String json = new String(connection.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                String all = json.substring(json.indexOf("\"_all\""));
                return new long[] {number(all, "\"query_total\":(\\d+)"), number(all, "\"refresh\":\\{\"total\":(\\d+)")};
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }

        static long number(String json, String regex) {
            Matcher m = Pattern.compile(regex).matcher(json);
            return m.find() ? Long.parseLong(m.group(1)) : -1;
        }
    }

    /**
     * CPU use over windows of a running crawl ({@link CpuSample}s at each one's ends), each from some seconds
     * after its first fetch (an early one, while the JIT compiler still compiles what a slow crawl runs, and a
     * later one, what a long crawl pays): the crawler process's threads, its OpenSearch node's apart, the whole
     * machine, and the node's searches and refreshes in that time (from its _stats, at the address the crawl
     * publishes under its data directory).
     */
    static final class CpuWindow {
        final int[] afterFirstFetchSeconds;
        final int seconds;
        final String[] reports;

        CpuWindow(int seconds, int... afterFirstFetchSeconds) {
            this.afterFirstFetchSeconds = afterFirstFetchSeconds;
            this.seconds = seconds;
            this.reports = new String[afterFirstFetchSeconds.length];
            Arrays.fill(reports, "  CPU window: not measured (the crawl ended before it)");
        }

        void print() {
            for (String report : reports) {
                System.out.println(report);
            }
        }

        void measure(long pid, Web web, Path dataDir) {
            int window = 0;
            try {
                while (web.firstStart.get() == Long.MAX_VALUE) {
                    Thread.sleep(100);
                }
                for (; window < afterFirstFetchSeconds.length; window++) {
                    reports[window] = measureOne(pid, web, dataDir, afterFirstFetchSeconds[window]);
                }
            } catch (Exception e) {
                reports[window] = "  CPU window: not measured (" + e + ")"; // the window that failed, not the last
            }
        }

        private String measureOne(long pid, Web web, Path dataDir, int after) throws Exception {
            long wait = after * 1_000_000_000L - (System.nanoTime() - web.firstStart.get());
            Thread.sleep(Math.max(0, wait / 1_000_000));
            CpuSample before = CpuSample.take(pid, dataDir);
            long requestsBefore = web.requests.get();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            CpuSample end = CpuSample.take(pid, dataDir);
            double wall = (System.nanoTime() - t0) / 1e9;
            long[] node = end.nodeCountsSince(before);
            return String.format(Locale.ROOT, "  CPU window of %.0f s from %d s after the first fetch (%d pages in it):"
                    + " crawler process %.3f cores without its OpenSearch node (target <= 0.05), the node %.3f cores,"
                    + " the machine %.3f cores; the node answered %s searches and %s refreshes in it",
                    wall, after, web.requests.get() - requestsBefore,
                    MachineCpu.seconds(end.crawler() - before.crawler()) / wall,
                    MachineCpu.seconds(end.node() - before.node()) / wall,
                    MachineCpu.seconds(end.machine() - before.machine()) / wall,
                    node == null ? "?" : String.valueOf(node[0]), node == null ? "?" : String.valueOf(node[1]));
        }
    }

    /** nginx serving directories on 127.0.0.2, 127.0.0.3, ... (one port), with a log of every request's time. */
    static final class Nginx implements AutoCloseable {
        final Process process;
        final Path log;
        final List<String> seeds;

        private Nginx(Process process, Path log, List<String> seeds) {
            this.process = process;
            this.log = log;
            this.seeds = seeds;
        }

        static Nginx start(Path prefix, List<Path> roots) throws Exception {
            List<String> addresses = new ArrayList<>();
            for (int i = 0; i < roots.size(); i++) {
                addresses.add("127.0.0." + (i + 2));
            }
            return start(prefix, roots, addresses);
        }

        /** One site a loopback address, serving roots.get(i) on addresses.get(i), every one on the same port. */
        static Nginx start(Path prefix, List<Path> roots, List<String> addresses) throws Exception {
            Files.createDirectories(prefix.resolve("logs"));
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(addresses.get(0)))) {
                port = probe.getLocalPort();
            }
            StringBuilder conf = new StringBuilder("daemon off; worker_processes 1; worker_rlimit_nofile 16384; error_log "
                    + prefix.resolve("logs/error.log") + "; pid " + prefix.resolve("nginx.pid") + ";\n"
                    + "events { worker_connections 8192; }\nhttp {\n"
                    + "  include /etc/nginx/mime.types;"
                    + " log_format timed '$msec $status $body_bytes_sent $server_addr $request_time $request_uri';\n"
                    + "  access_log " + prefix.resolve("logs/access.log") + " timed;\n"
                    + "  client_body_temp_path " + prefix + "/tmp; proxy_temp_path " + prefix + "/tmp;"
                    + " fastcgi_temp_path " + prefix + "/tmp; uwsgi_temp_path " + prefix + "/tmp; scgi_temp_path " + prefix + "/tmp;\n");
            List<String> seeds = new ArrayList<>();
            for (int i = 0; i < roots.size(); i++) {
                String address = addresses.get(i);
                conf.append("  server { listen ").append(address).append(':').append(port).append("; root ")
                        .append(roots.get(i).toRealPath()).append("; }\n");
                seeds.add("http://" + address + ":" + port + "/index.html");
            }
            conf.append("}\n");
            Files.createDirectories(prefix.resolve("tmp"));
            Path confFile = prefix.resolve("nginx.conf");
            Files.writeString(confFile, conf);
            Process process = new ProcessBuilder("/usr/sbin/nginx", "-p", prefix.toString(), "-c", confFile.toString())
                    .redirectErrorStream(true).redirectOutput(prefix.resolve("logs/stdout.log").toFile()).start();
            for (int tries = 0; ; tries++) { // until it listens
                try (Socket socket = new Socket(addresses.get(0), port)) {
                    break;
                } catch (IOException e) {
                    if (!process.isAlive() || tries > 50) {
                        process.destroy();
                        throw new IOException("nginx did not start: " + Files.readString(prefix.resolve("logs/stdout.log")));
                    }
                    Thread.sleep(100);
                }
            }
            return new Nginx(process, prefix.resolve("logs/access.log"), seeds);
        }

        List<String> seeds() {
            return seeds;
        }

        private long logOffset;
        private long logPages;

        /** Page requests so far (robots.txt apart), read from where the last call stopped. */
        synchronized long pageCount() throws IOException {
            if (!Files.exists(log)) {
                return 0;
            }
            try (var file = new java.io.RandomAccessFile(log.toFile(), "r")) {
                file.seek(logOffset);
                byte[] chunk = new byte[(int) Math.min(Integer.MAX_VALUE - 8, file.length() - logOffset)];
                file.readFully(chunk);
                int lineStart = 0;
                for (int i = 0; i < chunk.length; i++) {
                    if (chunk[i] == '\n') {
                        String line = new String(chunk, lineStart, i - lineStart, StandardCharsets.UTF_8);
                        String[] f = line.split(" ", 6);
                        if (f.length == 6 && !f[5].startsWith("/robots.txt")) {
                            logPages++;
                        }
                        lineStart = i + 1;
                    }
                }
                logOffset += lineStart;
            }
            return logPages;
        }

        /**
         * Politeness as nginx saw it: for each host (server address), the smallest time between the end of
         * one answer and the start of the next (robots.txt included), and how many were under the delay.
         */
        String politeness(double delay) throws IOException {
            Map<String, List<double[]>> byHost = new java.util.HashMap<>();
            for (String line : Files.readAllLines(log)) {
                String[] f = line.split(" ", 6);
                if (f.length == 6) {
                    double end = Double.parseDouble(f[0]);
                    byHost.computeIfAbsent(f[3], k -> new ArrayList<>()).add(new double[] {end - Double.parseDouble(f[4]), end});
                }
            }
            double minGap = Double.MAX_VALUE;
            long gaps = 0, under = 0;
            for (List<double[]> requests : byHost.values()) {
                requests.sort((a, b) -> Double.compare(a[0], b[0]));
                for (int i = 1; i < requests.size(); i++) {
                    double gap = requests.get(i)[0] - requests.get(i - 1)[1];
                    minGap = Math.min(minGap, gap);
                    gaps++;
                    under += gap < delay - 0.002 ? 1 : 0;
                }
            }
            return String.format(Locale.ROOT, "politeness (nginx's log, ms resolution): %d hosts served; smallest gap between"
                    + " one answer's end and the next request's start on one host %.3f s; %d of %d gaps under %.1f s",
                    byHost.size(), minGap, under, gaps, delay);
        }

        /** Page requests (robots.txt apart): their count, the first and the last (epoch seconds), and their bytes. */
        double[] pageRequests() throws IOException {
            double count = 0, first = Double.MAX_VALUE, last = 0, bytes = 0;
            for (String line : Files.readAllLines(log)) {
                String[] f = line.split(" ", 6);
                if (f.length == 6 && !f[5].startsWith("/robots.txt")) {
                    double at = Double.parseDouble(f[0]);
                    count++;
                    first = Math.min(first, at);
                    last = Math.max(last, at);
                    bytes += Double.parseDouble(f[2]);
                }
            }
            return new double[] {count, first, last, bytes};
        }

        @Override
        public void close() {
            process.destroy();
        }
    }
}
