package io.squall.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.BoltDriver;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.hooks.info.BoltFailInfo;
import org.apache.storm.tuple.Fields;
import org.junit.jupiter.api.Test;

class FailedOutcomesTest {

    @Test
    void aTupleAnyBoltFailsOwesItsWorkerItsWritesNoMore() {
        Map<String, Object> conf = Map.of(Config.TOPOLOGY_NAME, "failed-outcomes-test");
        PendingWrites worker = WorkerPendingWrites.join(conf);
        try {
            BoltDriver driver = new BoltDriver(Map.of("default", new Fields("url", "metadata", "text"),
                    "other", new Fields("word")));
            FailedOutcomes hook = new FailedOutcomes();
            hook.prepare(conf, driver.context());
            String failed = worker.open(1001);
            worker.open(11);

            hook.boltFail(new BoltFailInfo(driver.tuple("default", "https://a.example.org/",
                    new Metadata().set(MetadataKeys.WRITES_TICKET, failed), "text"), 2, 5L));
            assertEquals(11, worker.writes(), "the failed page's 1,001 writes let go, the other's kept");
            hook.boltFail(new BoltFailInfo(driver.tuple("other", "a word"), 2, 5L));
            hook.boltFail(new BoltFailInfo(driver.tuple("default", "https://b.example.org/", new Metadata(), "t"),
                    2, 5L));
            assertEquals(11, worker.writes(), "tuples without metadata or without a ticket change nothing");
        } finally {
            WorkerPendingWrites.leave(conf);
        }
    }
}
