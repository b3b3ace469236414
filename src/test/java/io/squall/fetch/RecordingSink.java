package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.fail;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A sink that records what the engine reports, with anchors being the URLs offered, and checks the
 * contract: every anchor acked or failed exactly once, nothing emitted after that.
 */
final class RecordingSink implements FetchEngine.Sink<String> {
    record Emitted(String anchor, String url, Metadata metadata, Status status, byte[] content) {
        String cause() {
            return metadata.getFirst("error.cause");
        }
    }

    final List<Emitted> emitted = new CopyOnWriteArrayList<>();
    final Set<String> acked = ConcurrentHashMap.newKeySet();
    final Set<String> failed = ConcurrentHashMap.newKeySet();
    final List<String> violations = new CopyOnWriteArrayList<>();
    private final Map<String, Boolean> done = new ConcurrentHashMap<>();

    @Override
    public void emitContent(String anchor, String url, byte[] content, Metadata metadata) {
        checkOpen(anchor);
        emitted.add(new Emitted(anchor, url, metadata, null, content));
    }

    /** Records the status, then each URL it discovered as a DISCOVERED entry of the same anchor. */
    @Override
    public void emitStatus(String anchor, String url, Metadata metadata, Status status, List<Discovered> discovered) {
        checkOpen(anchor);
        emitted.add(new Emitted(anchor, url, metadata, status, null));
        for (Discovered d : discovered) {
            emitted.add(new Emitted(anchor, d.url(), d.metadata(), Status.DISCOVERED, null));
        }
    }

    @Override
    public void ack(String anchor) {
        finish(anchor);
        acked.add(anchor);
    }

    @Override
    public void fail(String anchor) {
        finish(anchor);
        failed.add(anchor);
    }

    private void checkOpen(String anchor) {
        if (done.containsKey(anchor)) {
            violations.add("emit after ack/fail of " + anchor);
        }
    }

    private void finish(String anchor) {
        if (done.put(anchor, Boolean.TRUE) != null) {
            violations.add("acked or failed twice: " + anchor);
        }
    }

    /** Waits (bounded) until this many anchors have been acked or failed. */
    void awaitDone(int count, long timeoutSeconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (done.size() < count) {
            if (System.nanoTime() > end) {
                fail("only " + done.size() + " of " + count + " URLs reported within " + timeoutSeconds + " s");
            }
            Thread.sleep(10);
        }
    }

    /** Waits (bounded) until this anchor has been acked or failed. */
    void awaitDone(String anchor, long timeoutSeconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!done.containsKey(anchor)) {
            if (System.nanoTime() > end) {
                fail(anchor + " not reported within " + timeoutSeconds + " s");
            }
            Thread.sleep(10);
        }
    }

    boolean isDone(String anchor) {
        return done.containsKey(anchor);
    }

    /**
     * The latest outcome emitted for the URL itself (content or status), or null. Anchors are the URL, or
     * the URL + "#n" when a test offers it again.
     */
    Emitted outcomeOf(String url) {
        Emitted last = null;
        for (Emitted e : emitted) {
            if (e.url().equals(url) && e.anchor().split("#")[0].equals(url)) {
                last = e;
            }
        }
        return last;
    }

    List<Emitted> discoveredFrom(String anchor) {
        List<Emitted> list = new ArrayList<>();
        for (Emitted e : emitted) {
            if (e.anchor().equals(anchor) && e.status() == Status.DISCOVERED) {
                list.add(e);
            }
        }
        return list;
    }

    int contentCount() {
        return (int) emitted.stream().filter(e -> e.status() == null).count();
    }
}
