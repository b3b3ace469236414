package io.squall.cli;

import io.squall.report.Counts;
import java.nio.file.Path;
import java.util.Map;

/** What a run that resumes a crawl starts from: what the status index already holds, and what is due. */
final class ResumeLine {
    private ResumeLine() {
    }

    /**
     * "Resuming the crawl in data: 1,234 URLs known: 1,000 fetched, 150 not fetched yet, 12 redirections,
     * 72 errors; 200 due now, the others later."
     *
     * @param byStatus documents per status
     * @param due URLs whose next fetch date has come
     */
    static String text(Path dataDir, Map<String, Long> byStatus, long due) {
        long known = byStatus.values().stream().mapToLong(Long::longValue).sum();
        long errors = byStatus.getOrDefault("FETCH_ERROR", 0L) + byStatus.getOrDefault("ERROR", 0L);
        return "Resuming the crawl in " + dataDir + ": " + Counts.of(known) + " URLs known: "
                + Counts.of(byStatus.getOrDefault("FETCHED", 0L)) + " fetched, "
                + Counts.of(byStatus.getOrDefault("DISCOVERED", 0L)) + " not fetched yet, "
                + Counts.of(byStatus.getOrDefault("REDIRECTION", 0L)) + " redirections, "
                + Counts.of(errors) + " errors; " + Counts.of(due) + " due now"
                + (due >= known ? "." : ", the others later.");
    }

    /** Said when URLs the address guard refused before are tried again at once, with this run's allow list. */
    static String refusals(long count) {
        return Counts.of(count) + (count == 1 ? " URL refused by the address guard before is"
                : " URLs refused by the address guard before are") + " due again: the guard decides anew with this"
                + " run's allowed addresses.";
    }
}
