package io.squall.bench.recrawl;

import java.time.Instant;
import java.util.Locale;

/**
 * One minute of the crawl, numbered from 1 (minute k runs from k − 1 to k minutes after the crawl's command
 * started), with the counts it covers, so that a window's figures are its totals' ratios.
 *
 * @param pages page answers of the web server (200s and 304s)
 * @param notModified of those, 304s
 * @param machineTicks busy CPU ticks of the whole machine (crawler, OpenSearch node, web server, and anything else)
 * @param crawlerTicks CPU ticks of the crawler's process
 * @param benchTicks CPU ticks of the benchmark's process: its OpenSearch node and the web server
 * @param heapMegabytes the crawler's heap after a full collection at the minute's end
 * @param spout the spout's searches, from the metrics index
 * @param statusQueries searches of the status index the node answered (the spout's, and the progress line's counts)
 * @param statusQueryMillis their time in the node
 */
record Minute(int number, Instant from, Instant to, long pages, long notModified, long machineTicks,
        long crawlerTicks, long benchTicks, double heapMegabytes, SpoutSearches.Figures spout, long statusQueries,
        long statusQueryMillis, String load) {

    static final String TSV_HEADER = "minute\tfrom\tpages\tnot_modified\tmachine_ms_a_page\tcrawler_ms_a_page"
            + "\tnode_and_web_ms_a_page\theap_after_gc_mb\tspout_search_p50_ms\tspout_searches\tstatus_query_ms\tload1";
    static final String TABLE_HEADER = String.format(Locale.ROOT, "%4s %7s %6s %9s %9s %9s %8s %8s %8s %8s %6s",
            "min", "pages", "304s", "machine", "crawler", "node+web", "heap MB", "spout", "searches", "status q",
            "load") + String.format(Locale.ROOT, "%n%4s %7s %6s %9s %9s %9s %8s %8s %8s %8s %6s", "", "", "",
            "ms/page", "ms/page", "ms/page", "after GC", "p50 ms", "", "ms", "");

    Minute withSpout(SpoutSearches.Figures figures) {
        return new Minute(number, from, to, pages, notModified, machineTicks, crawlerTicks, benchTicks, heapMegabytes,
                figures, statusQueries, statusQueryMillis, load);
    }

    static double millisAPage(long ticks, long pages) {
        return pages == 0 ? Double.NaN : ticks * Proc.MILLIS_A_TICK / pages;
    }

    static double queryMillis(long millis, long queries) {
        return queries == 0 ? Double.NaN : (double) millis / queries;
    }

    String tsv() {
        return String.format(Locale.ROOT, "%d\t%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t%.1f\t%.1f\t%d\t%.2f\t%s", number, from,
                pages, notModified, millisAPage(machineTicks, pages), millisAPage(crawlerTicks, pages),
                millisAPage(benchTicks, pages), heapMegabytes, spout.p50Millis(), spout.searches(),
                queryMillis(statusQueryMillis, statusQueries), load);
    }

    String tableRow() {
        return String.format(Locale.ROOT, "%4d %7d %6d %9.2f %9.2f %9.2f %8.0f %8.1f %8d %8.2f %6s", number, pages,
                notModified, millisAPage(machineTicks, pages), millisAPage(crawlerTicks, pages),
                millisAPage(benchTicks, pages), heapMegabytes, spout.p50Millis(), spout.searches(),
                queryMillis(statusQueryMillis, statusQueries), load);
    }
}
