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
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A changing web and what a crawl keeps fresh of it (issue #40): `bench/run changing [SCHEDULER...]`.
 *
 * <p>HOSTS sites on loopback (127.0.0.2, 127.0.0.3, ...), PAGES pages each, every page changing as a Poisson
 * process at a rate of its own. With SECTIONS (the default) a site is a sectioned one ({@link Layout}): its
 * pages sit in /live/, /news/#/, /shop/ and /archive/#/, each page's rate drawn log-normally around its
 * section's (sections from a change every 30 real seconds to one every two real days), half of each
 * section's pages there at the start and the rest published over the first third of the crawl, found through
 * the section index pages and every page's "latest" links. With SECTIONS=0, the flat web of the earlier
 * measurements: /p/N.html, every page linked from "/", rates drawn log-uniformly between one change every
 * FASTEST seconds and one every SLOWEST seconds. Change times are drawn from the seed before the crawl, so
 * the server knows every page's version at every moment, and logs, for every page request, the version it
 * served (a 304 leaves the crawler's copy as it was). After a crawl of DURATION, over its second half (after
 * the first full pass, and after the last page was published), it prints the freshness and age of the
 * crawler's copies per host, against what the optimal policy with the true rates (Cho and Garcia-Molina's
 * closed form), the uniform and the proportional policy would reach with the same fetches per host; and
 * where the fetches went, by the pages' time between changes and by section.
 *
 * <p>Time scale: one second here stands for one minute of a real crawl (so the flat web's changes run from
 * every 12 real seconds to every 10 real hours); the schedulers' intervals, which are whole minutes, are
 * scaled with it: StormCrawler's adaptive bounds [60 min, 14 days] become [1, 336] minutes (the freshness
 * scheduler's [60 s, 30 days], [1, 43200] seconds), and the interval a URL starts with
 * (fetchInterval.default) is the uniform pass, PAGES x DELAY seconds, rounded to minutes.
 *
 * <p>Settings (environment): BENCH_CHANGING_SEED (1), _HOSTS (8), _PAGES (120), _DELAY (1 s), _SECTIONS (1: the
 * sectioned web; 0: the flat one), _FASTEST (0.2 s) and _SLOWEST (600 s) (the flat web's rates), _DURATION
 * (12m; or seconds, 180s: a short crawl for a smoke run), _START_MINUTES (the initial interval; PAGES x DELAY
 * / 60 by default), _MIRRORS (1: hosts after the HOSTS sites, mirror m serving site m's pages, the same main
 * text at the same moment in another layout, without validators; not counted in the freshness figures).
 *
 * <p>After a crawl it also reads the status index (squall export) and checks the change detection and the
 * near-duplicates against the truth: per page, the changes the crawler counted against the versions the
 * server sent (a per-request sidebar must never count as a change), and every duplicate.of against the
 * mirrors (a page marked a copy of anything but its own mirror or original is a false positive).
 * Arguments: the scheduler.class values to crawl with, in turn (default: adaptive default); "plan" prints
 * the closed forms for the settings and crawls nothing; "check" runs the analysis on simulated crawlers
 * that fetch at the uniform and at the optimal rates, whose measured freshness must match the closed forms;
 * a path ending in .tsv analyses a request log saved by an earlier crawl with the same settings.
 */
public class ChangingWeb {

    /** The benchmark's settings, from the environment. */
    record Settings(long seed, int hosts, int pages, double delay, double fastest, double slowest, Duration duration,
            int startMinutes, int mirrors, boolean sections) {
        static Settings fromEnvironment() {
            int pages = Integer.parseInt(env("PAGES", "120"));
            if (pages >= 1 << 16) {
                throw new IllegalArgumentException("BENCH_CHANGING_PAGES: at most 65,535 pages a host");
            }
            double delay = Double.parseDouble(env("DELAY", "1"));
            int pass = (int) Math.max(1, Math.round(pages * delay / 60));
            return new Settings(Long.parseLong(env("SEED", "1")), Integer.parseInt(env("HOSTS", "8")), pages, delay,
                    Double.parseDouble(env("FASTEST", "0.2")), Double.parseDouble(env("SLOWEST", "600")),
                    parseDuration(env("DURATION", "12m")), Integer.parseInt(env("START_MINUTES", String.valueOf(pass))),
                    Integer.parseInt(env("MIRRORS", "1")), sections(env("SECTIONS", "1")));
        }

        private static String env(String name, String otherwise) {
            return System.getenv().getOrDefault("BENCH_CHANGING_" + name, otherwise);
        }

        private static boolean sections(String value) {
            if (!value.equals("0") && !value.equals("1")) {
                throw new IllegalArgumentException("BENCH_CHANGING_SECTIONS: 1 (a sectioned web) or 0 (a flat one), not " + value);
            }
            return value.equals("1");
        }

        private static Duration parseDuration(String text) {
            return text.endsWith("m") ? Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1)))
                    : Duration.ofSeconds(Long.parseLong(text.replace("s", "")));
        }

        String describe() {
            String rates = sections ? Layout.describeSections(this) : String.format(Locale.ROOT,
                    "flat, change intervals log-uniform in [%.2g s, %.0f s]", fastest, slowest);
            return String.format(Locale.ROOT, "%d hosts x %d pages, %.2g s between fetches on a host (a pass: %.0f s),"
                    + " %s, seed %d, crawls of %d s; %d mirror host(s)",
                    hosts, pages, delay, pages * delay, rates, seed, duration.toSeconds(), mirrors);
        }

        /** Seconds from the sites' start by which every page of a sectioned web is published: before the window. */
        double publishedBy() {
            return duration.toSeconds() / 3.0;
        }
    }

    public static void main(String[] args) throws Exception {
        Settings settings;
        try {
            settings = Settings.fromEnvironment();
        } catch (IllegalArgumentException e) { // a bad setting: its name and what it must be
            System.err.println("bench changing: " + e.getMessage());
            System.exit(2);
            return;
        }
        List<String> schedulers = args.length == 0 ? List.of("adaptive", "default") : List.of(args);
        System.out.printf(Locale.ROOT, "Machine: %d cores; load average at the start: %s%n",
                Runtime.getRuntime().availableProcessors(), loadAverage());
        System.out.println("Changing web: " + settings.describe());
        ChangeModel model = ChangeModel.draw(settings, settings.duration().toSeconds() + 600);
        Plan.print(model, settings);
        for (String scheduler : schedulers) {
            switch (scheduler) {
                case "plan" -> { } // the closed forms above only
                case "check" -> Simulation.check(settings);
                default -> {
                    if (scheduler.endsWith(".tsv")) { // a request log saved by an earlier run, with the same settings
                        System.out.println("\n== analysis of " + scheduler);
                        System.out.print(Analysis.of(model, RequestLog.read(Path.of(scheduler)), settings).report());
                    } else {
                        crawl(settings, scheduler);
                    }
                }
            }
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "?";
        }
    }

    /**
     * One crawl of a fresh copy of the web (the same seed: the same rates and change times from its start) with
     * the given scheduler, bounded by --duration, then its analysis.
     */
    static void crawl(Settings settings, String scheduler) throws Exception {
        Path dir = Files.createTempDirectory("squall-bench-changing-" + scheduler.replaceAll("[^a-z]", ""));
        ChangeModel model = ChangeModel.draw(settings, settings.duration().toSeconds() + 600);
        RequestLog log = new RequestLog();
        try (Sites sites = Sites.start(model, log)) {
            Path seeds = dir.resolve("seeds.txt");
            Files.write(seeds, sites.seeds());
            Path conf = dir.resolve("scheduler.yaml");
            Files.writeString(conf, schedulerConf(settings, scheduler));
            List<String> command = new ArrayList<>(List.of("./squall", "crawl", seeds.toString(), "--data",
                    dir.resolve("data").toString(), "--agent", "squall-bench", "--json", "--conf", conf.toString(),
                    "--delay", String.valueOf(settings.delay()), "--duration", settings.duration().toSeconds() + "s"));
            String extra = System.getenv().getOrDefault("BENCH_CRAWL_OPTIONS", "").strip();
            if (!extra.isEmpty()) {
                command.addAll(List.of(extra.split("\\s+")));
            }
            System.err.println("bench changing: " + String.join(" ", command) + "\n  with " + conf + ":\n"
                    + Files.readString(conf).indent(4).stripTrailing());
            String loadBefore = loadAverage();
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String json = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            // --duration stops the crawl; the margin only bounds a crawl that failed to stop.
            if (!process.waitFor(settings.duration().toMinutes() + 10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
            System.out.printf(Locale.ROOT, "%n== changing web, scheduler.class %s (exit code %d; load average before %s,"
                    + " after %s)%n", scheduler, process.exitValue(), loadBefore, loadAverage());
            System.out.println("  summary: " + json);
            if (!json.contains("\"stopReason\":\"duration\"")) {
                // A crawl with nothing due stops as idle: a scheduler that leaves a host's budget unspent ends early.
                System.out.println("  WARNING: the crawl did not run for --duration; its figures cover a shorter crawl");
            }
            Files.write(dir.resolve("requests.tsv"), log.lines());
            System.out.println("  request log: " + dir.resolve("requests.tsv"));
            System.out.print(Analysis.of(model, log, settings).report());
            Path exported = dir.resolve("status.jsonl");
            Process export = new ProcessBuilder("./squall", "export", "--data", dir.resolve("data").toString(),
                    "--format", "json", "--output", exported.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (export.waitFor(10, TimeUnit.MINUTES) && export.exitValue() == 0) {
                System.out.print(Accuracy.of(model, log, sites, Files.readAllLines(exported)).report());
            } else {
                export.destroyForcibly();
                System.out.println("  the status index could not be exported: no check of change detection and duplicates");
            }
        }
    }

    /**
     * The scheduler's settings in the benchmark's time scale (a second for a real minute): intervals are
     * whole minutes in Squall's configuration, and StormCrawler's adaptive bounds [60 min, 14 days] scale
     * to whole minutes ([1, 336]); a URL's first interval is the uniform pass, which keeps the politeness
     * budget spent from the first pass on.
     */
    static String schedulerConf(Settings settings, String scheduler) {
        StringBuilder conf = new StringBuilder("config:\n  scheduler.class: \"" + scheduler + "\"\n"
                + "  fetchInterval.default: " + settings.startMinutes() + "\n");
        if (scheduler.equals("adaptive")) {
            conf.append("  scheduler.adaptive.min: 1\n  scheduler.adaptive.max: 336\n");
        }
        if (scheduler.equals("freshness")) {
            // Its bounds are seconds: 60 s and 30 days scaled as the adaptive ones; a new host's pages are
            // assumed to change once a day (1,440 benchmark seconds) until their own fetches tell.
            conf.append("  scheduler.freshness.min.seconds: 1\n  scheduler.freshness.max.seconds: 43200\n"
                    + "  scheduler.freshness.default.change.seconds: 1440\n");
        }
        return conf.toString();
    }

    /**
     * Where a host's pages sit: the same for every host. Flat: /p/N.html, all linked from "/". Sectioned: "/"
     * links to the section index pages, each of which lists its section's pages published so far, newest
     * first; a page's rate is drawn log-normally around its section's median (σ of ln: {@link #SPREAD}), so
     * that sections differ by orders of magnitude and pages within one by up to a factor of ten either way.
     * Paths hold digits where real sites have dates and ids (/news/#/, /archive/#/), as the freshness
     * scheduler's path patterns read them.
     */
    static final class Layout {
        /**
         * A section: its index page, its pages' paths (with the page's number), its share of a host's pages
         * and the median seconds between changes of its pages, a real minute a second: live pages every 30 real
         * seconds, news every 5 real minutes, a shop's items every real hour, the archive every two real days.
         * Chosen so that the closed forms stay where the flat web's are (uniform about 0.8 of the optimum,
         * proportional under 0.1, about half the pages not worth a fetch): `bench/run changing plan` prints them.
         */
        record Section(String name, String index, String pathFormat, double share, double medianSeconds) {}

        static final List<Section> SECTIONS = List.of(
                new Section("live", "/live/", "/live/%d.html", 0.15, 0.5),
                new Section("news", "/news/", "/news/%d/story.html", 0.45, 5),
                new Section("shop", "/shop/", "/shop/%d.html", 0.25, 60),
                new Section("archive", "/archive/", "/archive/%d/page.html", 0.15, 2_880));
        /** ln 10 / 2: two thirds of a section's pages within a factor of 3.2 of its median, 95% within 10. */
        static final double SPREAD = Math.log(10) / 2;
        /** The share of a section's pages there from the start; the others are published over a third of the crawl. */
        static final double AT_START = 0.5;
        /** Links in every page's "latest" box: the newest pages of each section, as news sites show them. */
        static final int LATEST = 2;

        private final boolean sectioned;
        private final Section[] sectionOf; // by page; null on the flat web
        private final String[] paths;
        private final Map<String, Integer> byPath = new HashMap<>();

        Layout(Settings s) {
            sectioned = s.sections();
            sectionOf = new Section[s.pages()];
            paths = new String[s.pages()];
            double share = 0;
            int first = 0;
            for (Section section : sectioned ? SECTIONS : List.<Section>of()) {
                share += section.share();
                int end = (int) Math.round(share * s.pages());
                for (int p = first; p < end; p++) {
                    sectionOf[p] = section;
                }
                first = end;
            }
            for (int p = 0; p < s.pages(); p++) {
                paths[p] = sectionOf[p] == null ? "/p/" + p + ".html" : String.format(Locale.ROOT, sectionOf[p].pathFormat(), p);
                byPath.put(paths[p], p);
            }
        }

        static String describeSections(Settings s) {
            Layout layout = new Layout(s);
            List<String> parts = new ArrayList<>();
            for (Section section : SECTIONS) {
                long pages = Arrays.stream(layout.sectionOf).filter(x -> x == section).count();
                parts.add(String.format(Locale.ROOT, "%s %d pages (%s, median %.3g s)", section.name(), pages,
                        section.pathFormat().replace("%d", "N"), section.medianSeconds()));
            }
            return String.format(Locale.ROOT, "sectioned: %s, within a section log-normal (sigma of ln %.2f), %.0f%% of"
                    + " each section's pages there at the start, the rest published by %.0f s", String.join(", ", parts),
                    SPREAD, 100 * AT_START, s.publishedBy());
        }

        /** The page's section, or null on the flat web. */
        Section sectionOf(int page) {
            return sectionOf[page];
        }

        String path(int page) {
            return paths[page];
        }

        /** The page at a path (without query), or -1. */
        int pageOf(String path) {
            return byPath.getOrDefault(path, -1);
        }

        /** The section whose index page is at the path, or null. */
        Section indexAt(String path) {
            for (Section section : SECTIONS) {
                if (sectioned && section.index().equals(path)) {
                    return section;
                }
            }
            return null;
        }

        /** The section's pages published by t at the site, newest first. */
        List<Integer> published(ChangeModel model, int site, Section section, double t) {
            List<Integer> pages = new ArrayList<>();
            for (int p = 0; p < paths.length; p++) {
                if (sectionOf[p] == section && model.isPublished(site, p, t)) {
                    pages.add(p);
                }
            }
            pages.sort((a, b) -> Double.compare(model.published[site][b], model.published[site][a]));
            return pages;
        }
    }

    /**
     * Every page's change rate, publication and change times, drawn from the seed. Time is in seconds from the
     * moment the sites start ({@link #origin}); a page's version at t is the number of its changes at or before
     * t, its first version there from its publication. Changes are drawn up to a horizon past the crawl's end,
     * after which pages stay as they are.
     */
    static final class ChangeModel {
        final Settings settings;
        final Layout layout;
        final double[][] rates; // by host and page, changes per second
        final double[][] published; // by host and page, when it appeared (0: there from the start)
        final double[][][] changes; // by host and page, ascending change times
        long originNanos;
        long originEpochMillis;

        private ChangeModel(Settings settings, Layout layout, double[][] rates, double[][] published,
                double[][][] changes) {
            this.settings = settings;
            this.layout = layout;
            this.rates = rates;
            this.published = published;
            this.changes = changes;
        }

        static ChangeModel draw(Settings s, double horizonSeconds) {
            Layout layout = new Layout(s);
            double[][] rates = new double[s.hosts()][s.pages()];
            double[][] published = new double[s.hosts()][s.pages()];
            double[][][] changes = new double[s.hosts()][s.pages()][];
            Random random = new Random(s.seed());
            double low = Math.log(s.fastest()), high = Math.log(s.slowest());
            for (int h = 0; h < s.hosts(); h++) {
                for (int p = 0; p < s.pages(); p++) {
                    // The flat web's draws stay as they were, so that its seed gives the figures measured before.
                    Layout.Section section = layout.sectionOf(p);
                    double rate = section == null ? 1 / Math.exp(low + random.nextDouble() * (high - low))
                            : 1 / (section.medianSeconds() * Math.exp(Layout.SPREAD * random.nextGaussian()));
                    rates[h][p] = rate;
                    if (section != null && random.nextDouble() >= Layout.AT_START) {
                        published[h][p] = random.nextDouble() * s.publishedBy();
                    }
                    double[] times = new double[16];
                    int n = 0;
                    // Exponential gaps; bounded by the horizon.
                    for (double t = published[h][p] - Math.log(1 - random.nextDouble()) / rate; t < horizonSeconds;
                            t += -Math.log(1 - random.nextDouble()) / rate) {
                        if (n == times.length) {
                            times = Arrays.copyOf(times, n * 2);
                        }
                        times[n++] = t;
                    }
                    changes[h][p] = Arrays.copyOf(times, n);
                }
            }
            return new ChangeModel(s, layout, rates, published, changes);
        }

        void startClock() {
            originNanos = System.nanoTime();
            originEpochMillis = System.currentTimeMillis();
        }

        double now() {
            return (System.nanoTime() - originNanos) / 1e9;
        }

        /** The page's version at t: how many changes it had by then. */
        int version(int host, int page, double t) {
            int i = Arrays.binarySearch(changes[host][page], t);
            return i >= 0 ? i + 1 : -i - 1;
        }

        /** Whether the page was published by t: before, it is neither linked nor served. */
        boolean isPublished(int host, int page, double t) {
            return published[host][page] <= t;
        }

        /** When the version began: its publication for the first one. */
        double since(int host, int page, int version) {
            return version == 0 ? published[host][page] : changes[host][page][version - 1];
        }

        /** When the version ended, or +infinity when it is the last one. */
        double until(int host, int page, int version) {
            double[] c = changes[host][page];
            return version < c.length ? c[version] : Double.POSITIVE_INFINITY;
        }

        /** Hosts 0, 1 (mod 4) answer conditional requests; hosts 0, 2 (mod 4) have a sitemap with lastmod. */
        static boolean conditional(int host) {
            return host % 4 < 2;
        }

        static boolean sitemap(int host) {
            return host % 4 == 0 || host % 4 == 2;
        }

        static String kind(int host) {
            return (conditional(host) ? "304" : "---") + (sitemap(host) ? "+sitemap" : "");
        }
    }

    /**
     * Cho and Garcia-Molina's closed forms for pages with Poisson changes of rate λ fetched every I = 1/f
     * seconds, and the three policies that share a budget of B fetches per second among a host's pages.
     */
    static final class Freshness {
        private Freshness() {
        }

        /** F(λ, I) = (1 − e^(−λI)) / (λI); 0 for a page never fetched. */
        static double freshness(double rate, double fetchesPerSecond) {
            if (fetchesPerSecond <= 0) {
                return 0;
            }
            double x = rate / fetchesPerSecond;
            return x < 1e-9 ? 1 : -Math.expm1(-x) / x;
        }

        /** A(λ, I) = I/2 − 1/λ + (1 − e^(−λI)) / (λ²I); infinite for a page never fetched. */
        static double age(double rate, double fetchesPerSecond) {
            if (fetchesPerSecond <= 0) {
                return Double.POSITIVE_INFINITY;
            }
            double interval = 1 / fetchesPerSecond;
            double x = rate * interval;
            return x < 1e-6 ? rate * interval * interval / 6 : interval / 2 - 1 / rate - Math.expm1(-x) / (rate * x);
        }

        static double mean(double[] rates, double[] fetchesPerSecond) {
            double sum = 0;
            for (int i = 0; i < rates.length; i++) {
                sum += freshness(rates[i], fetchesPerSecond[i]);
            }
            return sum / rates.length;
        }

        static double[] uniform(double[] rates, double budget) {
            double[] f = new double[rates.length];
            Arrays.fill(f, budget / rates.length);
            return f;
        }

        static double[] proportional(double[] rates, double budget) {
            double total = Arrays.stream(rates).sum();
            return Arrays.stream(rates).map(r -> budget * r / total).toArray();
        }

        /**
         * The optimum: ∂F/∂f = μ for every page fetched, i.e. with x = λ/f, 1 − (1 + x)e^(−x) = μλ; pages with
         * μλ ≥ 1 get nothing. Σf falls as μ grows, so μ is found by bisection (on its logarithm, over the
         * whole range where some page is fetched) until the fetches add up to the budget.
         */
        static double[] optimal(double[] rates, double budget) {
            double maxRate = Arrays.stream(rates).max().orElse(1);
            double minRate = Arrays.stream(rates).min().orElse(1);
            double low = Math.log(1e-12 / maxRate), high = Math.log(1 / minRate);
            for (int i = 0; i < 100; i++) {
                double mid = (low + high) / 2;
                if (Arrays.stream(optimalFor(rates, Math.exp(mid))).sum() > budget) {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            return optimalFor(rates, Math.exp((low + high) / 2));
        }

        private static double[] optimalFor(double[] rates, double mu) {
            double[] f = new double[rates.length];
            for (int i = 0; i < rates.length; i++) {
                double y = mu * rates[i];
                f[i] = y >= 1 ? 0 : rates[i] / inverseG(y);
            }
            return f;
        }

        /** x with 1 − (1 + x)e^(−x) = y, for 0 ≤ y < 1 (g rises from 0 to 1): bisection. */
        static double inverseG(double y) {
            double low = 0, high = 1;
            for (int i = 0; i < 200 && 1 - (1 + high) * Math.exp(-high) < y; i++) {
                high *= 2;
            }
            for (int i = 0; i < 100; i++) {
                double mid = (low + high) / 2;
                if (1 - (1 + mid) * Math.exp(-mid) < y) {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            return (low + high) / 2;
        }
    }

    /** The closed forms for the settings, before any crawl: each host at its full politeness budget, 1/DELAY. */
    static final class Plan {
        private Plan() {
        }

        static void print(ChangeModel model, Settings s) {
            double opt = 0, uniform = 0, proportional = 0, unfetched = 0;
            for (double[] rates : model.rates) {
                double budget = 1 / s.delay();
                double[] best = Freshness.optimal(rates, budget);
                opt += Freshness.mean(rates, best);
                uniform += Freshness.mean(rates, Freshness.uniform(rates, budget));
                proportional += Freshness.mean(rates, Freshness.proportional(rates, budget));
                unfetched += Arrays.stream(best).filter(f -> f == 0).count() / (double) rates.length;
            }
            int h = s.hosts();
            System.out.printf(Locale.ROOT, "Closed forms at a budget of 1/DELAY per host (before any crawl): optimum %.3f,"
                    + " uniform %.3f (%.2f of the optimum), proportional %.3f (%.2f); the optimum leaves %.0f%% of the"
                    + " pages unfetched%n", opt / h, uniform / h, uniform / opt, proportional / h, proportional / opt,
                    100 * unfetched / h);
        }
    }

    /** One page request as the server answered it: the version the crawler holds after it. */
    record Request(double time, int host, int page, int status, int version) {}

    /** Every page request, and how many other requests (index, robots.txt, sitemap) each host got. */
    static final class RequestLog {
        private final List<Request> requests = new ArrayList<>();
        private final Map<Integer, Long> others = new HashMap<>();
        /** The version last sent in full, by host and page: what the crawler's copy holds. */
        private final Map<Long, Integer> copies = new HashMap<>();

        synchronized int copy(int host, int page) {
            return copies.getOrDefault(((long) host << 32) | page, -1);
        }

        synchronized void page(double time, int host, int page, int status, int version) {
            requests.add(new Request(time, host, page, status, version));
            if (status == 200) {
                copies.put(((long) host << 32) | page, version);
            }
        }

        /** The versions each mirror page was served at, by mirror host and page. */
        private final Map<Long, Set<Integer>> mirrored = new HashMap<>();

        synchronized void mirrored(int host, int page, int version) {
            mirrored.computeIfAbsent(((long) host << 32) | page, k -> new HashSet<>()).add(version);
            other(host);
        }

        synchronized Set<Integer> mirroredVersions(int host, int page) {
            return new HashSet<>(mirrored.getOrDefault(((long) host << 32) | page, Set.of()));
        }

        synchronized void other(int host) {
            others.merge(host, 1L, Long::sum);
        }

        synchronized List<Request> requests() {
            return new ArrayList<>(requests);
        }

        synchronized long others(int host) {
            return others.getOrDefault(host, 0L);
        }

        /** A log written by {@link #lines()} (the counts of other requests are not in it). */
        static RequestLog read(Path file) throws IOException {
            RequestLog log = new RequestLog();
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) { // the first is the header
                String[] f = line.split("\t");
                log.page(Double.parseDouble(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]));
            }
            return log;
        }

        synchronized List<String> lines() {
            List<String> lines = new ArrayList<>(List.of("seconds\thost\tpage\tstatus\tversion"));
            for (Request r : requests) {
                lines.add(String.format(Locale.ROOT, "%.3f\t%d\t%d\t%d\t%d", r.time(), r.host(), r.page(), r.status(), r.version()));
            }
            return lines;
        }
    }

    /**
     * The sites: one server socket per host on 127.0.0.(2 + host), one port for all, a thread per keep-alive
     * connection. "/" links to every page (flat) or to the section index pages (sectioned, see {@link Layout});
     * a page answers with a main text that is its current version, and a sidebar that changes at every request
     * (a counter and the time), which a byte digest sees as a change and a digest of the main text does not;
     * on a sectioned site the sidebar also links to each section's newest pages. A page not yet published is
     * not found, and no page links to it.
     */
    static final class Sites implements AutoCloseable {
        private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;
        private static final String[] WORDS = ("pages change at their own pace some every few seconds others once a day"
                + " a crawler that knows which is which spends its visits where they keep the most copies fresh while"
                + " a crawler that does not wastes them on pages that have not changed or on pages it cannot keep up"
                + " with").split(" ");

        private final ChangeModel model;
        private final RequestLog log;
        private final List<ServerSocket> servers = new ArrayList<>();
        private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "changing-web");
            t.setDaemon(true);
            return t;
        });
        private final AtomicLong served = new AtomicLong();
        private int port;

        private Sites(ChangeModel model, RequestLog log) {
            this.model = model;
            this.log = log;
        }

        static Sites start(ChangeModel model, RequestLog log) throws IOException {
            Sites sites = new Sites(model, log);
            for (int h = 0; h < model.settings.hosts() + model.settings.mirrors(); h++) {
                ServerSocket server = new ServerSocket();
                server.bind(new InetSocketAddress(address(h), sites.port), 64);
                sites.port = server.getLocalPort();
                sites.servers.add(server);
            }
            model.startClock();
            for (int h = 0; h < sites.servers.size(); h++) {
                int host = h;
                ServerSocket server = sites.servers.get(h);
                sites.pool.execute(() -> sites.accept(server, host));
            }
            return sites;
        }

        /** Loopback only: 127.0.0.2 and up (at most 250 hosts). */
        static InetAddress address(int host) throws IOException {
            if (host > 250) {
                throw new IllegalArgumentException("at most 250 hosts on 127.0.0.x");
            }
            return InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (host + 2)});
        }

        List<String> seeds() throws IOException {
            List<String> seeds = new ArrayList<>();
            for (int h = 0; h < servers.size(); h++) {
                seeds.add(root(h) + "/");
            }
            return seeds;
        }

        /** The site a host mirrors: itself for a site, site m for mirror m. */
        int original(int host) {
            return host < model.settings.hosts() ? host : (host - model.settings.hosts()) % model.settings.hosts();
        }

        boolean isMirror(int host) {
            return host >= model.settings.hosts();
        }

        /** The host and page of a page URL of these sites, or null. */
        int[] hostAndPage(String url) throws IOException {
            for (int h = 0; h < servers.size(); h++) {
                if (url.startsWith(root(h) + "/")) {
                    int page = model.layout.pageOf(url.substring(root(h).length()));
                    return page < 0 ? null : new int[] {h, page};
                }
            }
            return null;
        }

        private String root(int host) throws IOException {
            return "http://" + address(host).getHostAddress() + ":" + port;
        }

        @Override
        public void close() {
            for (ServerSocket server : servers) {
                try {
                    server.close();
                } catch (IOException e) {
                    // stopping anyway
                }
            }
            pool.shutdownNow();
        }

        private void accept(ServerSocket server, int host) {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    pool.execute(() -> connection(socket, host));
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        /** Requests of one keep-alive connection, until the crawler closes it (each read ends at EOF). */
        private void connection(Socket socket, int host) {
            try (socket; InputStream in = new BufferedInputStream(socket.getInputStream());
                    OutputStream out = socket.getOutputStream()) {
                socket.setTcpNoDelay(true);
                String requestLine;
                while ((requestLine = readLine(in)) != null) {
                    Map<String, String> headers = new HashMap<>();
                    String header;
                    while ((header = readLine(in)) != null && !header.isEmpty()) {
                        int colon = header.indexOf(':');
                        if (colon > 0) {
                            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
                        }
                    }
                    String[] parts = requestLine.split(" ");
                    serve(host, parts.length > 1 ? parts[1] : "/", headers).writeTo(out);
                    out.flush();
                    if (header == null || headers.getOrDefault("connection", "").equalsIgnoreCase("close")) {
                        return;
                    }
                }
            } catch (IOException e) {
                // the crawler closed the connection
            }
        }

        private static String readLine(InputStream in) throws IOException {
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\n' && line.length() < 16_384) {
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return c == -1 && line.length() == 0 ? null : line.toString();
        }

        private ByteArrayOutputStream serve(int host, String path, Map<String, String> headers) throws IOException {
            double now = model.now();
            long request = served.incrementAndGet();
            int page = model.layout.pageOf(path);
            if (page >= 0 && !model.isPublished(original(host), page, now)) {
                page = -1; // not found, as any unknown path
            }
            if (page >= 0 && isMirror(host)) {
                int site = original(host);
                int version = model.version(site, page, now);
                log.mirrored(host, page, version);
                return response(200, "text/html; charset=utf-8", html(host, site, page, version, request, now), "");
            }
            if (page >= 0) {
                return page(host, page, now, request, headers);
            }
            log.other(host);
            if (path.equals("/")) {
                return response(200, "text/html; charset=utf-8", index(host, request, now), "");
            }
            Layout.Section section = model.layout.indexAt(path);
            if (section != null) {
                return response(200, "text/html; charset=utf-8", sectionIndex(host, section, request, now), "");
            }
            if (path.equals("/robots.txt")) {
                String robots = "User-agent: *\nDisallow: /private/\n"
                        + (!isMirror(host) && ChangeModel.sitemap(host) ? "Sitemap: " + root(host) + "/sitemap.xml\n" : "");
                return response(200, "text/plain", robots, "");
            }
            if (path.equals("/sitemap.xml") && !isMirror(host) && ChangeModel.sitemap(host)) {
                return response(200, "application/xml", sitemap(host, now), "");
            }
            return response(404, "text/html", "<html><body>not found</body></html>", "");
        }

        /**
         * A page at its current version. On a conditional host: ETag "v{version}" and Last-Modified (when the
         * version began); If-None-Match wins over If-Modified-Since, as RFC 9110 says, and a 304 answers either
         * when it matches. If-Modified-Since alone, at one second's resolution, can answer 304 for a page that
         * changed within the second: the log then keeps the crawler's older copy, as it should.
         */
        private ByteArrayOutputStream page(int host, int page, double now, long request, Map<String, String> headers) {
            int version = model.version(host, page, now);
            String etag = "\"v" + version + "\"";
            Instant modified = Instant.ofEpochMilli(model.originEpochMillis
                    + (long) (1000 * model.since(host, page, version))).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            if (ChangeModel.conditional(host) && notModified(headers, etag, modified)) {
                log.page(now, host, page, 304, log.copy(host, page));
                return response(304, null, "", "ETag: " + etag + "\r\n");
            }
            log.page(now, host, page, 200, version);
            String validators = ChangeModel.conditional(host) ? "ETag: " + etag + "\r\nLast-Modified: "
                    + HTTP_DATE.format(ZonedDateTime.ofInstant(modified, ZoneOffset.UTC)) + "\r\n" : "";
            return response(200, "text/html; charset=utf-8", html(host, host, page, version, request, now), validators);
        }

        private static boolean notModified(Map<String, String> headers, String etag, Instant modified) {
            String ifNoneMatch = headers.get("if-none-match");
            if (ifNoneMatch != null) {
                return Arrays.stream(ifNoneMatch.split(",")).map(String::trim).anyMatch(t -> t.equals(etag) || t.equals("*"));
            }
            String ifModifiedSince = headers.get("if-modified-since");
            if (ifModifiedSince != null) {
                try {
                    return !modified.isAfter(ZonedDateTime.parse(ifModifiedSince, HTTP_DATE).toInstant());
                } catch (DateTimeParseException e) {
                    return false;
                }
            }
            return false;
        }

        private static ByteArrayOutputStream response(int status, String type, String body, String extraHeaders) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + 256);
            String reason = switch (status) {
                case 200 -> "OK";
                case 304 -> "Not Modified";
                default -> "Not Found";
            };
            String head = "HTTP/1.1 " + status + " " + reason + "\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                    + extraHeaders + (status == 304 ? "" : "Content-Length: " + bytes.length + "\r\n") + "\r\n";
            out.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(bytes);
            return out;
        }

        /** "/": every page of a flat site; the section index pages of a sectioned one. */
        private String index(int host, long request, double now) {
            StringBuilder s = new StringBuilder("<!DOCTYPE html>\n<html><head><title>Site " + host + "</title></head><body>\n"
                    + "<main><h1>Site " + host + "</h1><ul>\n");
            if (model.settings.sections()) {
                for (Layout.Section section : Layout.SECTIONS) {
                    s.append("<li><a href=\"").append(section.index()).append("\">").append(section.name()).append("</a></li>\n");
                }
            } else {
                for (int p = 0; p < model.settings.pages(); p++) {
                    s.append("<li><a href=\"").append(model.layout.path(p)).append("\">Page ").append(p).append("</a></li>\n");
                }
            }
            return s.append("</ul></main>\n").append(sidebar(host, request, now)).append("</body></html>\n").toString();
        }

        /** A section's index page: its pages published so far, newest first (its main text changes with each). */
        private String sectionIndex(int host, Layout.Section section, long request, double now) {
            StringBuilder s = new StringBuilder("<!DOCTYPE html>\n<html><head><title>Site " + host + ", " + section.name()
                    + "</title></head><body>\n<nav><a href=\"/\">Home</a></nav>\n<main><h1>" + section.name() + "</h1><ul>\n");
            for (int p : model.layout.published(model, original(host), section, now)) {
                s.append("<li><a href=\"").append(model.layout.path(p)).append("\">").append(section.name()).append(" item ")
                        .append(words(p)).append("</a></li>\n");
            }
            return s.append("</ul></main>\n").append(sidebar(host, request, now)).append("</body></html>\n").toString();
        }

        /**
         * The main text depends on the site, the page and its version only; the sidebar on the request. A mirror
         * serves its site's main text in a layout of its own.
         */
        private String html(int host, int site, int page, int version, long request, double now) {
            // Site, page and version in separate bits of the 48 a Random keeps: a sum of multiples gave a fast
            // page's thousandth version the text of another page, which the crawler rightly found a duplicate.
            Random random = new Random(model.settings.seed() * 1_000_003L ^ ((long) site << 40) ^ ((long) page << 24)
                    ^ version);
            StringBuilder s = new StringBuilder(4_000);
            // The flat web's pages link to the next page, a sectioned site's to their section: it lists only
            // pages already published.
            Layout.Section section = model.layout.sectionOf(page);
            String next = section == null ? model.layout.path((page + 1) % model.settings.pages()) : section.index();
            s.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                    .append(isMirror(host) ? "Mirror " + host + " of site " + site : "Site " + site).append(", page ")
                    .append(page).append("</title></head>\n<body>\n")
                    .append(isMirror(host) ? "<header>A mirror, updated from the original as it changes</header>\n"
                            + "<div role=\"navigation\"><a href=\"/\">Mirror home</a> <a href=\"" + next
                            + "\">Following page</a></div>\n"
                            : "<nav><a href=\"/\">Home</a> <a href=\"" + next + "\">Next</a></nav>\n")
                    .append("<main><article><h1>").append(sentence(random, 6)).append("</h1>\n");
            for (int p = 0; p < 8; p++) {
                s.append("<p>").append(sentence(random, 50)).append(".</p>\n");
            }
            return s.append("</article></main>\n").append(sidebar(host, request, now)).append("</body></html>\n").toString();
        }

        /**
         * Changes at every request, as counters, clocks and rotating blocks of real pages do; on a sectioned site
         * it also links to the newest pages of each section, as news sites' "latest" boxes do, so that a page
         * published is found by the next fetch of any page of its site, whatever the schedule of the index pages.
         */
        private String sidebar(int host, long request, double now) {
            StringBuilder s = new StringBuilder("<aside><p>Request " + request + " served at " + Instant.now() + "</p>");
            if (model.settings.sections()) {
                s.append("<ul>");
                for (Layout.Section section : Layout.SECTIONS) {
                    List<Integer> newest = model.layout.published(model, original(host), section, now);
                    for (int p : newest.subList(0, Math.min(Layout.LATEST, newest.size()))) {
                        s.append("<li><a href=\"").append(model.layout.path(p)).append("\">Latest</a></li>");
                    }
                }
                s.append("</ul>");
            }
            return s.append("</aside>\n").toString();
        }

        private String sitemap(int host, double now) throws IOException {
            StringBuilder s = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for (int p = 0; p < model.settings.pages(); p++) {
                if (!model.isPublished(host, p, now)) {
                    continue;
                }
                Instant lastmod = Instant.ofEpochMilli(model.originEpochMillis
                        + (long) (1000 * model.since(host, p, model.version(host, p, now))));
                s.append("<url><loc>").append(root(host)).append(model.layout.path(p)).append("</loc><lastmod>")
                        .append(lastmod).append("</lastmod></url>\n");
            }
            return s.append("</urlset>\n").toString();
        }

        /** A number in words of the pages' vocabulary: index entries that differ in words, not only in digits. */
        private static String words(int n) {
            StringBuilder s = new StringBuilder();
            do {
                s.append(s.length() == 0 ? "" : " ").append(WORDS[n % WORDS.length]);
                n /= WORDS.length;
            } while (n > 0);
            return s.toString();
        }

        private static String sentence(Random random, int words) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < words; i++) {
                s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
            }
            return s.toString();
        }
    }

    /**
     * What the crawler told of the pages against the truth, from its status index (one JSON document a line,
     * as squall export writes them). Change detection: for every page of the sites fetched more than once and
     * at most {@value #UNDECAYED} times (beyond, the history is scaled down), the changes its history counts
     * against the changes the server's versions show between its consecutive fetches (a 304 is no change);
     * pages whose history counts fewer fetches than the server answered (an answer whose outcome was not
     * written when the crawl stopped) are left out. Near-duplicates: every duplicate.of, against the mirrors.
     */
    static final class Accuracy {
        static final int UNDECAYED = 32;
        private static final Pattern URL = Pattern.compile("\"url\":\"([^\"]*)\"");
        private static final Pattern FETCHES = Pattern.compile("\"freshness\\.fetches\":\\[\"([^\"]*)\"\\]");
        private static final Pattern CHANGES = Pattern.compile("\"freshness\\.changes\":\\[\"([^\"]*)\"\\]");
        private static final Pattern DUPLICATE_OF = Pattern.compile("\"duplicate\\.of\":\\[\"([^\"]*)\"\\]");

        long compared, exact, trueChanges, countedChanges, steadyPages, steadyCalledChanged, leftOut;
        long mirroredPages, copiesServed, mirrorPairsMarked, falsePositives;
        final List<String> falsePositiveExamples = new ArrayList<>();

        static Accuracy of(ChangeModel model, RequestLog log, Sites sites, List<String> documents) throws IOException {
            Accuracy a = new Accuracy();
            Map<Long, List<Request>> byPage = new HashMap<>();
            for (Request r : log.requests()) {
                byPage.computeIfAbsent(((long) r.host() << 32) | r.page(), k -> new ArrayList<>()).add(r);
            }
            a.mirroredPages = (long) model.settings.mirrors() * model.settings.pages();
            // A mirror page and its original can be found copies only if both were sent the same version.
            for (int m = 0; m < model.settings.mirrors(); m++) {
                int mirror = model.settings.hosts() + m;
                for (int p = 0; p < model.settings.pages(); p++) {
                    Set<Integer> versions = log.mirroredVersions(mirror, p);
                    for (Request r : byPage.getOrDefault(((long) sites.original(mirror) << 32) | p, List.of())) {
                        if (r.status() == 200 && versions.contains(r.version())) {
                            a.copiesServed++;
                            break;
                        }
                    }
                }
            }
            for (String line : documents) {
                Matcher url = URL.matcher(line);
                if (!url.find()) {
                    continue;
                }
                int[] where = sites.hostAndPage(url.group(1));
                if (where == null) {
                    continue; // an index page, robots.txt, a sitemap
                }
                a.duplicate(sites, where, find(DUPLICATE_OF, line));
                String fetches = find(FETCHES, line);
                String changes = find(CHANGES, line);
                if (!sites.isMirror(where[0]) && fetches != null && changes != null) {
                    a.changes(byPage.getOrDefault(((long) where[0] << 32) | where[1], List.of()),
                            Double.parseDouble(fetches), Double.parseDouble(changes));
                }
            }
            return a;
        }

        private static String find(Pattern pattern, String line) {
            Matcher m = pattern.matcher(line);
            return m.find() ? m.group(1) : null;
        }

        private void changes(List<Request> requests, double fetches, double changes) {
            int observations = 0;
            int changed = 0;
            int copy = -1;
            for (Request r : requests) {
                if (copy >= 0) {
                    observations++;
                    changed += r.status() == 200 && r.version() != copy ? 1 : 0;
                }
                if (r.status() == 200) {
                    copy = r.version();
                }
            }
            if (observations == 0 || observations > UNDECAYED) {
                return;
            }
            if (Math.round(fetches) != observations) {
                leftOut++;
                return;
            }
            compared++;
            trueChanges += changed;
            countedChanges += Math.round(changes);
            exact += Math.round(changes) == changed ? 1 : 0;
            if (changed == 0) {
                steadyPages++;
                steadyCalledChanged += changes > 0 ? 1 : 0;
            }
        }

        private void duplicate(Sites sites, int[] page, String duplicateOf) throws IOException {
            if (duplicateOf == null) {
                return;
            }
            int[] of = sites.hostAndPage(duplicateOf);
            boolean counterpart = of != null && of[1] == page[1] && of[0] != page[0]
                    && sites.original(of[0]) == sites.original(page[0]);
            if (counterpart) {
                mirrorPairsMarked++;
            } else {
                falsePositives++;
                if (falsePositiveExamples.size() < 5) {
                    falsePositiveExamples.add(page[0] + "/" + page[1] + " -> " + duplicateOf);
                }
            }
        }

        String report() {
            StringBuilder s = new StringBuilder();
            s.append(String.format(Locale.ROOT, "%n  change detection (status index against the versions served):"
                    + " %d pages compared (fetched 2 to %d times; %d left out: an answer not written by the end),"
                    + " changes counted exactly on %d (%.1f%%); changes %d counted against %d true;"
                    + " %d pages never changed between fetches, %d of them counted as changed%n", compared,
                    UNDECAYED + 1, leftOut, exact, compared == 0 ? 0 : 100.0 * exact / compared, countedChanges,
                    trueChanges, steadyPages, steadyCalledChanged));
            s.append(String.format(Locale.ROOT, "  near-duplicates: %d pages mirrored, %d of them sent at the same version"
                    + " as their original at some fetch of each, %d mirror/original pairs marked duplicate.of,"
                    + " %d false positives%s%n", mirroredPages, copiesServed, mirrorPairsMarked, falsePositives,
                    falsePositiveExamples.isEmpty() ? "" : " (" + String.join(", ", falsePositiveExamples) + ")"));
            return s.toString();
        }
    }

    /**
     * A check of the analysis without a crawl: simulated crawlers fetch every page at fixed rates (each page
     * from a random phase), uniform and then optimal for a budget of 1/DELAY per host, answered as the sites
     * would answer them (304 on conditional hosts when the version is the copy's). The measured freshness of
     * each should be its closed form's, within the noise of one window.
     */
    static final class Simulation {
        private Simulation() {
        }

        static void check(Settings s) {
            double end = s.duration().toSeconds();
            ChangeModel model = ChangeModel.draw(s, end + 600);
            for (String policy : List.of("uniform", "optimal")) {
                List<double[]> fetches = new ArrayList<>(); // time, host, page
                Random phases = new Random(s.seed() + 1);
                for (int h = 0; h < s.hosts(); h++) {
                    double[] rates = model.rates[h];
                    double[] f = policy.equals("uniform") ? Freshness.uniform(rates, 1 / s.delay())
                            : Freshness.optimal(rates, 1 / s.delay());
                    for (int p = 0; p < rates.length; p++) {
                        // at most end x f[p] fetches, and f[p] <= the host's budget
                        for (double t = f[p] > 0 ? phases.nextDouble() / f[p] : end; t < end; t += 1 / f[p]) {
                            fetches.add(new double[] {t, h, p});
                        }
                    }
                }
                fetches.sort((a, b) -> Double.compare(a[0], b[0]));
                RequestLog log = new RequestLog();
                for (double[] fetch : fetches) {
                    int h = (int) fetch[1], p = (int) fetch[2];
                    int version = model.version(h, p, fetch[0]);
                    boolean unchanged = ChangeModel.conditional(h) && version == log.copy(h, p);
                    log.page(fetch[0], h, p, unchanged ? 304 : 200, version);
                }
                System.out.printf(Locale.ROOT, "%n== check: a simulated crawler at the %s rates, %d fetches in %.0f s%n",
                        policy, fetches.size(), end);
                System.out.print(Analysis.of(model, log, s).report());
            }
        }
    }

    /**
     * The crawl as the server saw it, over the steady window: the second half of the time from the first page
     * request to the last, by then past the first full pass.
     */
    static final class Analysis {
        /** Per host: measured and closed-form figures. */
        record HostRow(int host, double budget, double fresh, double age, double modelFresh, double optimum,
                double uniform, double proportional, double uniformAge, long fetches, long ok, long unchangedOk,
                long notModified, long others, int neverFetched, List<PageRow> pages) {}

        /**
         * Per page: its section (null on the flat web), change rate, fetches a second by the crawler, the optimum
         * and uniform, and its freshness.
         */
        record PageRow(Layout.Section section, double rate, double crawler, double optimal, double uniform, double fresh) {}

        private final Settings settings;
        private final List<HostRow> rows;
        private final double from, to;
        private final double latestPublication;

        private Analysis(Settings settings, List<HostRow> rows, double from, double to, double latestPublication) {
            this.settings = settings;
            this.rows = rows;
            this.from = from;
            this.to = to;
            this.latestPublication = latestPublication;
        }

        static Analysis of(ChangeModel model, RequestLog log, Settings s) {
            List<Request> all = log.requests();
            if (all.isEmpty()) {
                return new Analysis(s, List.of(), 0, 0, 0);
            }
            double first = all.stream().mapToDouble(Request::time).min().orElse(0);
            double last = all.stream().mapToDouble(Request::time).max().orElse(0);
            double from = (first + last) / 2, to = last;
            Map<Long, List<Request>> byPage = new HashMap<>();
            for (Request r : all) {
                byPage.computeIfAbsent(((long) r.host() << 32) | r.page(), k -> new ArrayList<>()).add(r);
            }
            List<HostRow> rows = new ArrayList<>();
            for (int h = 0; h < s.hosts(); h++) {
                rows.add(host(model, log, byPage, h, from, to));
            }
            double latestPublication = Arrays.stream(model.published).flatMapToDouble(Arrays::stream).max().orElse(0);
            return new Analysis(s, rows, from, to, latestPublication);
        }

        private static HostRow host(ChangeModel model, RequestLog log, Map<Long, List<Request>> byPage, int h,
                double from, double to) {
            double window = to - from;
            int pages = model.settings.pages();
            double freshSeconds = 0, ageSeconds = 0;
            double[] pageFresh = new double[pages];
            long fetches = 0, ok = 0, unchangedOk = 0, notModified = 0;
            int neverFetched = 0;
            double[] actual = new double[pages];
            for (int p = 0; p < pages; p++) {
                List<Request> requests = byPage.getOrDefault(((long) h << 32) | p, List.of());
                int copy = -1; // the version held: none before the first 200
                double segmentStart = from;
                int previousCopy = -1;
                boolean fetchedBefore = false;
                for (Request r : requests) {
                    if (r.time() >= to) {
                        break;
                    }
                    if (r.time() >= from) {
                        double[] fa = copyIntegrals(model, h, p, copy, segmentStart, r.time());
                        freshSeconds += fa[0];
                        ageSeconds += fa[1];
                        pageFresh[p] += fa[0];
                        segmentStart = r.time();
                        fetches++;
                        actual[p]++;
                        if (r.status() == 304) {
                            notModified++;
                        } else {
                            ok++;
                            unchangedOk += r.version() == previousCopy ? 1 : 0;
                        }
                    } else {
                        fetchedBefore = true;
                    }
                    previousCopy = r.version();
                    copy = r.version();
                }
                double[] fa = copyIntegrals(model, h, p, copy, segmentStart, to);
                freshSeconds += fa[0];
                ageSeconds += fa[1];
                pageFresh[p] += fa[0];
                neverFetched += fetchedBefore ? 0 : 1;
                actual[p] /= window;
            }
            double[] rates = model.rates[h];
            double budget = fetches / window;
            double uniformAge = 0;
            for (double rate : rates) {
                uniformAge += Freshness.age(rate, budget / pages) / pages;
            }
            double[] optimal = Freshness.optimal(rates, budget);
            List<PageRow> pageRows = new ArrayList<>();
            for (int p = 0; p < pages; p++) {
                pageRows.add(new PageRow(model.layout.sectionOf(p), rates[p], actual[p], optimal[p], budget / pages,
                        pageFresh[p] / window));
            }
            return new HostRow(h, budget, freshSeconds / (window * pages), ageSeconds / (window * pages),
                    Freshness.mean(rates, actual), Freshness.mean(rates, optimal),
                    Freshness.mean(rates, Freshness.uniform(rates, budget)),
                    Freshness.mean(rates, Freshness.proportional(rates, budget)), uniformAge, fetches, ok, unchangedOk,
                    notModified, log.others(h), neverFetched, pageRows);
        }

        /**
         * Where the fetches went: pages grouped by their mean time between changes (decades), with the crawler's
         * fetches a page a minute against the optimum's and uniform's, and the crawler's measured freshness
         * against the optimum's closed form. Shows what a scheduler spends on pages it cannot keep fresh.
         */
        String bands() {
            double[] edges = {0, 2, 20, 200, 2_000, Double.POSITIVE_INFINITY};
            List<String> labels = new ArrayList<>();
            for (int b = 0; b + 1 < edges.length; b++) {
                labels.add(Double.isInfinite(edges[b + 1]) ? String.format(Locale.ROOT, ">= %.0f", edges[b])
                        : String.format(Locale.ROOT, "%.0f to %.0f", edges[b], edges[b + 1]));
            }
            return groups("seconds between changes", labels, page -> {
                int b = 0;
                while (1 / page.rate() >= edges[b + 1]) {
                    b++;
                }
                return labels.get(b);
            });
        }

        /** The same by section, on a sectioned web: how the plan served each kind of page. */
        String sections() {
            if (!settings.sections()) {
                return "";
            }
            return groups("section", Layout.SECTIONS.stream().map(Layout.Section::name).toList(),
                    page -> page.section().name());
        }

        /** The table of the pages grouped by {@code group}, in the order of {@code labels}; groups without pages left out. */
        private String groups(String title, List<String> labels, java.util.function.Function<PageRow, String> group) {
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "  %-22s %6s %10s %10s %10s %8s %8s%n",
                    title, "pages", "crawler/min", "optimum/min", "uniform/min", "fresh", "opt.fresh"));
            for (String label : labels) {
                int n = 0;
                double crawler = 0, optimal = 0, uniform = 0, fresh = 0, optFresh = 0;
                for (HostRow row : rows) {
                    for (PageRow page : row.pages()) {
                        if (group.apply(page).equals(label)) {
                            n++;
                            crawler += page.crawler() * 60;
                            optimal += page.optimal() * 60;
                            uniform += page.uniform() * 60;
                            fresh += page.fresh();
                            optFresh += Freshness.freshness(page.rate(), page.optimal());
                        }
                    }
                }
                if (n > 0) {
                    out.append(String.format(Locale.ROOT, "  %-22s %6d %10.2f %10.2f %10.2f %8.3f %8.3f%n", label, n,
                            crawler / n, optimal / n, uniform / n, fresh / n, optFresh / n));
                }
            }
            return out.toString();
        }

        /**
         * Over [a, b), holding version `copy` (-1: none): [seconds fresh, integral of age]. The copy is fresh
         * while the live version is the copy's; once the next version began, at c, the age is t − c. A missing
         * copy is stale throughout, its age counted from a.
         */
        static double[] copyIntegrals(ChangeModel model, int h, int p, int copy, double a, double b) {
            if (b <= a) {
                return new double[2];
            }
            if (copy < 0) {
                return new double[] {0, (b - a) * (b - a) / 2};
            }
            double fresh = Math.max(0, Math.min(b, model.until(h, p, copy)) - Math.max(a, model.since(h, p, copy)));
            double staleSince = model.until(h, p, copy);
            double m = Math.max(a, staleSince);
            double age = m < b ? ((b - staleSince) * (b - staleSince) - (m - staleSince) * (m - staleSince)) / 2 : 0;
            return new double[] {fresh, age};
        }

        String report() {
            if (rows.isEmpty()) {
                return "  no page was requested\n";
            }
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "  steady window: %.0f s, from %.0f s to %.0f s"
                    + " after the sites started%n", to - from, from, to));
            out.append(String.format(Locale.ROOT, "  %-4s %-12s %8s %7s %7s %7s %7s %7s %7s %8s %8s %7s %7s %6s%n", "host",
                    "kind", "fetch/s", "fresh", "model", "optimum", "uniform", "propor.", "age s", "unif.age", "wasted",
                    "304", "full", "other"));
            double[] sum = new double[8];
            long ok = 0, unchangedOk = 0, condFetches = 0, condNotModified = 0, condUnchangedOk = 0, never = 0;
            for (HostRow r : rows) {
                out.append(String.format(Locale.ROOT, "  %-4d %-12s %8.3f %7.3f %7.3f %7.3f %7.3f %7.3f %7.1f %8.1f %7.0f%% %6.0f%% %6s %6d%n",
                        r.host(), ChangeModel.kind(r.host()), r.budget(), r.fresh(), r.modelFresh(), r.optimum(), r.uniform(),
                        r.proportional(), r.age(), r.uniformAge(), 100.0 * r.unchangedOk() / Math.max(1, r.ok()),
                        100.0 * r.notModified() / Math.max(1, r.fetches()),
                        ChangeModel.conditional(r.host()) ? String.format(Locale.ROOT, "%.0f%%", 100.0 * r.unchangedOk()
                                / Math.max(1, r.unchangedOk() + r.notModified())) : "-", r.others()));
                double[] v = {r.budget(), r.fresh(), r.modelFresh(), r.optimum(), r.uniform(), r.proportional(), r.age(), r.uniformAge()};
                for (int i = 0; i < v.length; i++) {
                    sum[i] += v[i] / rows.size();
                }
                ok += r.ok();
                unchangedOk += r.unchangedOk();
                never += r.neverFetched();
                if (ChangeModel.conditional(r.host())) {
                    condFetches += r.fetches();
                    condNotModified += r.notModified();
                    condUnchangedOk += r.unchangedOk();
                }
            }
            out.append(String.format(Locale.ROOT, "  %-4s %-12s %8.3f %7.3f %7.3f %7.3f %7.3f %7.3f %7.1f %8.1f%n", "all", "",
                    sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7]));
            out.append(String.format(Locale.ROOT, "  crawler / optimum %.2f; uniform / optimum %.2f; proportional / optimum %.2f;"
                    + " the closed form at the crawler's own fetch rates per page / measured %.2f%n", sum[1] / sum[3],
                    sum[4] / sum[3], sum[5] / sum[3], sum[2] / sum[1]));
            out.append(String.format(Locale.ROOT, "  wasted: %.0f%% of 200 fetches found the main text unchanged; conditional"
                    + " hosts: %.0f%% of fetches answered 304, %.0f%% of fetches of unchanged pages got a full body (target 0);"
                    + " %d pages not fetched before the window%n", 100.0 * unchangedOk / Math.max(1, ok),
                    100.0 * condNotModified / Math.max(1, condFetches),
                    100.0 * condUnchangedOk / Math.max(1, condUnchangedOk + condNotModified), never));
            out.append(bands());
            out.append(sections());
            if (latestPublication > from) {
                // Cho's optimum counts every page over the whole window; a page published within it is not.
                out.append(String.format(Locale.ROOT, "  WARNING: a page was published at %.0f s, within the window:"
                        + " its freshness before is counted as stale%n", latestPublication));
            }
            out.append("  (fetch/s: page fetches in the window a second, the budget the policies share; fresh, age: measured,"
                    + " time-averaged over the host's pages; model: the closed form at the crawler's own fetches per page;"
                    + " wasted: 200s whose version was the copy's; full: on conditional hosts, fetches of unchanged pages"
                    + " answered in full; other: index, robots.txt and sitemap requests over the whole crawl)\n");
            return out.toString();
        }
    }
}
