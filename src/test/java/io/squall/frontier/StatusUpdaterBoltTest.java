package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StatusStream;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.opensearch.SquallIndex;
import io.squall.storm.PendingWrites;
import io.squall.storm.WorkerPendingWrites;
import io.squall.testsupport.BoltDriver;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(OpenSearchExtension.class)
class StatusUpdaterBoltTest {

    private static BoltDriver driver() {
        return new BoltDriver(Map.of("status", StatusStream.FIELDS));
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
                    i % 2 == 0 ? Status.DISCOVERED : Status.FETCHED, new ArrayList<>());
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
            bolt.execute(driver.tuple("status", sent.get(0).getStringByField("url"), new Metadata(), Status.DISCOVERED,
                    new ArrayList<>()));
            assertEquals(6, driver.acked().size());
            assertEquals(1, driver.counter("status.known"));
        } finally {
            bolt.cleanup();
        }
    }

    @Test
    void aPageOwesItsWorkerItsWritesUntilOpenSearchAnsweredThemAllAndNoLonger(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        Map<String, Object> conf = new HashMap<>(os.config(Map.of()).asMap());
        conf.put(Config.TOPOLOGY_NAME, "status-updater-writes-test");
        PendingWrites worker = WorkerPendingWrites.join(conf); // as the fetcher of the same worker
        StatusUpdaterBolt bolt = new StatusUpdaterBolt();
        bolt.prepare(conf, driver.context(), driver.collector());
        try {
            Metadata md = new Metadata().set(MetadataKeys.WRITES_TICKET, worker.open(3));
            bolt.execute(driver.tuple("status", "https://writes.example.org/", md, Status.FETCHED, new ArrayList<>(
                    List.of(new Discovered("https://writes.example.org/a", new Metadata()),
                            new Discovered("https://writes.example.org/b", new Metadata())))));
            driver.awaitOutcomes(1);
            assertEquals(1, driver.acked().size());
            assertEquals(0, worker.writes(), "the page and its two links, answered");
            assertEquals(0, worker.outcomes());
        } finally {
            bolt.cleanup();
            WorkerPendingWrites.leave(conf);
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

    /** Sends https://a.example.org/ as FETCHED with what it discovered, and waits for its ack or fail. */
    private static Tuple sendPage(StatusUpdaterBolt bolt, BoltDriver driver, Discovered... discovered)
            throws InterruptedException {
        Tuple page = driver.tuple("status", "https://a.example.org/", new Metadata(), Status.FETCHED,
                new ArrayList<>(List.of(discovered)));
        bolt.execute(page);
        driver.awaitOutcomes(1);
        return page;
    }

    @Test
    void aPagesStatusAndTheUrlsItDiscoveredAreStoredTogetherAndAckedOnce(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        StatusUpdaterBolt bolt = prepared(os, driver);
        try {
            Metadata linkMd = new Metadata();
            linkMd.add("depth", "1");
            Tuple page = sendPage(bolt, driver, new Discovered("https://a.example.org/x", linkMd),
                    new Discovered("https://b.example.org/y", linkMd));
            assertEquals(List.of(page), driver.acked());
            assertEquals("FETCHED", os.statusDocument(UrlId.of("https://a.example.org/")).get("status"));
            for (String link : List.of("https://a.example.org/x", "https://b.example.org/y")) {
                Map<String, Object> doc = os.statusDocument(UrlId.of(link));
                assertNotNull(doc, link + " stored with the page's status");
                assertEquals("DISCOVERED", doc.get("status"));
                assertEquals("1", TestOpenSearch.metadataOf(doc).getFirst("depth"));
            }
        } finally {
            bolt.cleanup();
        }
    }

    @Test
    void urlsWithHostsJavaNetUriRefusesAndAnUnknownStatusAreStoredNotDropped(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        StatusUpdaterBolt bolt = prepared(os, driver);
        try {
            String page = "http://my_host.example.com/";
            String link = "http://a_b.example:8105/x";
            Tuple fetched = driver.tuple("status", page, new Metadata(), Status.FETCHED,
                    new ArrayList<>(List.of(new Discovered(link, new Metadata()))));
            Tuple odd = driver.tuple("status", "https://a.example.org/odd", new Metadata(), "NO_SUCH_STATUS",
                    new ArrayList<>());
            bolt.execute(fetched);
            bolt.execute(odd);
            driver.awaitOutcomes(2);
            assertEquals(List.of(), driver.failed());
            assertEquals("FETCHED", os.statusDocument(UrlId.of(page)).get("status"));
            assertEquals("my_host.example.com", os.statusDocument(UrlId.of(page)).get("key"));
            assertEquals("DISCOVERED", os.statusDocument(UrlId.of(link)).get("status"));
            Map<String, Object> error = os.statusDocument(UrlId.of("https://a.example.org/odd"));
            assertEquals("ERROR", error.get("status"));
            assertEquals("status.invalid", TestOpenSearch.metadataOf(error).getFirst("error.cause"));
            assertEquals(0, driver.counter("status.unkeyable"));
        } finally {
            bolt.cleanup();
        }
    }

    @Test
    void aDiscoveryOpenSearchRefusesFailsItsPagesTuple(TestOpenSearch os) throws Exception {
        BoltDriver driver = driver();
        StatusUpdaterBolt bolt = prepared(os, driver);
        try {
            // A key that is both a value and the prefix of another: OpenSearch refuses that document only.
            Metadata unmappable = new Metadata();
            unmappable.add("x", "1");
            unmappable.add("x.y", "2");
            Tuple page = sendPage(bolt, driver, new Discovered("https://a.example.org/bad", unmappable));
            // The tuple is not acked as if all was stored: the spout counts the failure. (The page itself was
            // stored; a document OpenSearch refuses could never be written, so nothing is left to replay.)
            assertEquals(List.of(page), driver.failed());
            assertEquals(List.of(), driver.acked());
        } finally {
            bolt.cleanup();
        }
    }
}
