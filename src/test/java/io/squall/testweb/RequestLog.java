package io.squall.testweb;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * Every request the test web received, thread-safe, with the measurements tests assert on: concurrency
 * and gaps per host as the server saw them. Server-side gaps are never shorter than the client's own: a
 * request's start is taken once the server has read it (after the client sent it), and an answer's end just
 * before its last bytes go to the socket (before the client can have read them), whenever the server's
 * thread runs on a loaded machine.
 */
public final class RequestLog {
    private final int capacity;
    private final List<Entry> entries = new ArrayList<>();
    private final AtomicLong dropped = new AtomicLong();
    private final Map<Long, Long> connectionsClosed = new ConcurrentHashMap<>();

    RequestLog(int capacity) {
        this.capacity = capacity;
    }

    /** A request being answered; {@link #finish} records its end. */
    static final class Entry {
        final String host;
        final String method;
        final String path;
        final String userAgent;
        final String headers;
        final long connectionId;
        final long startNanos;
        volatile long endNanos = Long.MAX_VALUE;
        volatile int status;
        volatile long sentBytes;

        Entry(String host, String method, String path, String userAgent, String headers, long connectionId,
                long startNanos) {
            this.host = host;
            this.method = method;
            this.path = path;
            this.userAgent = userAgent;
            this.headers = headers;
            this.connectionId = connectionId;
            this.startNanos = startNanos;
        }

        /**
         * The status is known before the response is written: a client may read the log as soon as it has
         * the response, before {@link #finish} runs.
         */
        void answering(int answeredStatus) {
            status = answeredStatus;
        }

        /** The answer's last bytes are about to be written: the client cannot have the answer before now. */
        void lastBytesLeaving() {
            endNanos = System.nanoTime();
        }

        /** The answer is over (written, or the connection ended without one): its end, unless taken before. */
        void finish(int answeredStatus) {
            status = answeredStatus;
            if (endNanos == Long.MAX_VALUE) {
                endNanos = System.nanoTime();
            }
        }

        LoggedRequest snapshot() {
            return new LoggedRequest(host, method, path, userAgent, headers, connectionId, startNanos, endNanos,
                    status, sentBytes);
        }
    }

    Entry start(String host, String method, String path, String userAgent, String headers, long connectionId) {
        Entry e = new Entry(host, method, path, userAgent, headers, connectionId, System.nanoTime());
        synchronized (entries) {
            if (entries.size() < capacity) {
                entries.add(e);
            } else {
                dropped.incrementAndGet();
            }
        }
        return e;
    }

    void connectionClosed(long connectionId) {
        connectionsClosed.put(connectionId, System.nanoTime());
    }

    /**
     * When the server saw the connection end (the client closed it, or a write to it failed), as a
     * {@link System#nanoTime()} value; empty while it is open.
     */
    public OptionalLong connectionClosedNanos(long connectionId) {
        Long at = connectionsClosed.get(connectionId);
        return at == null ? OptionalLong.empty() : OptionalLong.of(at);
    }

    /** All requests in arrival order. */
    public List<LoggedRequest> all() {
        synchronized (entries) {
            List<LoggedRequest> copy = new ArrayList<>(entries.size());
            entries.forEach(e -> copy.add(e.snapshot()));
            return copy;
        }
    }

    /** Requests to one host (its address, e.g. "127.0.0.2"), in arrival order. */
    public List<LoggedRequest> forHost(String host) {
        return matching(r -> r.host().equals(host));
    }

    public List<LoggedRequest> matching(Predicate<LoggedRequest> predicate) {
        return all().stream().filter(predicate).toList();
    }

    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    /** Requests the log had no room for; a test relying on the log should see 0. */
    public long dropped() {
        return dropped.get();
    }

    /** How many requests asked for this path (with its query), on any host. */
    public long count(String path) {
        return matching(r -> r.path().equals(path)).size();
    }

    /** How many requests to that host asked for this path. */
    public long count(String host, String path) {
        return matching(r -> r.host().equals(host) && r.path().equals(path)).size();
    }

    /** The largest number of requests to the host being answered at the same moment. */
    public int maxConcurrency(String host) {
        List<LoggedRequest> requests = forHost(host);
        List<long[]> events = new ArrayList<>();
        for (LoggedRequest r : requests) {
            events.add(new long[] {r.startNanos(), 1});
            events.add(new long[] {r.endNanos(), -1});
        }
        // At equal times an end comes before a start: touching intervals do not overlap.
        events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        int current = 0;
        int max = 0;
        for (long[] e : events) {
            current += (int) e[1];
            max = Math.max(max, current);
        }
        return max;
    }

    /**
     * The shortest time between the end of one request to the host and the start of the next one, in
     * nanoseconds; {@link Long#MAX_VALUE} with fewer than two requests. Negative when requests overlapped.
     */
    public long minGapNanos(String host) {
        List<LoggedRequest> requests = new ArrayList<>(forHost(host));
        requests.sort(Comparator.comparingLong(LoggedRequest::startNanos));
        long min = Long.MAX_VALUE;
        for (int i = 1; i < requests.size(); i++) {
            long previousEnd = requests.get(i - 1).endNanos();
            if (previousEnd != Long.MAX_VALUE) {
                min = Math.min(min, requests.get(i).startNanos() - previousEnd);
            }
        }
        return min;
    }

    public void clear() {
        synchronized (entries) {
            entries.clear();
        }
    }
}
