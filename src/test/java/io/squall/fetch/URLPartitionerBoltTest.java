package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.BoltDriver;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

class URLPartitionerBoltTest {

    @Test
    void addsTheKeyReusesAStoredOneAndReportsBadUrls() {
        BoltDriver driver = new BoltDriver(Map.of("default", new Fields("url", "metadata")));
        URLPartitionerBolt bolt = new URLPartitionerBolt();
        Map<String, Object> conf = new HashMap<>();
        conf.put("partition.url.mode", "byDomain");
        bolt.prepare(conf, driver.context(), driver.collector());

        Tuple fresh = driver.tuple("default", "https://www.example.co.uk/a", new Metadata());
        Tuple stored = driver.tuple("default", "https://www.example.com/b",
                new Metadata().set(MetadataKeys.PARTITION_KEY, "old-key"));
        Tuple bad = driver.tuple("default", "not a url", new Metadata());
        bolt.execute(fresh);
        bolt.execute(stored);
        bolt.execute(bad);

        assertEquals(List.of(fresh, stored, bad), driver.acked(), "every input acked once");
        List<BoltDriver.Emitted> emitted = driver.emitted();
        List<Object> first = emitted.get(0).values();
        assertEquals("example.co.uk", first.get(1));
        assertEquals("example.co.uk", ((Metadata) first.get(2)).getFirst(MetadataKeys.PARTITION_KEY));
        assertEquals(List.of(fresh), emitted.get(0).anchors(), "anchored");
        assertEquals("old-key", emitted.get(1).values().get(1), "a stored key never drifts");
        assertEquals("status", emitted.get(2).stream());
        List<Object> error = emitted.get(2).values();
        assertEquals(Status.ERROR, error.get(2));
        assertEquals("url.invalid", ((Metadata) error.get(1)).getFirst(MetadataKeys.ERROR_CAUSE));
        assertEquals(1, driver.counter("partitioner.invalid"));
    }

    @Test
    void anUnderscoreHostIsKeyedNotRefused() {
        BoltDriver driver = new BoltDriver(Map.of("default", new Fields("url", "metadata")));
        URLPartitionerBolt bolt = new URLPartitionerBolt();
        bolt.prepare(new HashMap<>(Map.of("partition.url.mode", "byHost")), driver.context(), driver.collector());
        bolt.execute(driver.tuple("default", "http://a_b.example:8105/x", new Metadata()));
        assertEquals("default", driver.emitted().get(0).stream());
        assertEquals("a_b.example", driver.emitted().get(0).values().get(1));
        assertEquals(0, driver.counter("partitioner.invalid"));
    }
}
