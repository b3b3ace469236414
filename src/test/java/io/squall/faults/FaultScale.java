package io.squall.faults;

/**
 * How big a fault schedule is: the generated web (hosts, pages a host, how many links a heavy page has) and
 * how many faults come before the run that finishes the crawl. {@link #CI} keeps a schedule within a minute
 * or so on a loaded 2-core machine; {@link #BENCH} is for the longer runs of {@code bench/run faults} (at 300
 * pages a host, a crawl without delay fetched the whole web in the first fault's 6 s, and the rest of the
 * schedule found nothing to do).
 */
public record FaultScale(String name, int hosts, int pagesPerHost, int heavyLinks, int faults) {
    public static final FaultScale CI = new FaultScale("ci", 3, 40, 100, 2);
    public static final FaultScale BENCH = new FaultScale("bench", 5, 1000, 800, 5);

    public FaultScale {
        if (hosts < 1 || pagesPerHost < 2 || heavyLinks < 1 || faults < 1) {
            throw new IllegalArgumentException("not a usable scale: " + this);
        }
        // The invariants read the whole status index in one search of at most 10,000 documents.
        if (hosts * pagesPerHost > 10_000) {
            throw new IllegalArgumentException("at most 10,000 pages: " + this);
        }
    }

    public int pages() {
        return hosts * pagesPerHost;
    }
}
