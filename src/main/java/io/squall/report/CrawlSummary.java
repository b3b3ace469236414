package io.squall.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.squall.config.Durations;
import io.squall.core.ErrorCauses;
import io.squall.local.StopReason;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a crawl left behind: this run's figures and the status index's counts.
 *
 * @param stopReason why the run ended (null for {@code squall status}, which runs no crawl)
 * @param elapsed the run's length, until it stopped handing out URLs
 * @param drained how long the URLs in flight then took to finish (zero when none were left)
 * @param fetched pages fetched in this run
 * @param bytes bytes fetched in this run
 * @param run when the run was and what it used, or null
 * @param status what the status index holds
 * @param nextDue when the run ended as idle: when its next URL became due, after the end of --duration if it
 *                had one (null: no URL is due again, or the run ended otherwise)
 */
public record CrawlSummary(StopReason stopReason, Duration elapsed, Duration drained, long fetched, long bytes, Run run,
        StatusReport status, NextDue nextDue) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public String toText() {
        StringBuilder s = new StringBuilder();
        if (stopReason != null) {
            double seconds = Math.max(elapsed.toMillis(), 1) / 1000.0;
            String drain = drained.isZero() ? "" : String.format(Locale.ROOT, " (URLs in flight then drained in %.1f s)",
                    drained.toMillis() / 1000.0);
            s.append(String.format(Locale.ROOT, "Stopped: %s after %s%s. Fetched %s pages (%s KB) in this run, %.1f pages/s.%n",
                    stopReason.description, Durations.format(elapsed), drain, Counts.of(fetched),
                    Counts.of(bytes / 1024), fetched / seconds));
        }
        if (nextDue != null) {
            s.append(String.format(Locale.ROOT, "Next URL due %s (in %s); run with a --duration longer than that to"
                    + " keep crawling.%n", nextDue.at(), nextDue.inText()));
        }
        if (run != null) {
            s.append(String.format(Locale.ROOT, "CPU %.1f s, peak heap %d MB (this process, OpenSearch included).%n",
                    run.cpuSeconds(), run.peakHeapBytes() / (1024 * 1024)));
        }
        s.append(status.toText());
        return s.toString();
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        if (stopReason != null) {
            root.put("stopReason", stopReason.name().toLowerCase(Locale.ROOT));
            root.put("elapsedSeconds", elapsed.toMillis() / 1000.0);
            root.put("drainSeconds", drained.toMillis() / 1000.0);
            root.put("fetched", fetched);
            root.put("bytes", bytes);
        }
        if (nextDue != null) {
            root.put("nextDue", nextDue.at().toString());
        }
        if (run != null) {
            root.put("startedAt", run.startedAt().toString());
            root.put("stoppedAt", run.stoppedAt().toString());
            root.put("cpuSeconds", Math.round(run.cpuSeconds() * 10) / 10.0);
            root.put("peakHeapMB", run.peakHeapBytes() / (1024 * 1024));
        }
        status.addTo(root);
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the summary as JSON", e);
        }
    }

    /**
     * When a run happened and what its process used.
     *
     * @param stoppedAt when the crawl decided to stop (before the cluster shut down)
     * @param cpuSeconds CPU time of the whole process so far
     * @param peakHeapBytes the largest heap use seen by the JVM's memory pools
     */
    public record Run(java.time.Instant startedAt, java.time.Instant stoppedAt, double cpuSeconds, long peakHeapBytes) {
        public static Run measure(java.time.Instant startedAt, java.time.Instant stoppedAt) {
            double cpu = 0;
            if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os) {
                cpu = os.getProcessCpuTime() / 1e9;
            }
            long peak = 0;
            for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getPeakUsage() != null) {
                    peak += pool.getPeakUsage().getUsed();
                }
            }
            return new Run(startedAt, stoppedAt, cpu, peak);
        }
    }

    /**
     * An error cause ({@code error.cause}) of FETCH_ERROR and ERROR URLs, with how many URLs and hosts have it.
     */
    public record Cause(String cause, long urls, long hosts) {
        String description() {
            return ErrorCauses.describe(cause);
        }

        /** "robots.txt unreachable: connection refused (3 hosts; robots.unavailable.connection.refused)". */
        String toText() {
            return String.format(Locale.ROOT, "%s (%s %s; %s)", description(), Counts.of(hosts),
                    hosts == 1 ? "host" : "hosts", cause);
        }
    }

    /**
     * Counts from the status index.
     *
     * @param total documents in the status index
     * @param byStatus documents per status, every status present (0 when none)
     * @param topHosts the partition keys (hosts) with most URLs, most first
     * @param topErrors the most frequent error causes of FETCH_ERROR and ERROR URLs, most first
     * @param freshness what the fetches found of the pages' changes, and the freshness planned
     */
    public record StatusReport(String index, long total, Map<String, Long> byStatus,
            List<Map.Entry<String, Long>> topHosts, List<Cause> topErrors, FreshnessReport freshness) {

        public StatusReport(String index, long total, Map<String, Long> byStatus,
                List<Map.Entry<String, Long>> topHosts, List<Cause> topErrors) {
            this(index, total, byStatus, topHosts, topErrors, FreshnessReport.NONE);
        }

        long count(String status) {
            return byStatus.getOrDefault(status, 0L);
        }

        String toText() {
            StringBuilder s = new StringBuilder();
            s.append("Status index '").append(index).append("': ").append(Counts.of(total)).append(" URLs\n");
            byStatus.forEach((status, n) -> s.append(String.format(Locale.ROOT, "  %-12s %10s%n", status,
                    Counts.of(n))));
            appendTop(s, "Top hosts (URLs):", topHosts);
            if (!topErrors.isEmpty()) {
                s.append("Top error causes (URLs):\n");
                topErrors.forEach(c -> s.append(String.format(Locale.ROOT, "  %10s  %s%n", Counts.of(c.urls()),
                        c.toText())));
            }
            s.append(freshness.toText());
            return s.toString();
        }

        private static void appendTop(StringBuilder s, String title, List<Map.Entry<String, Long>> entries) {
            if (entries.isEmpty()) {
                return;
            }
            s.append(title).append('\n');
            entries.forEach(e -> s.append(String.format(Locale.ROOT, "  %10s  %s%n", Counts.of(e.getValue()),
                    e.getKey())));
        }

        void addTo(ObjectNode root) {
            root.put("index", index);
            root.put("total", total);
            ObjectNode statuses = root.putObject("status");
            byStatus.forEach(statuses::put);
            addTop(root.putArray("topHosts"), "host", topHosts);
            ArrayNode errors = root.putArray("topErrors");
            topErrors.forEach(c -> errors.addObject().put("cause", c.cause()).put("description", c.description())
                    .put("urls", c.urls()).put("hosts", c.hosts()));
            freshness.addTo(root);
        }

        private static void addTop(ArrayNode array, String name, List<Map.Entry<String, Long>> entries) {
            entries.forEach(e -> array.addObject().put(name, e.getKey()).put("urls", e.getValue()));
        }
    }
}
