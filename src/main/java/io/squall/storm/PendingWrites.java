package io.squall.storm;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The status writes a worker owes for the URLs it fetched: a fetched page counts from the moment it is
 * fetched until the status updater has its writes answered (its outcome and every link it discovered),
 * wherever they wait meanwhile: the parser's queue, the indexer, Storm's queues between the bolts, a bulk
 * writer's buffer, a bulk request. Its fetchers start no fetch while the sum is at the bound
 * ({@code fetcher.max.status.backlog}), and a stop waits until it is zero. Why: what a page costs is its
 * writes, not its tuple (a page that discovers a thousand new links is a thousand and one writes), and a
 * count of what the writers hold alone missed what piled up in Storm's queues before them, which a stop
 * then threw away. A fetch about to start reserves a page's writes ({@link #reserve}), so that the bound
 * holds however many fetches start at once.
 *
 * <p>Each outcome holds a ticket, which travels in its metadata ({@link io.squall.core.MetadataKeys#WRITES_TICKET}):
 * opened by the fetcher, settled by the parser once it knows the links, closed by the status updater once
 * OpenSearch answered (or the write failed: the URL then stays due and is fetched again). Until it is
 * parsed a page counts as many writes as the pages parsed lately did (a mean, weighted to the recent ones):
 * a page waiting for the parser is not free. A ticket is this ledger's only: a ticket of another worker,
 * or of an earlier run of the topology in this JVM, is not known here and changes nothing. Thread-safe.
 */
public final class PendingWrites {
    // How much of the estimate a page parsed moves it: the mean follows the last dozen pages or so.
    private static final double ESTIMATE_WEIGHT = 1.0 / 8;

    private final String prefix = UUID.randomUUID() + "/";
    private final AtomicLong next = new AtomicLong();
    private final Map<String, Long> open = new ConcurrentHashMap<>();
    private final AtomicLong writes = new AtomicLong();
    // Fetch threads waiting for room wait on this; whoever lowers the writes owed wakes them if there are any.
    private final Object roomFreed = new Object();
    private final AtomicInteger waiting = new AtomicInteger();
    // Guarded by this: writes per page parsed, 0 until the first (then a page being parsed counts 1).
    private double perPage;

    /** Opens the ticket of an outcome whose writes are known: its own and those of what it discovered. */
    public String open(long outcomeWrites) {
        String ticket = prefix + next.incrementAndGet();
        open.put(ticket, outcomeWrites);
        writes.addAndGet(outcomeWrites);
        return ticket;
    }

    /** Opens the ticket of a page fetched and not parsed yet, at the writes pages parsed lately came to. */
    public String openPage() {
        return open(estimate());
    }

    /**
     * The page was parsed: it owes {@code outcomeWrites}, its own and its links'. Returns false, changing
     * nothing, for a ticket this ledger does not hold (closed, another worker's, none).
     */
    public boolean settle(String ticket, long outcomeWrites) {
        if (ticket == null) {
            return false;
        }
        long[] change = new long[1];
        boolean held = open.computeIfPresent(ticket, (t, owed) -> {
            change[0] = outcomeWrites - owed;
            writes.addAndGet(change[0]);
            return outcomeWrites;
        }) != null;
        if (held) {
            learn(outcomeWrites);
            if (change[0] < 0) {
                wakeWaiting();
            }
        }
        return held;
    }

    /** The outcome's writes were answered, or will not be made: they are owed no more. */
    public void close(String ticket) {
        if (ticket == null) {
            return;
        }
        Long owed = open.remove(ticket);
        if (owed != null) {
            writes.addAndGet(-owed);
            wakeWaiting();
        }
    }

    /**
     * Room for one more fetch while fewer than {@code bound} writes are owed: counts the writes of a page
     * (as {@link #openPage}) until {@link #release} and returns them; else returns -1. Why: fetches that start
     * together would each see the room that only one of them has, and a stop would owe a page's writes per
     * fetch thread beyond the bound.
     */
    public long reserve(long bound) {
        long page = estimate();
        while (true) {
            long owed = writes.get();
            if (owed >= bound) {
                return -1;
            }
            if (writes.compareAndSet(owed, owed + page)) {
                return page;
            }
        }
    }

    /**
     * {@link #reserve}, waiting up to {@code maxWaitMillis} for room: a fetch thread sleeps until a write is
     * answered rather than polling, and starts as soon as there is room.
     */
    public long reserve(long bound, long maxWaitMillis) throws InterruptedException {
        long taken = reserve(bound);
        if (taken >= 0 || maxWaitMillis <= 0) {
            return taken;
        }
        long deadline = System.nanoTime() + maxWaitMillis * 1_000_000;
        synchronized (roomFreed) {
            // Counted before looking again: a write answered after the look then finds this thread waiting.
            waiting.incrementAndGet();
            try {
                while ((taken = reserve(bound)) < 0) {
                    long leftMillis = (deadline - System.nanoTime()) / 1_000_000;
                    if (leftMillis <= 0) {
                        return -1;
                    }
                    roomFreed.wait(leftMillis);
                }
                return taken;
            } finally {
                waiting.decrementAndGet();
            }
        }
    }

    /** Gives back what {@link #reserve} counted: the fetch's outcome, if any, holds a ticket of its own by now. */
    public void release(long reserved) {
        writes.addAndGet(-reserved);
        wakeWaiting();
    }

    private void wakeWaiting() {
        if (waiting.get() > 0) {
            synchronized (roomFreed) {
                roomFreed.notifyAll();
            }
        }
    }

    /** Whether this ledger holds the ticket. */
    public boolean holds(String ticket) {
        return ticket != null && open.containsKey(ticket);
    }

    /** The writes owed. */
    public long writes() {
        return writes.get();
    }

    /** The outcomes whose writes are owed (the tickets open). */
    public long outcomes() {
        return open.size();
    }

    private synchronized long estimate() {
        return Math.max(1, Math.round(perPage));
    }

    private synchronized void learn(long pageWrites) {
        perPage = perPage == 0 ? pageWrites : perPage + (pageWrites - perPage) * ESTIMATE_WEIGHT;
    }
}
