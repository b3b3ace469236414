package io.squall.opensearch;

import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch.core.GetResponse;

/**
 * The crawl's control document in the host index: whether the spouts hand out URLs ({@code running}), hold them
 * back ({@code paused}) or are done for this topology ({@code stopped}). {@code squall console} writes it; every
 * spout task reads it by id at its own pace, so that a crawl on a cluster is steered without reaching Nimbus.
 * A crawl without the document runs.
 */
public final class ControlDocument {
    /** The document's id in the host index. */
    public static final String ID = "crawl-control";
    /** The value of its {@code kind} field (the host index's other documents are hosts). */
    public static final String KIND = "control";

    /** What the spouts are told. */
    public enum State {
        RUNNING, PAUSED, STOPPED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static State of(Object label) {
            for (State s : values()) {
                if (s.label().equals(label)) {
                    return s;
                }
            }
            return RUNNING; // a document some other tool wrote: it does not stop a crawl
        }
    }

    /**
     * The state and when and by whom it was set ({@code at} null when no document says anything), and the name
     * of the topology submitted last (null when no submission wrote it), which the console's hints name.
     */
    public record Control(State state, Instant at, String by, String topology) {
        static final Control NONE = new Control(State.RUNNING, null, null, null);
    }

    private ControlDocument() {
    }

    /** Reads the control now; none (running) when the document or the index is missing. */
    public static Control read(OpenSearchClient client, String index) {
        try {
            return parse(client.get(g -> g.index(index).id(ID), Map.class));
        } catch (OpenSearchException | IOException e) {
            if (e instanceof OpenSearchException answered && answered.status() == 404) {
                return Control.NONE; // no host index yet
            }
            throw new OpenSearchUnavailableException("cannot read the crawl's control document in '" + index + "': "
                    + OpenSearchErrors.describe(e), e);
        }
    }

    /** Reads the control without blocking; completes exceptionally when OpenSearch cannot tell. */
    public static CompletableFuture<Control> readAsync(OpenSearchAsyncClient client, String index) {
        try {
            return client.get(g -> g.index(index).id(ID), Map.class).handle((response, error) -> {
                if (error == null) {
                    return parse(response);
                }
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause()
                        : error;
                if (cause instanceof OpenSearchException e && e.status() == 404) {
                    return Control.NONE;
                }
                throw new IllegalStateException(cause.toString(), cause);
            });
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Writes the control; the spouts read it within {@code spout.control.interval}. The topology's name, which
     * the submission wrote, stays.
     */
    public static void write(OpenSearchClient client, String index, State state, Instant at, String by) {
        Map<String, Object> doc = fields(state, at, by);
        try {
            client.update(u -> u.index(index).id(ID).doc(doc).docAsUpsert(true), Map.class);
        } catch (IOException | OpenSearchException e) {
            throw unavailable(index, e);
        }
    }

    /** Writes the control of a topology just submitted: running, and under which name it runs. */
    public static void writeSubmitted(OpenSearchClient client, String index, String topology, Instant at) {
        Map<String, Object> doc = fields(State.RUNNING, at, "submit");
        doc.put("topology", topology);
        try {
            client.index(i -> i.index(index).id(ID).document(doc));
        } catch (IOException | OpenSearchException e) {
            throw unavailable(index, e);
        }
    }

    private static Map<String, Object> fields(State state, Instant at, String by) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("kind", KIND);
        doc.put("state", state.label());
        doc.put("updated", at.toString());
        doc.put("by", by);
        return doc;
    }

    private static OpenSearchUnavailableException unavailable(String index, Exception e) {
        return new OpenSearchUnavailableException("cannot write the crawl's control document to '" + index + "': "
                + OpenSearchErrors.describe(e), e);
    }

    private static Control parse(GetResponse<Map> response) {
        if (!response.found() || response.source() == null) {
            return Control.NONE;
        }
        Map<?, ?> source = response.source();
        Object updated = source.get("updated");
        return new Control(State.of(source.get("state")), updated == null ? null : Instant.parse(updated.toString()),
                text(source.get("by")), text(source.get("topology")));
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }
}
