package io.squall.fetch;

import com.codahale.metrics.Gauge;
import java.util.List;

/**
 * The {@code fetcher.queues} gauge: the number of host queues, as every metrics reporter reads it, and, for a
 * reader in the worker's own JVM (local mode's console, which finds it in the worker's metrics registry), a
 * view of each queue.
 */
public final class QueueGauge implements Gauge<Long> {
    private final HostQueues<?> queues;

    QueueGauge(HostQueues<?> queues) {
        this.queues = queues;
    }

    @Override
    public Long getValue() {
        return (long) queues.queueCount();
    }

    /** Each queue's state now (a copy). */
    public List<QueueView> views() {
        return queues.views();
    }
}
