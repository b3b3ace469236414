package io.squall.frontier;

import io.squall.api.Metadata;
import io.squall.api.Scheduler;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.freshness.ChangeDetector;
import io.squall.freshness.ChangeTracker;
import io.squall.freshness.GreedyOptimum;
import io.squall.freshness.RefreshMath;
import io.squall.freshness.TextFingerprint;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * Not a test: the freshness scheduler in a simulated host, in seconds of simulated time, to study its policy
 * without a crawl. Pages change as Poisson processes (rates log-uniform between the bounds given); the host
 * fetches its earliest due page every {@code 1/budget} seconds when one is due; the scheduler and the change
 * tracker are Squall's own. Prints the time-averaged freshness over the second half against the optimum
 * with the true rates and the uniform policy at the same fetches.
 *
 * <p>With {@code sections} above 0, the host is a site of that many sections whose pages change alike (pages
 * ranked by rate, each section a run of ranks), and its pages are found one by one over the first half, as a
 * news site's new pages: with {@code paths} true each section is a directory of the URLs (the path pattern
 * gives a new page its section's rate), with false every URL is in the same directory (the host's rate only).
 *
 * <p>With {@code sections} {@code web}, the host is one of the changing-web benchmark's sectioned sites
 * ({@code bench/ChangingWeb.java}): /live/, /news/#/, /shop/ and /archive/#/ (15, 45, 25 and 15% of the pages),
 * rates log-normal around each section's median (0.5, 5, 60 and 2,880 s; σ of ln: ln 10 / 2), half the pages
 * there at the start and the rest found over the first third; {@code fastest} and {@code slowest} are unused.
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.squall.frontier.FreshnessSimulation
 * [pages] [seconds] [fastest] [slowest] [lastModified: true|false] [seed] [sections|web] [paths: true|false]}.
 */
public final class FreshnessSimulation {
    private FreshnessSimulation() {
    }

    public static void main(String[] args) {
        int pages = args.length > 0 ? Integer.parseInt(args[0]) : 120;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 720;
        double fastest = args.length > 2 ? Double.parseDouble(args[2]) : 0.2;
        double slowest = args.length > 3 ? Double.parseDouble(args[3]) : 600;
        boolean lastModified = args.length > 4 && Boolean.parseBoolean(args[4]);
        long seed = args.length > 5 ? Long.parseLong(args[5]) : 1;
        boolean web = args.length > 6 && args[6].equals("web");
        int sections = args.length > 6 && !web ? Integer.parseInt(args[6]) : 0;
        boolean paths = args.length <= 7 || Boolean.parseBoolean(args[7]);
        Random random = new Random(seed);
        double[] rates = new double[pages];
        String[] urls;
        double[] found = new double[pages];
        if (web) {
            urls = webPages(rates, found, seconds / 3.0, random);
        } else {
            for (int i = 0; i < pages; i++) {
                rates[i] = 1 / Math.exp(Math.log(fastest) + random.nextDouble() * Math.log(slowest / fastest));
            }
            urls = urls(rates, sections, paths);
        }
        double[][] changes = new double[pages][];
        for (int i = 0; i < pages; i++) {
            double t = 0;
            double[] times = new double[16];
            int n = 0;
            while (true) {
                t += -Math.log(1 - random.nextDouble()) / rates[i];
                if (t > seconds) {
                    break;
                }
                if (n == times.length) {
                    times = Arrays.copyOf(times, n * 2);
                }
                times[n++] = t;
            }
            changes[i] = Arrays.copyOf(times, n);
        }
        Map<String, Object> settings = new HashMap<>(Map.of("scheduler.class", "freshness",
                "scheduler.freshness.min.seconds", 1, "scheduler.freshness.max.seconds", 43_200,
                "scheduler.freshness.default.change.seconds", 1_440, "fetcher.server.delay", 1.0));
        Scheduler scheduler = Schedulers.fromConfig(CrawlerConfig.defaults().with(settings, "simulation"));
        ChangeTracker tracker = new ChangeTracker(new ChangeDetector(3));
        Instant origin = Instant.parse("2026-01-01T00:00:00Z");

        Metadata[] stored = new Metadata[pages];
        double[] due = new double[pages];
        int[] heldVersion = new int[pages];
        Arrays.fill(heldVersion, -1);
        long[] fetchesInWindow = new long[pages];
        double freshSum = 0;
        long samples = 0;
        double window = seconds / 2.0;
        for (int i = 0; i < pages; i++) {
            // Discovered at the start, in order; a site of sections: one after the other over the first half.
            due[i] = web ? found[i] : sections > 0 ? i * window / pages : i * 0.001;
        }
        double nextSlot = 0;
        for (double t = 0; t < seconds; t += 0.25) {
            if (t >= nextSlot) {
                int next = -1;
                for (int i = 0; i < pages; i++) {
                    if (due[i] <= t && (next < 0 || due[i] < due[next])) {
                        next = i;
                    }
                }
                if (next >= 0) {
                    int version = versionAt(changes[next], t);
                    Instant now = origin.plusMillis(Math.round(t * 1000));
                    Metadata md = stored[next] == null ? new Metadata() : stored[next].copy();
                    md.set(MetadataKeys.FETCH_STATUS_CODE, "200");
                    md.set(MetadataKeys.FINGERPRINT, TextFingerprint.hex(TextFingerprint.of(
                            "page " + words(next) + " version " + words(version) + " of the text")));
                    if (lastModified) {
                        double changed = version == 0 ? 0 : changes[next][version - 1];
                        md.set(MetadataKeys.LAST_MODIFIED, DateTimeFormatter.RFC_1123_DATE_TIME.format(
                                origin.plusMillis(Math.round(changed * 1000)).atOffset(ZoneOffset.UTC)));
                    }
                    tracker.fetched(md, now);
                    Instant after = scheduler.nextFetchDate(urls[next], "h", Status.FETCHED, md, now).orElseThrow();
                    due[next] = (after.toEpochMilli() - origin.toEpochMilli()) / 1000.0;
                    stored[next] = md;
                    heldVersion[next] = version;
                    if (t >= window) {
                        fetchesInWindow[next]++;
                    }
                    nextSlot = t + 1;
                }
            }
            if (t >= window) {
                for (int i = 0; i < pages; i++) {
                    if (heldVersion[i] == versionAt(changes[i], t)) {
                        freshSum++;
                    }
                }
                samples += pages;
            }
        }
        double plannedSum = 0;
        int atMax = 0;
        int atMin = 0;
        for (Metadata md : stored) {
            double interval = Double.parseDouble(md.getFirst(FreshnessScheduler.INTERVAL));
            plannedSum += 1 / interval;
            atMax += interval >= 43_200 ? 1 : 0;
            atMin += interval <= 1 ? 1 : 0;
        }
        System.out.printf("planned at the end: %.3f fetches/s, %d pages at the longest interval, %d at the shortest%n",
                plannedSum, atMax, atMin);
        double measured = freshSum / samples;
        double budget = Arrays.stream(fetchesInWindow).sum() / window;
        double optimum = GreedyOptimum.meanFreshness(rates, budget, 20_000);
        double[] optimal = GreedyOptimum.fetchRates(rates, budget, 20_000);
        double uniform = Arrays.stream(rates).map(r -> RefreshMath.freshness(r, pages / budget)).average().orElse(0);
        System.out.printf("pages %d, %d s, changes every %.1f to %.0f s, last-modified %s: budget used %.3f/s;"
                + " fresh %.3f, optimum %.3f, uniform %.3f: %.2f of the optimum (uniform %.2f)%n", pages, seconds,
                fastest, slowest, lastModified, budget, measured, optimum, uniform, measured / optimum, uniform / optimum);
        int[] bounds = {0, 2, 20, 200, 2_000, Integer.MAX_VALUE};
        for (int b = 0; b + 1 < bounds.length; b++) {
            long n = 0;
            long fetched = 0;
            double optimalFetches = 0;
            for (int i = 0; i < pages; i++) {
                double interval = 1 / rates[i];
                if (interval >= bounds[b] && interval < bounds[b + 1]) {
                    n++;
                    fetched += fetchesInWindow[i];
                    optimalFetches += optimal[i] * 60;
                }
            }
            System.out.printf("  changes every %d+ s: %d pages, %.2f fetches a page a minute (optimum %.2f)%n",
                    bounds[b], n, n == 0 ? 0 : fetched * 60.0 / window / n, n == 0 ? 0 : optimalFetches / n);
        }
    }

    /**
     * The pages' URLs: with sections, page i is in the section of its rate's rank (a directory named by letters:
     * digits would read as one pattern), or all in one directory when {@code paths} is false.
     */
    private static String[] urls(double[] rates, int sections, boolean paths) {
        Integer[] byRate = new Integer[rates.length];
        Arrays.setAll(byRate, i -> i);
        Arrays.sort(byRate, (a, b) -> Double.compare(rates[a], rates[b]));
        String[] urls = new String[rates.length];
        for (int rank = 0; rank < rates.length; rank++) {
            int page = byRate[rank];
            String section = sections > 0 && paths ? "section-" + (char) ('a' + rank * sections / rates.length) + "/" : "";
            urls[page] = "http://h/" + section + "page-" + page;
        }
        return urls;
    }

    /** A section of the benchmark's site: its pages' path, its share of the pages, their median seconds between changes. */
    private record WebSection(String pathFormat, double share, double medianSeconds) {
    }

    private static final WebSection[] WEB_SECTIONS = {new WebSection("/live/%d.html", 0.15, 0.5),
        new WebSection("/news/%d/story.html", 0.45, 5.0), new WebSection("/shop/%d.html", 0.25, 60.0),
        new WebSection("/archive/%d/page.html", 0.15, 2_880.0)};

    private static String[] webPages(double[] rates, double[] found, double foundBy, Random random) {
        String[] urls = new String[rates.length];
        int page = 0;
        for (int s = 0; s < WEB_SECTIONS.length; s++) {
            WebSection section = WEB_SECTIONS[s];
            int end = s == WEB_SECTIONS.length - 1 ? rates.length
                    : page + (int) Math.round(section.share() * rates.length);
            for (; page < end; page++) {
                urls[page] = "http://h" + String.format(section.pathFormat(), page);
                rates[page] = 1 / (section.medianSeconds() * Math.exp(Math.log(10) / 2 * random.nextGaussian()));
                found[page] = random.nextBoolean() ? page * 0.001 : random.nextDouble() * foundBy;
            }
        }
        return urls;
    }

    private static String words(int n) {
        String[] names = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"};
        StringBuilder s = new StringBuilder();
        do {
            s.append(names[n % 10]).append(' ');
            n /= 10;
        } while (n > 0);
        return s.toString();
    }

    private static int versionAt(double[] changes, double t) {
        int index = Arrays.binarySearch(changes, t);
        return index >= 0 ? index + 1 : -index - 1;
    }
}
