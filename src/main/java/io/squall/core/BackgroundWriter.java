package io.squall.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands items from the threads that produce them (fetch threads) to a thread of its own that writes them
 * out, through a queue bounded in items and in weight (bytes): a producer never waits on the disk, and when
 * the queue is full the item is dropped and counted rather than waited for. Once the output has failed,
 * items are dropped too.
 *
 * @param <T> what is written
 */
public final class BackgroundWriter<T> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundWriter.class);
    private static final Object STOP = new Object();

    /** Where the items go; called on the writer's thread only. */
    public interface Output<T> extends java.io.Closeable {
        void write(T item) throws IOException;

        /** Called when the queue has run empty: what was written becomes readable. */
        void flush() throws IOException;
    }

    private final String name;
    private final Output<T> output;
    private final LinkedBlockingQueue<Object> queue;
    private final long maxWeight;
    private final ToLongFunction<T> weight;
    private final AtomicLong queuedWeight = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final Thread writer;
    private volatile boolean failed;

    /**
     * @param name names the thread and the output in log lines
     * @param maxItems items the queue holds at most
     * @param maxWeight total weight of the items queued at most (an item heavier than that alone is dropped)
     * @param weight the weight of an item
     */
    public BackgroundWriter(String name, Output<T> output, int maxItems, long maxWeight, ToLongFunction<T> weight) {
        this.name = name;
        this.output = output;
        this.queue = new LinkedBlockingQueue<>(maxItems + 1); // + 1: room for STOP
        this.maxWeight = maxWeight;
        this.weight = weight;
        this.writer = new Thread(this::run, "squall-" + name);
        writer.setDaemon(true);
        writer.start();
    }

    /** Queues an item for writing; never blocks. False when it was dropped (queue full, or the output failed). */
    public boolean offer(T item) {
        long w = weight.applyAsLong(item);
        if (failed || queuedWeight.addAndGet(w) > maxWeight || queue.remainingCapacity() <= 1 || !queue.offer(item)) {
            queuedWeight.addAndGet(-w);
            dropped.incrementAndGet();
            return false;
        }
        return true;
    }

    /** Items not written because the writer could not keep up or its output failed. */
    public long dropped() {
        return dropped.get();
    }

    @SuppressWarnings("unchecked")
    private void run() {
        List<Object> batch = new ArrayList<>();
        try {
            while (true) {
                batch.add(queue.take());
                queue.drainTo(batch);
                for (Object item : batch) {
                    if (item == STOP) {
                        output.flush();
                        return;
                    }
                    try {
                        output.write((T) item);
                    } finally {
                        queuedWeight.addAndGet(-weight.applyAsLong((T) item));
                    }
                }
                batch.clear();
                if (queue.isEmpty()) {
                    output.flush(); // what is written is readable at once, without a flush per item under load
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            failed = true;
            queue.clear();
            LOG.warn("{} could not be written, nothing more goes to it: {}", name, e.toString());
        }
    }

    /** Writes what is queued (waiting at most {@code waitSeconds}) and closes the output. */
    public void close(long waitSeconds) {
        try {
            if (queue.offer(STOP, waitSeconds, TimeUnit.SECONDS)) {
                writer.join(TimeUnit.SECONDS.toMillis(waitSeconds));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive()) {
            LOG.warn("{}: not everything queued was written within {} s, closing it anyway", name, waitSeconds);
        }
        try {
            output.close();
        } catch (IOException e) {
            LOG.warn("Closing {}: {}", name, e.getMessage());
        }
    }

    @Override
    public void close() {
        close(5);
    }
}
