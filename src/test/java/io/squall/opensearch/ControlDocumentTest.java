package io.squall.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;

/** The control document on a real node: none (running) before the host index exists, then what was written. */
@ExtendWith(OpenSearchExtension.class)
class ControlDocumentTest {

    @Test
    void aCrawlWithoutControlRunsAndAWrittenStateIsReadBackBothWays(TestOpenSearch os) throws Exception {
        String index = os.indexName(SquallIndex.HOSTS);
        OpenSearchAsyncClient async = new OpenSearchAsyncClient(os.client()._transport());
        ControlDocument.Control none = ControlDocument.readAsync(async, index).get(30, TimeUnit.SECONDS);
        assertEquals(ControlDocument.State.RUNNING, none.state(), "no host index yet: the crawl runs");
        assertNull(none.at());
        assertEquals(ControlDocument.State.RUNNING, ControlDocument.read(os.client(), index).state());

        os.createIndices(Map.of());
        Instant at = Instant.parse("2026-03-01T10:00:00Z");
        ControlDocument.write(os.client(), index, ControlDocument.State.PAUSED, at, "console");
        ControlDocument.Control paused = ControlDocument.readAsync(async, index).get(30, TimeUnit.SECONDS);
        assertEquals(ControlDocument.State.PAUSED, paused.state(), "a get by id sees the write without a refresh");
        assertEquals(at, paused.at());
        assertEquals("console", paused.by());
        ControlDocument.write(os.client(), index, ControlDocument.State.STOPPED, at, "console");
        assertEquals(ControlDocument.State.STOPPED, ControlDocument.read(os.client(), index).state());
        assertNull(ControlDocument.read(os.client(), index).topology(), "no submission named one");

        ControlDocument.writeSubmitted(os.client(), index, "acme", at);
        ControlDocument.Control submitted = ControlDocument.read(os.client(), index);
        assertEquals(ControlDocument.State.RUNNING, submitted.state(), "a submission runs, whatever was left");
        assertEquals("acme", submitted.topology());
        ControlDocument.write(os.client(), index, ControlDocument.State.PAUSED, at, "console");
        assertEquals("acme", ControlDocument.read(os.client(), index).topology(), "a console's write keeps it");
    }
}
