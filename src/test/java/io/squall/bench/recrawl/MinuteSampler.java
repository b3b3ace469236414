package io.squall.bench.recrawl;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.SearchStats;

/**
 * Measures the crawl minute by minute until its process exits: pages from the web server, CPU from /proc,
 * the crawler's heap after a full collection, searches from the node and the metrics index. Each minute is
 * printed and appended to the TSV file a minute late, once the metrics of its last seconds are written; the
 * last minute is completed when the crawl has stopped, having written its metrics. A minute cut short by the
 * crawl's end is left out.
 */
final class MinuteSampler {
    private static final long MINUTE_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** Counts since some moment: the differences of two make a minute. */
    private record Snapshot(Instant at, long pages, long notModified, long machine, long crawler,
            long bench, long queries, long queryMillis) {
    }

    private final Process crawl;
    private final WebServer web;
    private final OpenSearchClient client;
    private final String statusIndex;
    private final SpoutSearches spout;
    private final HeapAfterGc heap;
    private final Path tsv;
    private final PrintStream out;

    MinuteSampler(Process crawl, WebServer web, OpenSearchClient client, String statusIndex, SpoutSearches spout,
            HeapAfterGc heap, Path tsv, PrintStream out) {
        this.crawl = crawl;
        this.web = web;
        this.client = client;
        this.statusIndex = statusIndex;
        this.spout = spout;
        this.heap = heap;
        this.tsv = tsv;
        this.out = out;
    }

    /**
     * @param startNanos when the crawl's command started
     * @param deadlineNanos when a crawl that has not stopped by itself is stopped (its --duration failed it)
     */
    List<Minute> run(long startNanos, long deadlineNanos) throws IOException, InterruptedException {
        Files.writeString(tsv, Minute.TSV_HEADER + "\n");
        out.println(Minute.TABLE_HEADER);
        List<Minute> minutes = new ArrayList<>();
        Snapshot previous = take();
        Minute pending = null;
        for (int k = 1; !crawl.waitFor(startNanos + k * MINUTE_NANOS - System.nanoTime(), TimeUnit.NANOSECONDS); k++) {
            if (System.nanoTime() > deadlineNanos) {
                crawl.destroy();
            }
            Snapshot now;
            try {
                now = take();
            } catch (NoSuchFileException e) {
                break; // the crawl exited since it was asked: this minute was cut short
            }
            // After the CPU counts: the collection's CPU falls into the next minute, as each minute's does.
            double heapMegabytes = heap.megabytes(crawl.pid());
            if (pending != null) {
                minutes.add(complete(pending));
            }
            pending = new Minute(k, previous.at(), now.at(), now.pages() - previous.pages(),
                    now.notModified() - previous.notModified(), now.machine() - previous.machine(),
                    now.crawler() - previous.crawler(), now.bench() - previous.bench(), heapMegabytes, null,
                    now.queries() - previous.queries(), now.queryMillis() - previous.queryMillis(),
                    Proc.loadAverage());
            previous = now;
        }
        if (pending != null) {
            minutes.add(complete(pending));
        }
        return minutes;
    }

    private Minute complete(Minute minute) throws IOException {
        Minute done = minute.withSpout(spout.between(minute.from(), minute.to()));
        out.println(done.tableRow());
        Files.writeString(tsv, done.tsv() + "\n", StandardOpenOption.APPEND);
        return done;
    }

    private Snapshot take() throws IOException {
        SearchStats search = client.indices().stats(s -> s.index(statusIndex)).all().primaries().search();
        return new Snapshot(Instant.now(), web.pages(), web.notModified(), Proc.machineTicks(),
                Proc.processTicks(crawl.pid()), Proc.processTicks(ProcessHandle.current().pid()), search.queryTotal(),
                search.queryTimeInMillis());
    }
}
