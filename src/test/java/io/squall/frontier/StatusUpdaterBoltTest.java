package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.BoltDriver;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class StatusUpdaterBoltTest {

    private static BoltDriver driver() {
        return new BoltDriver(Map.of("status", new Fields("url", "metadata", "status")));
    }

    /** A bolt with bulks of at most 5 updates and no timed flush within a test (sent as soon as a request slot is free). */
    private static StatusUpdaterBolt prepared(TestOpenSearch os, BoltDriver driver) {
        StatusUpdaterBolt bolt = new StatusUpdaterBolt();
        bolt.prepare(new HashMap<>(os.config(Map.of("opensearch.status.bulkActions", 5,
                "opensearch.status.flushInterval", 60)).asMap()), driver.context(), driver.collector());
        return bolt;
    }

    private static List<Tuple> send(StatusUpdaterBolt bolt, BoltDriver driver, int from, int to) {
        List<Tuple> sent = new ArrayList<>();
        for (int i = from; i < to; i++) {
            Tuple t = driver.tuple("status", "https://host" + (i % 2) + ".example.org/" + i, new Metadata(),
                    i % 2 == 0 ? Status.DISCOVERED : Status.FETCHED);
            bolt.execute(t);
            sent.add(t);
        }
        return sent;
    }

    @Test
    void aTupleIsAckedAsSoonAsOpenSearchConfirmedItsItemWithoutWaitingForAnotherTuple(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        StatusUpdaterBolt bolt = prepared(os, driver);
        try {
            List<Tuple> sent = send(bolt, driver, 0, 5);
            driver.awaitOutcomes(5);
            assertEquals(List.of(), driver.failed());
            assertEquals(5, driver.acked().size());
            for (Tuple t : driver.acked()) {
                assertNotNull(os.statusDocument(UrlId.of(t.getStringByField("url"))), "acked but not stored");
            }
            assertEquals(3, os.countStatus("DISCOVERED"));
            assertEquals(2, os.countStatus("FETCHED"));
            assertEquals(3, driver.counter("status.written.DISCOVERED"), "in the task's own metrics");
            assertEquals(2, driver.counter("status.written.FETCHED"));

            // A DISCOVERED URL just written is acked at once, without a write.
            bolt.execute(driver.tuple("status", sent.get(0).getStringByField("url"), new Metadata(), Status.DISCOVERED));
            assertEquals(6, driver.acked().size());
            assertEquals(1, driver.counter("status.known"));
        } finally {
            bolt.cleanup();
        }
    }

    @Test
    void withTheIndexClosedTheUpdaterFailsTheTuplesAndAcksNone(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        StatusUpdaterBolt bolt = prepared(os, driver);
        try {
            os.client().indices().close(c -> c.index(os.indexName(SquallIndex.STATUS)));
            List<Tuple> sent = send(bolt, driver, 0, 5);
            driver.awaitOutcomes(5);
            assertEquals(List.of(), driver.acked());
            assertEquals(5, driver.failed().size());
            assertTrue(driver.failed().containsAll(sent));
            assertEquals(5, driver.counter("status.failed"));
        } finally {
            bolt.cleanup();
        }
    }
}
