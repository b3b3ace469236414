package io.squall.api.storm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tuples a bolt holds (queued for a host, being fetched, waiting for OpenSearch) and when their
 * timeout was last renewed, so that the bolt renews those held for a while. Storm's message timeout then
 * covers only the time between two holders, not a host's queue or a slow fetch: it can be short, and the
 * URLs of a worker that dies come back that soon.
 *
 * <p>Thread-safe: tuples are held on the executor thread and released on the threads that ack them.
 *
 * @param <T> a tuple (any anchor, in tests)
 */
final class HeldTuples<T> {
    private final Map<T, Long> renewedAtMillis = new ConcurrentHashMap<>();
    private final long renewAfterMillis;

    /** @param renewAfterMillis how long a tuple is held before its timeout is renewed, and again after that */
    public HeldTuples(long renewAfterMillis) {
        this.renewAfterMillis = renewAfterMillis;
    }

    public void hold(T tuple, long nowMillis) {
        renewedAtMillis.put(tuple, nowMillis);
    }

    public void release(T tuple) {
        renewedAtMillis.remove(tuple);
    }

    /** The tuples whose timeout is due for renewal now; they count as renewed from now on. */
    public List<T> dueForRenewal(long nowMillis) {
        List<T> due = new ArrayList<>();
        for (Map.Entry<T, Long> e : renewedAtMillis.entrySet()) {
            if (nowMillis - e.getValue() >= renewAfterMillis && renewedAtMillis.replace(e.getKey(), e.getValue(), nowMillis)) {
                due.add(e.getKey());
            }
        }
        return due;
    }

    public int size() {
        return renewedAtMillis.size();
    }
}
