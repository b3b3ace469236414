package io.squall.fetch;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A host queue's state in wall-clock time, as the host index keeps it (es-conf/hosts.json): written by the fetcher
 * task that owns the queue, read back by that task after a restart, and by the console.
 *
 * @param key the partition key (host, domain or IP)
 * @param task the fetcher task that owns the key (Storm's fields grouping keeps a key on one task id)
 * @param queued URLs waiting in the queue
 * @param inFlight URLs of the queue being fetched
 * @param delayMs the delay between two fetches in force, or the back-off that outlasts it
 * @param delayReason where {@code delayMs} comes from ({@link DelayReason#label()})
 * @param baseDelayMs the politeness policy's own delay (fixed or adaptive), robots.txt aside
 * @param crawlDelayMs robots.txt's Crawl-delay obeyed (0: none)
 * @param nextFetch the earliest start of the next fetch (delay, back-off and pause included)
 * @param blockedUntil the end of a back-off or Retry-After block, or null
 * @param blockReason {@code backoff} or {@code retry-after}, or null
 * @param backOffLevel back-offs in a row
 * @param pausedUntil the end of the pause after the queue spent its error budget, or null
 * @param consecutiveErrors exceptions in a row
 * @param errors exceptions in all
 * @param fetched requests sent to the host
 * @param lastFetch the end of the last request, or null
 * @param robots the robots.txt's state: {@code ok}, {@code unavailable} or {@code blocked}, or null before it is fetched
 * @param robotsFetched when that robots.txt was fetched, or null
 * @param updated when this state was taken
 */
public record HostState(String key, int task, int queued, int inFlight, long delayMs, String delayReason,
        long baseDelayMs, long crawlDelayMs, Instant nextFetch, Instant blockedUntil, String blockReason,
        int backOffLevel, Instant pausedUntil, int consecutiveErrors, long errors, long fetched, Instant lastFetch,
        String robots, Instant robotsFetched, Instant updated) {

    /** The value of the {@code kind} field of a host's document (the host index also holds the crawl's control). */
    public static final String KIND = "host";

    /** The document in the host index. */
    public Map<String, Object> toDocument() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("kind", KIND);
        d.put("key", key);
        d.put("task", task);
        d.put("queued", queued);
        d.put("inFlight", inFlight);
        d.put("delayMs", delayMs);
        d.put("delayReason", delayReason);
        d.put("baseDelayMs", baseDelayMs);
        d.put("crawlDelayMs", crawlDelayMs);
        d.put("nextFetch", text(nextFetch));
        d.put("blockedUntil", text(blockedUntil));
        d.put("blockReason", blockReason);
        d.put("backOffLevel", backOffLevel);
        d.put("pausedUntil", text(pausedUntil));
        d.put("consecutiveErrors", consecutiveErrors);
        d.put("errors", errors);
        d.put("fetched", fetched);
        d.put("lastFetch", text(lastFetch));
        d.put("robots", robots);
        d.put("robotsFetched", text(robotsFetched));
        d.put("updated", text(updated));
        return d;
    }

    /** A state read from the host index; a field that is missing reads as none (0, null). */
    public static HostState fromDocument(Map<?, ?> d) {
        return new HostState(string(d.get("key")), (int) number(d.get("task")), (int) number(d.get("queued")),
                (int) number(d.get("inFlight")), number(d.get("delayMs")), string(d.get("delayReason")),
                number(d.get("baseDelayMs")), number(d.get("crawlDelayMs")), instant(d.get("nextFetch")),
                instant(d.get("blockedUntil")), string(d.get("blockReason")), (int) number(d.get("backOffLevel")),
                instant(d.get("pausedUntil")), (int) number(d.get("consecutiveErrors")), number(d.get("errors")),
                number(d.get("fetched")), instant(d.get("lastFetch")), string(d.get("robots")),
                instant(d.get("robotsFetched")), instant(d.get("updated")));
    }

    /** The same state, owned by that task. */
    public HostState withTask(int owner) {
        return new HostState(key, owner, queued, inFlight, delayMs, delayReason, baseDelayMs, crawlDelayMs, nextFetch,
                blockedUntil, blockReason, backOffLevel, pausedUntil, consecutiveErrors, errors, fetched, lastFetch,
                robots, robotsFetched, updated);
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static String string(Object value) {
        return value == null ? null : value.toString();
    }

    private static long number(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }

    private static Instant instant(Object value) {
        return value == null ? null : Instant.parse(value.toString());
    }
}
