package io.squall.fetch;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fetcher task's side of the host index: every {@code fetcher.hosts.flush.interval} the states of the host queues
 * that changed go in one bulk (never a write per URL), and when the task starts it reads back the states it
 * wrote before (Storm's fields grouping sends a key to the same task id after a worker restarts), so that a
 * back-off, a Retry-After block or an error pause outlives the worker that learned it.
 */
public final class HostIndex {
    private static final Logger LOG = LoggerFactory.getLogger(HostIndex.class);
    // A host's state is written again at its next change and after every interval it changed in: a write that
    // failed is superseded soon, so it is retried briefly and one request at a time is enough.
    private static final Duration RETRY = Duration.ofSeconds(30);
    private static final int BULK_ACTIONS = 1000;

    private final OpenSearchClient client;
    private final String index;
    private final BulkWriter bulk;
    private final int task;
    private final AtomicBoolean warned = new AtomicBoolean();
    private ScheduledExecutorService timer;

    /** @param task this fetcher task's id, which owns the keys it writes */
    public HostIndex(OpenSearchClient client, CrawlerConfig config, int task) {
        this.client = client;
        this.index = SquallIndex.HOSTS.name(config);
        Duration flush = Duration.ofMillis(Math.max(1, config.getDuration("fetcher.hosts.flush.interval").toMillis()));
        this.bulk = new BulkWriter(client, new BulkWriter.Settings(BULK_ACTIONS, flush, 1,
                RETRY), "hosts");
        this.task = task;
    }

    /** Whether the configuration asks for a host index ({@code fetcher.hosts.flush.interval} above 0). */
    public static boolean enabled(CrawlerConfig config) {
        Duration flush = config.getDuration("fetcher.hosts.flush.interval");
        return !flush.isNegative() && !flush.isZero();
    }

    /**
     * Creates the host index when missing (a crawl submitted by an earlier version of Squall has none); when
     * OpenSearch cannot do it now, the crawl goes on and the writes are retried as they come.
     */
    public void ensureIndex(CrawlerConfig config) {
        try {
            IndexSetup.ensureIndex(client, config, SquallIndex.HOSTS, null);
        } catch (RuntimeException e) {
            LOG.warn("Fetcher task {}: the host index '{}' cannot be created now: {}", task, index, e.getMessage());
        }
    }

    /**
     * The host states this task wrote before, the latest first, at most {@code max}; none when the index cannot
     * be read (the crawl goes on, its hosts start afresh).
     */
    public List<HostState> load(int max) {
        try {
            SearchResponse<Map> response = client.search(s -> s.index(index).size(max)
                    .query(q -> q.bool(b -> b
                            .filter(f -> f.term(t -> t.field("kind").value(FieldValue.of(HostState.KIND))))
                            .filter(f -> f.term(t -> t.field("task").value(FieldValue.of(task))))))
                    .sort(o -> o.field(f -> f.field("updated").order(SortOrder.Desc))), Map.class);
            List<HostState> states = new ArrayList<>();
            for (Hit<Map> hit : response.hits().hits()) {
                states.add(HostState.fromDocument(hit.source()));
            }
            return states;
        } catch (IOException | OpenSearchException | OpenSearchUnavailableException e) {
            LOG.warn("Fetcher task {}: the host index '{}' cannot be read ({}); its hosts start without their earlier"
                    + " back-offs and delays", task, index, e.toString());
            return List.of();
        }
    }

    /**
     * Hands the states to the bulk writer (sent at its pace) as one batch: the writer's adds and its sends share
     * its lock, so holding it while adding keeps its linger from sending the first states before the others
     * are there, however slow this thread is (up to {@value #BULK_ACTIONS} states a request).
     */
    public void write(List<HostState> states) {
        synchronized (bulk) {
            writeEach(states);
        }
    }

    private void writeEach(List<HostState> states) {
        for (HostState s : states) {
            // A partial update, not a replacement: the status writers add the host's freshness figures to it.
            bulk.update(index, s.key(), null, s.toDocument(), null, null, true, new BulkWriter.Callback() {
                @Override
                public void succeeded(boolean alreadyExisted) {
                }

                @Override
                public void failed(String reason) {
                    if (warned.compareAndSet(false, true)) {
                        LOG.warn("Fetcher task {}: host states cannot be written to '{}' ({}); the next changes are"
                                + " written again", task, index, reason);
                    }
                }
            });
        }
    }

    /** Writes the changes of the queues now (the periodic flush, and a test's). */
    public void flush(HostQueues<?> queues) {
        write(queues.changedStates(task));
        bulk.flush();
    }

    /** Writes the queues' changes every interval on a thread of its own, until {@link #close}. */
    public synchronized void startFlushing(HostQueues<?> queues, Duration every) {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "squall-hosts-" + task);
            t.setDaemon(true);
            return t;
        });
        long millis = Math.max(1, every.toMillis());
        timer.scheduleWithFixedDelay(() -> {
            try {
                flush(queues);
            } catch (RuntimeException e) {
                LOG.warn("Fetcher task {}: writing host states failed: {}", task, e.toString());
            }
        }, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Writes what changed last and stops, waiting a little for the last bulk. */
    public void close(HostQueues<?> queues) {
        stopFlushing();
        write(queues.changedStates(task));
        close();
    }

    /** Stops, waiting a little for the writes under way. */
    public void close() {
        stopFlushing();
        bulk.close(Duration.ofSeconds(5));
    }

    private synchronized void stopFlushing() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
