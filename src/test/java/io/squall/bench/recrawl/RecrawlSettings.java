package io.squall.bench.recrawl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmark's settings, from the environment: BENCH_RECRAWL_URLS (10,000,000 status documents),
 * _HOSTS (1,000), _DURATION (60m: the crawl's --duration), _WARMUP (5m: left out before the first window),
 * _WINDOW (10m: the first and the last window compared) and _SPREAD (the due dates' spread; the duration by
 * default), _KEEP (a directory where the loaded index is kept for the next runs: see {@link KeptIndex}) and
 * _LOAD_ONLY (true: load the kept index, and do not crawl). Durations are like 90s, 10m, 1h.
 */
record RecrawlSettings(long urls, int hosts, Duration duration, Duration warmup, Duration window, Duration spread,
        Optional<Path> keep, boolean loadOnly) {
    private static final Pattern DURATION = Pattern.compile("(\\d+)([smh])");

    static RecrawlSettings fromEnvironment(Map<String, String> environment) {
        Duration duration = duration(environment, "DURATION", "60m");
        return new RecrawlSettings(Long.parseLong(get(environment, "URLS", "10000000")),
                Integer.parseInt(get(environment, "HOSTS", "1000")), duration, duration(environment, "WARMUP", "5m"),
                duration(environment, "WINDOW", "10m"), duration(environment, "SPREAD", duration.toSeconds() + "s"),
                Optional.of(get(environment, "KEEP", "")).filter(dir -> !dir.isEmpty()).map(Path::of),
                Boolean.parseBoolean(get(environment, "LOAD_ONLY", "false")));
    }

    /**
     * The politeness delay that puts the politeness bound at 1,000 pages a second whatever the hosts: above
     * what the machine can do, so that the crawl goes at the machine's pace (one host's pages still come no
     * faster than a real site's would).
     */
    double delaySeconds() {
        return hosts / 1000.0;
    }

    String describe() {
        return String.format(Locale.ROOT, "%,d status documents on %,d hosts; a crawl of %s at a %.3g s delay (the"
                + " politeness bound: 1,000 pages/s); windows of %s after %s of warm-up against the last %s; due dates"
                + " spread over %s", urls, hosts, text(duration), delaySeconds(), text(window), text(warmup),
                text(window), text(spread));
    }

    private static String text(Duration d) {
        return d.toSeconds() % 60 == 0 ? d.toMinutes() + " min" : d.toSeconds() + " s";
    }

    private static String get(Map<String, String> environment, String name, String otherwise) {
        return environment.getOrDefault("BENCH_RECRAWL_" + name, otherwise).strip();
    }

    private static Duration duration(Map<String, String> environment, String name, String otherwise) {
        String text = get(environment, name, otherwise);
        Matcher m = DURATION.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("BENCH_RECRAWL_" + name + ": '" + text + "' is not a duration like 90s,"
                    + " 10m or 1h");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }
}
