package io.squall.opensearch;

import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.ErrorCause;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes documents to OpenSearch in asynchronous bulk requests and tells each operation's {@link Callback}
 * what became of it, once OpenSearch has answered: nothing is reported as written before OpenSearch
 * confirmed its item. The status updater, the content indexer and the injector all write through it.
 *
 * <p>Operations are buffered and sent as soon as a request slot is free, after a linger of a few
 * milliseconds that lets a burst go in one request, and at least {@value #SPACING_MILLIS} ms after the last
 * request: a write after a quiet spell adds almost no latency, a stream of small writes (a crawl that waits
 * between pages) goes a few pages a request, and under load batches grow by themselves while the requests
 * in flight are answered (each answer sends what gathered meanwhile). A full batch of {@code bulkActions}
 * is sent at once; {@code flushInterval} bounds how long a partial batch waits whatever happens. Why: a URL
 * is acked only once its writes are confirmed, so every millisecond a write waits in a buffer holds its
 * host's share of the spout's quota; a fixed flush interval of a second or two per stage kept the fetcher
 * starving. At most {@code concurrentRequests} bulk requests are in flight;
 * a caller that would send one more waits until one is answered, so memory stays bounded by about
 * {@code bulkActions * (concurrentRequests + 1)} operations (plus one a caller thread) and a slow OpenSearch
 * slows the caller down instead of piling up work. Operations waiting to be sent again are not bounded here but by the callers,
 * whose work waits for them (the spout's pending tuples).
 *
 * <p>Outcome of an item: success; a 409 on a create-only operation is a success too ("already existed");
 * a 404 on a delete is a success (nothing to delete, even when the index does not exist); a 409 or 404 on a
 * partial update is a success too (a conditional update whose document moved on, or is gone). An operation
 * OpenSearch could not take now (a bulk or an item answered 429 or 503, {@code es_rejected_execution},
 * a write block, or OpenSearch unreachable or timing out) is sent again after a pause that doubles up to
 * {@value #MAX_RETRY_PAUSE_MILLIS} ms, for up to {@code retryTimeout}: a busy or restarting OpenSearch
 * loses nothing and is not hammered. Any other item error (a mapping conflict), or a transient one past
 * its retry timeout, fails the operation with a one-line reason. Callbacks run on the client's I/O
 * threads (or on the sending or timer thread): they must be quick and thread-safe.
 */
public final class BulkWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BulkWriter.class);
    /** How long {@link #close()} lets buffered and unanswered operations finish before it abandons them. */
    public static final Duration CLOSE_WAIT = Duration.ofSeconds(30);
    // How long a partial batch waits for company when a request slot is free.
    private static final long LINGER_MILLIS = 3;
    // The shortest time from one request to a partial batch. A crawl that waits between pages hands a writer
    // a page at a time: each would be a request of its own, whose fixed cost (the node's HTTP and bulk
    // handling, a translog sync) a slow crawl pays per page. Spaced, a request carries a few pages; a lone
    // write after a quiet spell still leaves at once, and a full batch never waits.
    static final long SPACING_MILLIS = 200;
    private static final long FIRST_RETRY_PAUSE_MILLIS = 250;
    static final long MAX_RETRY_PAUSE_MILLIS = 5_000;
    // How often close() looks again without being woken; answers and retries wake it sooner.
    private static final long CLOSE_POLL_MILLIS = 50;
    private static final long RETRY_WARNING_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** What became of one operation. */
    public interface Callback {
        /** OpenSearch confirmed the item; {@code alreadyExisted} for a create-only item that was there already. */
        void succeeded(boolean alreadyExisted);

        /** The item or its whole bulk request failed; the reason is one line. */
        void failed(String reason);

        /**
         * OpenSearch refused the item for good (a mapping conflict, say): sent again as it is, it would be
         * refused again. Unless overridden, this is a failure like any other.
         */
        default void refused(String reason) {
            failed(reason);
        }

        /**
         * A callback that answers a success with {@code onSuccess} (given {@code alreadyExisted}) and hands a
         * failure or refusal to {@code next} as it is.
         */
        static Callback onSuccess(Callback next, Consumer<Boolean> onSuccess) {
            return new Callback() {
                @Override
                public void succeeded(boolean alreadyExisted) {
                    onSuccess.accept(alreadyExisted);
                }

                @Override
                public void failed(String reason) {
                    next.failed(reason);
                }

                @Override
                public void refused(String reason) {
                    next.refused(reason);
                }
            };
        }
    }

    /** Size, age and concurrency bounds of the bulk requests, and how long a transient failure is retried. */
    public record Settings(int bulkActions, Duration flushInterval, int concurrentRequests, Duration retryTimeout) {
        public Settings {
            if (bulkActions < 1 || concurrentRequests < 1 || flushInterval.isNegative() || flushInterval.isZero()
                    || retryTimeout.isNegative()) {
                throw new IllegalArgumentException("bulk settings must be positive: " + bulkActions + " actions, "
                        + flushInterval + ", " + concurrentRequests + " requests, retries for " + retryTimeout);
            }
        }

        /**
         * Reads {@code <prefix>.bulkActions}, {@code .flushInterval}, {@code .concurrentRequests} and
         * {@code .retryTimeout}.
         */
        public static Settings fromConfig(CrawlerConfig config, String prefix) {
            return new Settings(config.getInt(prefix + ".bulkActions"),
                    config.getDuration(prefix + ".flushInterval"),
                    config.getInt(prefix + ".concurrentRequests"),
                    config.getDuration(prefix + ".retryTimeout"));
        }
    }

    private enum Kind { CREATE, INDEX, DELETE, UPDATE }

    /** An operation on its way; {@code attempts} and {@code giveUpAtNanos} are set once it failed transiently. */
    private record Pending(Kind kind, BulkOperation operation, Callback callback, int attempts, long giveUpAtNanos) {
        Pending retried(long nowNanos, Duration retryTimeout) {
            return new Pending(kind, operation, callback, attempts + 1,
                    attempts == 0 ? nowNanos + retryTimeout.toNanos() : giveUpAtNanos);
        }
    }

    private final OpenSearchAsyncClient client;
    private final OpenSearchClient syncClient;
    private final Settings settings;
    private final Semaphore requestSlots;
    private final ScheduledExecutorService timer;
    // Guarded by this: the operations waiting for the next bulk request, in order.
    private List<Pending> pending;
    // Guarded by itself, not by this: answers put operations here without the lock, which a caller may hold
    // while it sends.
    private final Set<List<Pending>> pausing = Collections.newSetFromMap(new IdentityHashMap<>());
    // Guarded by itself: the batches sent and not answered yet. An answer is acted on only if its batch is
    // still here, so that a batch close() abandoned is not reported twice when its answer comes after all.
    private final Set<List<Pending>> unanswered = Collections.newSetFromMap(new IdentityHashMap<>());
    // When the last warning about transient failures was logged: one a minute says enough.
    private final AtomicLong lastRetryWarningNanos;
    private volatile boolean closed;
    // Operations added whose callback has not been told yet.
    private final AtomicLong untold = new AtomicLong();
    // Guarded by pausing: set once close() gave up, after which nothing is sent again.
    private boolean retriesEnded;
    private boolean lingering;
    private final RequestSpacing spacing;
    private final CrawlClock clock;

    /**
     * A writer on the machine's clock.
     *
     * @param client the client whose transport is used (not closed by this writer)
     * @param name names the flush thread, for thread dumps
     */
    public BulkWriter(OpenSearchClient client, Settings settings, String name) {
        this(client, settings, name, CrawlClock.system());
    }

    /** @param clock the time of the request spacing, the retries' timeout and the close's bound */
    public BulkWriter(OpenSearchClient client, Settings settings, String name, CrawlClock clock) {
        this.clock = clock;
        this.lastRetryWarningNanos = new AtomicLong(clock.nanos() - RETRY_WARNING_EVERY_NANOS);
        this.spacing = new RequestSpacing(SPACING_MILLIS, clock.nanos());
        this.client = new OpenSearchAsyncClient(client._transport());
        this.syncClient = client;
        this.settings = settings;
        this.requestSlots = new Semaphore(settings.concurrentRequests());
        this.pending = new ArrayList<>(settings.bulkActions());
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "squall-bulk-flush-" + name);
            t.setDaemon(true);
            return t;
        });
        long period = settings.flushInterval().toMillis();
        // Never blocks: with every slot busy, the next answer sends what waits (the bolt keeps adding meanwhile).
        timer.scheduleWithFixedDelay(this::sendIfSlotFreeQuietly, period, period, TimeUnit.MILLISECONDS);
    }

    /** Adds a create-only write: an existing document is left as it is and reported as already existing. */
    public void create(String index, String id, String routing, Object document, Callback callback) {
        add(new Pending(Kind.CREATE, BulkOperation.of(o -> o.create(c -> c.index(index).id(id).routing(routing)
                .document(document))), callback, 0, 0));
    }

    /** Adds a write that creates or replaces the document. */
    public void index(String index, String id, String routing, Object document, Callback callback) {
        add(new Pending(Kind.INDEX, BulkOperation.of(o -> o.index(c -> c.index(index).id(id).routing(routing)
                .document(document))), callback, 0, 0));
    }

    /** Adds a deletion; deleting a document (or from an index) that does not exist succeeds. */
    public void delete(String index, String id, String routing, Callback callback) {
        add(new Pending(Kind.DELETE, BulkOperation.of(o -> o.delete(d -> d.index(index).id(id).routing(routing))),
                callback, 0, 0));
    }

    /**
     * Adds a partial update: {@code partial}'s fields replace the document's (objects are merged). With
     * {@code ifSeqNo} and {@code ifPrimaryTerm} it applies only to the document as it was read then; a
     * document that moved on since (409) or is gone (404) is reported as {@code succeeded(true)}: nothing was
     * changed, on purpose. With {@code upsert}, a missing document is created from {@code partial}.
     */
    public void update(String index, String id, String routing, Object partial, Long ifSeqNo, Long ifPrimaryTerm,
                       boolean upsert, Callback callback) {
        add(new Pending(Kind.UPDATE, BulkOperation.of(o -> o.update(u -> {
            u.index(index).id(id).routing(routing).document(partial);
            if (upsert) {
                u.docAsUpsert(true);
            }
            if (ifSeqNo != null && ifPrimaryTerm != null) {
                u.ifSeqNo(ifSeqNo).ifPrimaryTerm(ifPrimaryTerm);
            } else {
                u.retryOnConflict(3); // two writers of one document: each one's fields are merged in turn
            }
            return u;
        })), callback, 0, 0));
    }

    /** The client this writer writes with, for the reads that go with its writes. */
    public OpenSearchClient client() {
        return syncClient;
    }

    /** Sends what is buffered now, waiting for a free request slot if needed. */
    public synchronized void flush() {
        sendWhenSlotFree();
    }

    private List<Pending> takeBatch() {
        List<Pending> batch = pending;
        pending = new ArrayList<>(settings.bulkActions());
        return batch;
    }

    /** Operations buffered and not yet sent, including those waiting to be sent again. */
    public synchronized int buffered() {
        synchronized (pausing) {
            return pending.size() + pausing.stream().mapToInt(List::size).sum();
        }
    }

    /** Operations added whose outcome is not known yet: buffered, waiting to be sent again, or sent and unanswered. */
    public long unanswered() {
        return untold.get();
    }

    /** {@link #close(Duration)} with {@link #CLOSE_WAIT}. */
    @Override
    public void close() {
        close(CLOSE_WAIT);
    }

    /**
     * Sends what is buffered and waits, at most {@code wait} in all, until every operation has been
     * answered, so that every callback has run. Operations OpenSearch could not take for the moment (a 429,
     * a node restarting) are still sent again after their pause while the wait lasts: a writer closed right
     * after its last write (the injector's) must not fail it because the node was busy for a moment. What
     * cannot finish in that time is abandoned, its callbacks told at once that it failed: operations waiting
     * for a retry or for a request slot, requests still unanswered (their late answer is ignored). Their
     * callers replay them later (a URL whose status was not confirmed stays due in the status index). Why a
     * bound: a stop while OpenSearch is far behind must end, not wait minutes for writes its next run does
     * again anyway. An operation added after close fails at once the same way. The client stays open.
     */
    public void close(Duration wait) {
        long deadline = clock.nanos() + wait.toNanos();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                while (!settled()) {
                    if (!pending.isEmpty() && requestSlots.tryAcquire()) {
                        sendWithSlot(takeBatch());
                        continue;
                    }
                    long left = remainingMillis(deadline);
                    if (left <= 0) {
                        break;
                    }
                    // Woken by an answer or the end of a retry's pause; the bound wakes it in any case.
                    wait(Math.min(left, CLOSE_POLL_MILLIS));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        timer.shutdownNow();
        List<Pending> abandoned;
        synchronized (this) {
            abandoned = takeBatch();
            notifyAll(); // a caller waiting for a slot has nothing left to send
        }
        synchronized (pausing) {
            pausing.forEach(abandoned::addAll);
            pausing.clear();
            retriesEnded = true;
        }
        if (!abandoned.isEmpty()) {
            failAll(abandoned, "the writer closed before OpenSearch could take the operation");
        }
        List<List<Pending>> late;
        synchronized (unanswered) {
            late = new ArrayList<>(unanswered);
            unanswered.clear();
        }
        if (!late.isEmpty()) {
            LOG.warn("Closed with {} bulk requests still unanswered after {} s: their operations are abandoned",
                    late.size(), wait.toSeconds());
            late.forEach(batch -> failAll(batch, "the writer closed before OpenSearch answered the request"));
        }
    }

    /**
     * Whether nothing waits to be sent, to be sent again or to be answered. Called with the lock held. A
     * request's slot is freed only once its answer was acted on (a retry put in {@code pausing}).
     */
    private boolean settled() {
        synchronized (pausing) {
            return pending.isEmpty() && pausing.isEmpty()
                    && requestSlots.availablePermits() == settings.concurrentRequests();
        }
    }

    private long remainingMillis(long deadlineNanos) {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - clock.nanos()));
    }

    private synchronized void add(Pending operation) {
        untold.incrementAndGet();
        if (closed) {
            // A bolt's executor can still hand over a tuple while its worker shuts down: the operation is
            // abandoned like those close() could not finish, not thrown at the executor (which kills the worker).
            notify(operation.callback(), false, "the writer is closed");
            return;
        }
        pending.add(operation);
        if (pending.size() >= settings.bulkActions()) {
            sendWhenSlotFree();
        } else if (!lingering && requestSlots.availablePermits() > 0) {
            lingering = true;
            long wait = Math.max(LINGER_MILLIS, spacing.waitMillis(clock.nanos()));
            timer.schedule(this::sendIfSlotFree, wait, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Sends what is buffered if the spacing has passed and a request slot is free; otherwise the answer that
     * frees a slot calls again. The spacing is checked again here: the linger and an answer can each have
     * scheduled a call for the same moment, and the second must not leave right behind the first.
     */
    private synchronized void sendIfSlotFree() {
        lingering = false;
        if (pending.isEmpty() || closed) {
            return;
        }
        long wait = spacing.waitMillis(clock.nanos());
        if (wait > 0) {
            lingering = true;
            try {
                timer.schedule(this::sendIfSlotFree, wait, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                lingering = false; // closing: close() sends what is left itself
            }
            return;
        }
        if (!requestSlots.tryAcquire()) {
            return;
        }
        sendWithSlot(takeBatch());
    }

    /**
     * After an answer, its slot free: wakes the callers waiting for a slot and a closing writer; what gathered
     * while the request was in flight leaves on the timer thread, when spaced. Never waits long for the lock:
     * whoever holds it waits for slots and answers in {@link Object#wait}, which lets it go.
     */
    private void answered() {
        synchronized (this) {
            notifyAll();
        }
        try {
            timer.schedule(this::sendIfSlotFree, spacing.waitMillis(clock.nanos()), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // closing: close() sent everything itself
        }
    }

    /**
     * Called with the lock held: sends everything buffered once a request slot is free. It waits for the slot
     * in {@link Object#wait()}, which lets the lock go: the answer that frees a slot takes the lock to wake
     * the waiters, on the client's I/O thread, so a caller that kept the lock while it waited would stop every
     * answer of the client, and the writer for good (a crawl's indexer did). The operations are taken only
     * once the slot is held, so requests still leave in the order their operations were added. A caller
     * interrupted while it waits (a worker stopping its executors) leaves them buffered, for the next answer or
     * {@link #close}: a stop must not throw away writes it has taken.
     */
    private void sendWhenSlotFree() {
        while (!pending.isEmpty() && !closed) {
            if (requestSlots.tryAcquire()) {
                sendWithSlot(takeBatch());
                return;
            }
            try {
                wait(); // woken by answered(), with the slot free
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    // Called with the lock held and a request slot acquired.
    private void sendWithSlot(List<Pending> batch) {
        spacing.sent(clock.nanos());
        List<BulkOperation> ops = new ArrayList<>(batch.size());
        batch.forEach(p -> ops.add(p.operation()));
        CompletableFuture<BulkResponse> answer;
        synchronized (unanswered) {
            unanswered.add(batch);
        }
        try {
            answer = client.bulk(BulkRequest.of(b -> b.operations(ops)));
        } catch (Exception e) {
            synchronized (unanswered) {
                unanswered.remove(batch);
            }
            requestSlots.release();
            failedAsAWhole(batch, e);
            return;
        }
        answer.whenComplete((response, error) -> {
            // The slot is freed after the callbacks ran, so that close() returns only when all were told.
            try {
                boolean abandoned;
                synchronized (unanswered) {
                    abandoned = !unanswered.remove(batch);
                }
                if (abandoned) {
                    LOG.debug("An answer came after close() abandoned its {} operations", batch.size());
                } else if (error != null) {
                    failedAsAWhole(batch, error);
                } else {
                    report(batch, response.items());
                }
            } finally {
                requestSlots.release();
                answered();
            }
        });
    }

    private void failedAsAWhole(List<Pending> batch, Throwable error) {
        String reason = "bulk request failed: " + OpenSearchErrors.describe(error);
        if (BulkFailures.isTransient(error)) {
            retryOrFail(batch, reason);
        } else {
            failAll(batch, reason);
        }
    }

    private void report(List<Pending> batch, List<BulkResponseItem> items) {
        if (items.size() != batch.size()) {
            failAll(batch, "bulk response has " + items.size() + " items for " + batch.size() + " operations");
            return;
        }
        List<Pending> again = new ArrayList<>();
        String againReason = null;
        for (int i = 0; i < items.size(); i++) {
            BulkResponseItem item = items.get(i);
            Pending p = batch.get(i);
            ErrorCause error = item.error();
            if (error == null) {
                notify(p.callback(), false, null);
            } else if (p.kind() == Kind.CREATE && item.status() == 409) {
                notify(p.callback(), true, null);
            } else if (p.kind() == Kind.DELETE && item.status() == 404) {
                notify(p.callback(), false, null);
            } else if (p.kind() == Kind.UPDATE && (item.status() == 409 || item.status() == 404)) {
                notify(p.callback(), true, null); // the document moved on, or is gone: left as it is
            } else {
                String reason = "OpenSearch refused the item (" + item.status() + " " + error.type() + "): "
                        + error.reason();
                if (BulkFailures.isTransient(item.status(), error.type())) {
                    again.add(p);
                    againReason = reason;
                } else {
                    refuse(p.callback(), reason);
                }
            }
        }
        if (!again.isEmpty()) {
            retryOrFail(again, againReason);
        }
    }

    /**
     * Sends the operations again after a pause, those still within their retry timeout; fails the others.
     * The pause grows with the attempts of the batch's most tried operation.
     */
    private void retryOrFail(List<Pending> batch, String reason) {
        long now = clock.nanos();
        List<Pending> again = new ArrayList<>(batch.size());
        List<Pending> expired = new ArrayList<>();
        int attempts = 0;
        for (Pending p : batch) {
            Pending next = p.retried(now, settings.retryTimeout());
            if (next.giveUpAtNanos() - now > 0) {
                again.add(next);
                attempts = Math.max(attempts, next.attempts());
            } else {
                expired.add(p);
            }
        }
        if (!expired.isEmpty()) {
            failAll(expired, reason + " (still failing after " + settings.retryTimeout().toSeconds() + " s of retries)");
        }
        if (again.isEmpty()) {
            return;
        }
        long pause = Math.min(MAX_RETRY_PAUSE_MILLIS, FIRST_RETRY_PAUSE_MILLIS << Math.min(attempts - 1, 10));
        boolean waits;
        synchronized (pausing) {
            waits = !retriesEnded;
            if (waits) {
                pausing.add(again);
            }
        }
        if (!waits) {
            failAll(again, reason + " (the writer closed before OpenSearch could take the operation)");
            return;
        }
        long last = lastRetryWarningNanos.get();
        if (now - last >= RETRY_WARNING_EVERY_NANOS && lastRetryWarningNanos.compareAndSet(last, now)) {
            LOG.warn("OpenSearch cannot take writes now ({}); sending them again for up to {} s", reason,
                    settings.retryTimeout().toSeconds());
        } else {
            LOG.debug("{} operations to send again in {} ms: {}", again.size(), pause, reason);
        }
        try {
            timer.schedule(() -> resume(again), pause, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // closed: close() fails what is still pausing
        }
    }

    /** The pause is over: the operations go first into the next bulk. */
    private synchronized void resume(List<Pending> batch) {
        synchronized (pausing) {
            if (!pausing.remove(batch)) {
                return; // close() failed them already
            }
        }
        putFirst(batch);
        notifyAll(); // a closing writer sends it itself
        sendIfSlotFree();
    }

    // Called with the lock held.
    private void putFirst(List<Pending> batch) {
        List<Pending> next = new ArrayList<>(batch.size() + pending.size());
        next.addAll(batch);
        next.addAll(pending);
        pending = next;
    }

    private void failAll(List<Pending> batch, String reason) {
        LOG.warn("{} operations failed: {}", batch.size(), reason);
        for (Pending p : batch) {
            notify(p.callback(), false, reason);
        }
    }

    // One callback that throws must not keep the others of its bulk from being told.
    private void notify(Callback callback, boolean alreadyExisted, String failure) {
        untold.decrementAndGet();
        try {
            if (failure == null) {
                callback.succeeded(alreadyExisted);
            } else {
                callback.failed(failure);
            }
        } catch (RuntimeException e) {
            LOG.error("A bulk callback threw", e);
        }
    }

    private void refuse(Callback callback, String reason) {
        untold.decrementAndGet();
        try {
            callback.refused(reason);
        } catch (RuntimeException e) {
            LOG.error("A bulk callback threw", e);
        }
    }

    private void sendIfSlotFreeQuietly() {
        try {
            sendIfSlotFree();
        } catch (RuntimeException e) {
            LOG.error("Timed bulk flush failed", e);
        }
    }
}
