package io.squall.fetch;

import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One FIFO queue of URLs per partition key, each with its politeness clock, and the fetch threads'
 * way to the next queue whose turn it is.
 *
 * <p>A queue is scheduled exactly when it has something to do (a URL to fetch, a URL whose queue time runs
 * out, or its own removal once empty and its clock has passed): in the {@code waiting} heap, ordered by
 * the time it may start, until that time comes; then in the {@code startable} heap, ordered by its place
 * in line. A queue's place is the time it became startable, except after a turn that only fetched its
 * robots.txt: its URL goes back and the queue keeps the place it had, so a host's first page follows its
 * robots.txt as soon as the delay allows, instead of after every robots.txt that became due meanwhile
 * (at a crawl's start, the first level of links then reaches the parser while the other hosts' robots.txt
 * are being fetched). Taking the next queue is a few heap operations, O(log queues), under a lock held for
 * microseconds and never during a fetch; idle threads sleep until the earliest start time (one timed
 * waiter, the others untimed, as in {@link java.util.concurrent.DelayQueue}), they never spin.
 *
 * <p>Per queue: at most {@code fetcher.threads.per.queue} fetches at once; at least the queue's delay
 * between the end of a fetch and the start of the next ({@code fetcher.server.delay} or the adaptive delay
 * of {@link PolitenessDelay}, or robots.txt's longer Crawl-delay; {@code fetcher.server.min.delay} between
 * starts when several threads share a queue); nothing while blocked by a back-off. Bounds:
 * {@code fetcher.max.queue.size} URLs per queue and {@code fetcher.max.urls.in.queues} in all; a URL that
 * waited {@code fetcher.timeout.queue} is handed back as expired. After {@code fetcher.max.exceptions.per.queue} consecutive exceptions a queue's URLs
 * are handed back and its key is paused for {@code fetcher.exceptions.pause}.
 *
 * <p>Every decision reads the injected {@link CrawlClock}; only the wait of an idle thread is real parking,
 * for as long as that clock says the earliest queue is away.
 */
public final class HostQueues<T> {
    /** Whether {@link #offer} took the URL, or why not (the caller then fails it back to the frontier). */
    public enum Admission { ACCEPTED, QUEUE_FULL, ALL_QUEUES_FULL, HOST_PAUSED, STOPPED }

    /** What a finished turn tells its queue. */
    public record Feedback(boolean requestMade, boolean exception, boolean throttled, String retryAfter,
            long crawlDelayNanos, long fetchNanos, boolean strained) {
        /** A turn that sent a request and got an answer that says nothing about the server's health. */
        public static Feedback answered() {
            return new Feedback(true, false, false, null, -1, -1, false);
        }

        /** A turn that sent no request (robots denied it, say): the politeness clock is left as it was. */
        public static Feedback noRequest() {
            return new Feedback(false, false, false, null, -1, -1, false);
        }

        public static Feedback failed() {
            return new Feedback(true, true, false, null, -1, -1, false);
        }

        /** A request that got no answer in time: an adaptive delay grows. */
        public static Feedback timedOut() {
            return new Feedback(true, true, false, null, -1, -1, true);
        }

        /** An answer with a 5xx code (503 aside, which throttles): an adaptive delay grows. */
        public static Feedback serverError() {
            return new Feedback(true, false, false, null, -1, -1, true);
        }

        public static Feedback throttled(String retryAfter) {
            return new Feedback(true, false, true, retryAfter, -1, -1, true);
        }

        /** The same feedback, also setting the queue's robots.txt Crawl-delay (0: none), a floor of its delay. */
        public Feedback withCrawlDelay(long nanos) {
            return new Feedback(requestMade, exception, throttled, retryAfter, nanos, fetchNanos, strained);
        }

        /** The same feedback, with how long the request took (an adaptive delay follows it). */
        public Feedback withFetchTime(long nanos) {
            return new Feedback(requestMade, exception, throttled, retryAfter, crawlDelayNanos, nanos, strained);
        }
    }

    /** A turn on a queue: the URL to fetch (or none), and URLs that ran out of queue time (to fail). */
    public static final class Lease<T> {
        private final Queue<T> queue;
        public final FetchItem<T> item;
        public final List<FetchItem<T>> expired;
        public final long takenNanos;
        // The queue's place in line when this turn was taken; kept when the URL is put back.
        private final long placeNanos;

        Lease(Queue<T> queue, FetchItem<T> item, List<FetchItem<T>> expired, long takenNanos, long placeNanos) {
            this.queue = queue;
            this.item = item;
            this.expired = expired;
            this.takenNanos = takenNanos;
            this.placeNanos = placeNanos;
        }
    }

    /** A queue's schedule: when it may start, and its place in line among the startable queues. */
    private record Slot<T>(Queue<T> queue, long atNanos, long placeNanos, long version) {
        boolean current() {
            return queue.scheduled && queue.version == version;
        }
    }

    static final class Queue<T> {
        final String key;
        final ArrayDeque<FetchItem<T>> items = new ArrayDeque<>();
        final BackOff.State backOff = new BackOff.State();
        int inFlight;
        long nextStartNanos;
        long blockedUntilNanos;
        long pausedUntilNanos;
        // The politeness delay and its parts: the policy's base delay and robots.txt's Crawl-delay (a floor).
        long baseDelayNanos;
        long crawlDelayNanos;
        long delayNanos;
        DelayReason delayReason;
        // The last back-off, shown as the queue's delay while it outlasts the politeness delay.
        long blockNanos;
        DelayReason blockReason;
        int consecutiveExceptions;
        int exceptions;
        long lastTurnEndNanos;
        boolean scheduled;
        long readyAtNanos;
        long version;
        // What the host index keeps besides the politeness clock (see HostState); changed since the last snapshot.
        boolean changed = true;
        long fetched;
        long lastFetchNanos;
        boolean everFetched;
        String robots;
        long robotsAtNanos;

        Queue(String key, PolitenessDelay politeness, long now) {
            this.key = key;
            this.baseDelayNanos = politeness.initialNanos();
            PolitenessDelay.Delay delay = politeness.of(baseDelayNanos, 0);
            this.delayNanos = delay.nanos();
            this.delayReason = delay.reason();
            this.nextStartNanos = now;
            this.blockedUntilNanos = now;
            this.pausedUntilNanos = now;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition available = lock.newCondition();
    private final Map<String, Queue<T>> queues = new HashMap<>();
    // An entry whose version is not its queue's current one was superseded and is skipped.
    private final PriorityQueue<Slot<T>> waiting = new PriorityQueue<>(Comparator.comparingLong(Slot::atNanos));
    private final PriorityQueue<Slot<T>> startable =
            new PriorityQueue<>(Comparator.comparingLong(Slot::placeNanos));
    private final CrawlClock clock;
    private final BackOff backOff;
    private final PolitenessDelay politeness;
    private final int threadsPerQueue;
    private final long minDelayNanos;
    private final int maxQueueSize;
    private final int maxUrls;
    private final long queueTimeoutNanos;
    private final int maxExceptions;
    private final long pauseNanos;
    private Thread leader;
    private int size;
    // The last state of queues forgotten since the last snapshot of changes: the host index keeps their end.
    private final List<HostState> forgotten = new ArrayList<>();

    public HostQueues(CrawlerConfig config, CrawlClock clock) {
        this.clock = clock;
        this.backOff = new BackOff(config);
        this.threadsPerQueue = Math.max(1, config.getInt("fetcher.threads.per.queue"));
        this.politeness = PolitenessDelay.fromConfig(config);
        this.minDelayNanos = config.getDuration("fetcher.server.min.delay").toNanos();
        this.maxQueueSize = config.getInt("fetcher.max.queue.size");
        this.maxUrls = config.getInt("fetcher.max.urls.in.queues");
        this.queueTimeoutNanos = config.getDuration("fetcher.timeout.queue").toNanos();
        this.maxExceptions = config.getInt("fetcher.max.exceptions.per.queue");
        this.pauseNanos = config.getDuration("fetcher.exceptions.pause").toNanos();
    }

    public Admission offer(FetchItem<T> item) {
        lock.lock();
        try {
            if (size >= maxUrls) {
                return Admission.ALL_QUEUES_FULL;
            }
            long now = clock.nanos();
            Queue<T> q = queues.computeIfAbsent(item.key(), k -> new Queue<>(k, politeness, now));
            if (now < q.pausedUntilNanos) {
                return Admission.HOST_PAUSED;
            }
            if (q.items.size() >= maxQueueSize) {
                return Admission.QUEUE_FULL;
            }
            q.items.addLast(item);
            q.changed = true;
            size++;
            schedule(q, now, Long.MAX_VALUE);
            return Admission.ACCEPTED;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for the next turn: a queue whose clock allows a fetch now, or whose URLs ran out of queue time.
     * Every lease with an item must be given back with {@link #release} or {@link #putBack}.
     */
    public Lease<T> take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (true) {
                long now = clock.nanos();
                Lease<T> lease = next(now);
                if (lease != null) {
                    return lease;
                }
                Slot<T> next = waiting.peek();
                if (next == null) {
                    available.await();
                } else {
                    long wait = next.atNanos() - now;
                    if (leader != null) {
                        available.await();
                    } else {
                        Thread me = Thread.currentThread();
                        leader = me;
                        try {
                            available.awaitNanos(wait);
                        } finally {
                            if (leader == me) {
                                leader = null;
                            }
                        }
                    }
                }
            }
        } finally {
            if (leader == null && (!startable.isEmpty() || !waiting.isEmpty())) {
                available.signal();
            }
            lock.unlock();
        }
    }

    /**
     * The turn that {@link #take} would return at once, or null when no queue has one now: the same decision
     * without the wait, for a caller that moves the clock itself.
     */
    Lease<T> poll() {
        lock.lock();
        try {
            return next(clock.nanos());
        } finally {
            if (leader == null && (!startable.isEmpty() || !waiting.isEmpty())) {
                available.signal();
            }
            lock.unlock();
        }
    }

    /** The next turn due at {@code now}, or null when none is. Called under the lock. */
    private Lease<T> next(long now) {
        promoteStartable(now);
        Slot<T> slot;
        while ((slot = startable.poll()) != null) {
            if (slot.current()) {
                Queue<T> q = slot.queue();
                q.scheduled = false;
                Lease<T> lease = turn(q, now, slot.placeNanos());
                if (lease != null) {
                    return lease;
                }
            }
        }
        return null;
    }

    /** Moves the queues whose start time has come from the waiting heap to the startable one. */
    private void promoteStartable(long now) {
        Slot<T> slot;
        while ((slot = waiting.peek()) != null && slot.atNanos() <= now) {
            waiting.poll();
            if (slot.current()) {
                startable.add(slot);
            }
        }
    }

    /** The turn of a queue that just became startable, or null when it has nothing for a thread. */
    private Lease<T> turn(Queue<T> q, long now, long placeNanos) {
        List<FetchItem<T>> expired = List.of();
        while (!q.items.isEmpty() && now - q.items.peekFirst().enqueuedNanos() >= queueTimeoutNanos) {
            if (expired.isEmpty()) {
                expired = new ArrayList<>();
            }
            expired.add(q.items.pollFirst());
            size--;
        }
        boolean mayStart = !q.items.isEmpty() && q.inFlight < threadsPerQueue && now >= q.nextStartNanos
                && now >= q.blockedUntilNanos;
        if (!mayStart) {
            if (q.items.isEmpty() && q.inFlight == 0 && now >= forgetAt(q)) {
                queues.remove(q.key); // idle, its clock passed, its troubles forgiven: forgetting it changes nothing
                if (q.changed && forgotten.size() < maxUrls) {
                    forgotten.add(state(q, now, -1));
                }
            } else {
                schedule(q, now, Long.MAX_VALUE);
            }
            return expired.isEmpty() ? null : new Lease<>(q, null, expired, now, placeNanos);
        }
        FetchItem<T> item = q.items.pollFirst();
        size--;
        q.inFlight++;
        q.changed = true;
        if (threadsPerQueue > 1) {
            q.nextStartNanos = now + minDelayNanos;
        }
        schedule(q, now, Long.MAX_VALUE);
        return new Lease<>(q, item, expired, now, placeNanos);
    }

    /**
     * When an idle queue may be forgotten: once its clock has passed and, if it had exceptions or a
     * back-off, after the quiet period that forgives them (so an empty queue does not lose its record).
     */
    private long forgetAt(Queue<?> q) {
        long at = Math.max(q.nextStartNanos, Math.max(q.blockedUntilNanos, q.pausedUntilNanos));
        if (q.consecutiveExceptions > 0 || q.backOff.level > 0) {
            at = Math.max(at, q.lastTurnEndNanos + backOff.quietNanos());
        }
        return at;
    }

    /**
     * Schedules the queue for the next moment it has something to do, if any; an entry already there for
     * an earlier moment is enough (its turn reschedules), a later one is superseded. Its place in line is
     * that moment, or {@code keptPlaceNanos} when earlier.
     */
    private void schedule(Queue<T> q, long now, long keptPlaceNanos) {
        long at;
        if (q.items.isEmpty()) {
            if (q.inFlight > 0) {
                return; // its release schedules it
            }
            at = forgetAt(q);
        } else {
            if (q.inFlight >= threadsPerQueue) {
                return;
            }
            at = Math.max(q.nextStartNanos, q.blockedUntilNanos);
            at = Math.min(at, q.items.peekFirst().enqueuedNanos() + queueTimeoutNanos);
        }
        if (q.scheduled && q.readyAtNanos <= at) {
            return;
        }
        q.readyAtNanos = at;
        q.scheduled = true;
        q.version++;
        Slot<T> slot = new Slot<>(q, at, Math.min(at, keptPlaceNanos), q.version);
        waiting.add(slot);
        if (waiting.peek() == slot) {
            leader = null;
            available.signal();
        }
    }

    /**
     * Ends a turn. Returns the URLs released because the queue spent its error budget (report them as
     * FETCH_ERROR), usually none.
     */
    public List<FetchItem<T>> release(Lease<T> lease, Feedback feedback) {
        return end(lease, feedback, Long.MAX_VALUE);
    }

    private List<FetchItem<T>> end(Lease<T> lease, Feedback feedback, long keptPlaceNanos) {
        lock.lock();
        try {
            Queue<T> q = lease.queue;
            long now = clock.nanos();
            q.inFlight--;
            q.lastTurnEndNanos = now;
            q.changed = true;
            if (feedback.requestMade()) {
                q.fetched++;
                q.lastFetchNanos = now;
                q.everFetched = true;
            }
            if (feedback.crawlDelayNanos() >= 0) {
                q.crawlDelayNanos = feedback.crawlDelayNanos();
            }
            if (feedback.requestMade()) {
                q.baseDelayNanos = politeness.afterFetch(q.baseDelayNanos, feedback.fetchNanos(), feedback.strained());
            }
            PolitenessDelay.Delay politeDelay = politeness.of(q.baseDelayNanos, q.crawlDelayNanos);
            q.delayNanos = politeDelay.nanos();
            q.delayReason = politeDelay.reason();
            if (feedback.requestMade()) {
                long delay = threadsPerQueue > 1 ? minDelayNanos : q.delayNanos;
                q.nextStartNanos = Math.max(q.nextStartNanos, now + delay);
            }
            if (feedback.throttled()) {
                ZonedDateTime wallClock = ZonedDateTime.now(clock);
                long block = backOff.blockNanos(q.backOff, feedback.retryAfter(), now, wallClock);
                q.blockedUntilNanos = Math.max(q.blockedUntilNanos, now + block);
                q.blockNanos = block;
                q.blockReason = BackOff.parseRetryAfter(feedback.retryAfter(), wallClock) >= 0
                        ? DelayReason.RETRY_AFTER : DelayReason.BACKOFF;
            }
            List<FetchItem<T>> released = List.of();
            if (feedback.exception()) {
                q.exceptions++;
                q.consecutiveExceptions++;
                if (maxExceptions >= 0 && q.consecutiveExceptions >= maxExceptions) {
                    released = new ArrayList<>(q.items);
                    size -= q.items.size();
                    q.items.clear();
                    q.consecutiveExceptions = 0;
                    q.pausedUntilNanos = now + pauseNanos;
                }
            } else if (feedback.requestMade()) {
                q.consecutiveExceptions = 0;
            }
            schedule(q, now, keptPlaceNanos);
            return released;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends a turn without fetching its URL: the URL goes back to the head of its queue, and the queue
     * keeps its place in line for when its clock allows the next fetch.
     */
    public void putBack(Lease<T> lease, Feedback feedback) {
        lock.lock();
        try {
            lease.queue.items.addFirst(lease.item);
            size++;
            end(lease, feedback, lease.placeNanos);
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns every queued URL (at shutdown, to fail them back). */
    public List<FetchItem<T>> drainAll() {
        lock.lock();
        try {
            List<FetchItem<T>> all = new ArrayList<>(size);
            queues.values().forEach(q -> {
                all.addAll(q.items);
                q.items.clear();
            });
            size = 0;
            return all;
        } finally {
            lock.unlock();
        }
    }

    /** URLs waiting in all queues. */
    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    public int queueCount() {
        lock.lock();
        try {
            return queues.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * What each queue holds and waits for, at this moment: a copy of a few numbers per queue, taken under the
     * lock the fetch threads share (so for monitoring at human pace, not per URL); the caller sorts it.
     */
    public List<QueueView> views() {
        lock.lock();
        try {
            long now = clock.nanos();
            List<QueueView> views = new ArrayList<>(queues.size());
            for (Queue<T> q : queues.values()) {
                // A back-off that outlasts the politeness delay is what the queue waits for: it is shown as the delay.
                boolean backingOff = now < q.blockedUntilNanos && q.blockedUntilNanos > q.nextStartNanos;
                views.add(new QueueView(q.key, q.items.size(), q.inFlight,
                        millis(backingOff ? q.blockNanos : q.delayNanos),
                        millis(Math.max(q.nextStartNanos, Math.max(q.blockedUntilNanos, q.pausedUntilNanos)) - now),
                        millis(q.blockedUntilNanos - now), millis(q.pausedUntilNanos - now), q.exceptions,
                        q.consecutiveExceptions, q.backOff.level, backingOff ? q.blockReason : q.delayReason));
            }
            return views;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The state of every queue that changed since the last call, and of those forgotten meanwhile, in wall-clock
     * time, for the host index; the changes are then taken as written. A scan under the lock: for a periodic
     * flush, not per URL.
     *
     * @param task the fetcher task that owns these queues
     */
    public List<HostState> changedStates(int task) {
        lock.lock();
        try {
            long now = clock.nanos();
            List<HostState> states = new ArrayList<>();
            forgotten.forEach(f -> states.add(f.withTask(task)));
            forgotten.clear();
            for (Queue<T> q : queues.values()) {
                if (q.changed) {
                    q.changed = false;
                    states.add(state(q, now, task));
                }
            }
            return states;
        } finally {
            lock.unlock();
        }
    }

    /** A queue's state now, its clock's times turned to wall-clock time. Called under the lock. */
    private HostState state(Queue<T> q, long now, int task) {
        Instant wallNow = clock.instant();
        boolean backingOff = now < q.blockedUntilNanos && q.blockedUntilNanos > q.nextStartNanos;
        long next = Math.max(q.nextStartNanos, Math.max(q.blockedUntilNanos, q.pausedUntilNanos));
        return new HostState(q.key, task, q.items.size(), q.inFlight,
                millis(backingOff ? q.blockNanos : q.delayNanos),
                (backingOff ? q.blockReason : q.delayReason).label(), q.baseDelayNanos / 1_000_000,
                q.crawlDelayNanos / 1_000_000, wall(wallNow, now, Math.max(now, next)),
                now < q.blockedUntilNanos ? wall(wallNow, now, q.blockedUntilNanos) : null,
                now < q.blockedUntilNanos && q.blockReason != null ? q.blockReason.label() : null, q.backOff.level,
                now < q.pausedUntilNanos ? wall(wallNow, now, q.pausedUntilNanos) : null, q.consecutiveExceptions,
                q.exceptions, q.fetched, q.everFetched ? wall(wallNow, now, q.lastFetchNanos) : null, q.robots,
                q.robots == null ? null : wall(wallNow, now, q.robotsAtNanos), wallNow);
    }

    private static Instant wall(Instant wallNow, long now, long atNanos) {
        return wallNow.plusNanos(atNanos - now);
    }

    /**
     * Takes up the state a previous owner of these keys left in the host index (a worker that died, a task
     * restarted): a back-off or Retry-After block, an error pause, the delays and the error counts hold on
     * from where they were, and the next fetch waits for the previous one's delay. A key that has a queue
     * already keeps it.
     */
    public void restore(List<HostState> states) {
        lock.lock();
        try {
            long now = clock.nanos();
            Instant wallNow = clock.instant();
            for (HostState s : states) {
                if (queues.containsKey(s.key())) {
                    continue;
                }
                Queue<T> q = new Queue<>(s.key(), politeness, now);
                q.baseDelayNanos = politeness.restored(s.baseDelayMs() * 1_000_000);
                q.crawlDelayNanos = s.crawlDelayMs() * 1_000_000;
                PolitenessDelay.Delay delay = politeness.of(q.baseDelayNanos, q.crawlDelayNanos);
                q.delayNanos = delay.nanos();
                q.delayReason = delay.reason();
                if (s.blockedUntil() != null) {
                    q.blockedUntilNanos = nanosAt(s.blockedUntil(), wallNow, now);
                    q.blockNanos = Math.max(0, q.blockedUntilNanos - now);
                    q.blockReason = "retry-after".equals(s.blockReason()) ? DelayReason.RETRY_AFTER : DelayReason.BACKOFF;
                }
                q.pausedUntilNanos = nanosAt(s.pausedUntil(), wallNow, now);
                q.backOff.level = s.backOffLevel();
                q.consecutiveExceptions = s.consecutiveErrors();
                q.exceptions = (int) Math.min(Integer.MAX_VALUE, s.errors());
                q.fetched = s.fetched();
                if (s.lastFetch() != null) {
                    q.lastFetchNanos = nanosAt(s.lastFetch(), wallNow, now);
                    q.everFetched = true;
                    q.lastTurnEndNanos = q.lastFetchNanos;
                    q.backOff.lastThrottledNanos = q.lastFetchNanos;
                    // The politeness clock after that fetch; the blocks and pauses are restored beside it.
                    q.nextStartNanos = Math.max(now, q.lastFetchNanos + q.delayNanos);
                }
                q.robots = s.robots();
                q.robotsAtNanos = nanosAt(s.robotsFetched(), wallNow, now);
                // Its document still counts the URLs the dead worker held: the next flush says they are gone.
                q.changed = s.queued() > 0 || s.inFlight() > 0;
                queues.put(q.key, q);
                schedule(q, now, Long.MAX_VALUE); // to be forgotten in time, as any idle queue
            }
        } finally {
            lock.unlock();
        }
    }

    /** The queue clock's reading at a wall-clock time; {@code now} for none. */
    private static long nanosAt(Instant at, Instant wallNow, long now) {
        if (at == null) {
            return now;
        }
        return now + Duration.between(wallNow, at).toNanos();
    }

    /**
     * Notes the robots.txt that a turn fetched: {@code ok}, {@code unavailable} (it failed: nothing is fetched until
     * it is had) or {@code blocked} (the address guard refused the host). Call before ending the turn.
     */
    public void robotsFetched(Lease<T> lease, String state) {
        lock.lock();
        try {
            lease.queue.robots = state;
            lease.queue.robotsAtNanos = clock.nanos();
        } finally {
            lock.unlock();
        }
    }

    private static long millis(long nanos) {
        return Math.max(0, nanos / 1_000_000);
    }

    /** Queues blocked by a back-off or paused after their error budget (a scan: for metrics only). */
    public int blockedQueues() {
        lock.lock();
        try {
            long now = clock.nanos();
            int n = 0;
            for (Queue<T> q : queues.values()) {
                if (now < q.blockedUntilNanos || now < q.pausedUntilNanos) {
                    n++;
                }
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}
