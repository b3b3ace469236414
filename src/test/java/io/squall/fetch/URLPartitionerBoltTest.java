package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.ConfigException;
import io.squall.core.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.core.Status;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Testing;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.testing.MkTupleParam;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

class URLPartitionerBoltTest {

    /** Records emits, acks and fails: the bolt's whole contract with Storm. */
    static final class RecordingCollector implements IOutputCollector {
        final List<Object[]> emits = new ArrayList<>();
        final List<Tuple> acked = new ArrayList<>();
        final List<Tuple> failed = new ArrayList<>();

        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            emits.add(new Object[] {streamId, anchors, tuple});
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void ack(Tuple input) {
            acked.add(input);
        }

        @Override
        public void fail(Tuple input) {
            failed.add(input);
        }

        @Override
        public void resetTimeout(Tuple input) {
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
        }
    }

    private static Tuple tuple(String url, Metadata md) {
        MkTupleParam p = new MkTupleParam();
        p.setFields("url", "metadata");
        return Testing.testTuple(List.of(url, md), p);
    }

    @Test
    @SuppressWarnings("unchecked")
    void addsTheKeyReusesAStoredOneAndReportsBadUrls() {
        RecordingCollector rec = new RecordingCollector();
        URLPartitionerBolt bolt = new URLPartitionerBolt();
        Map<String, Object> conf = new HashMap<>();
        conf.put("partition.url.mode", "byDomain");
        bolt.prepare(conf, null, new OutputCollector(rec));

        Tuple fresh = tuple("https://www.example.co.uk/a", new Metadata());
        Tuple stored = tuple("https://www.example.com/b", new Metadata().set(MetadataKeys.PARTITION_KEY, "old-key"));
        Tuple bad = tuple("not a url", new Metadata());
        bolt.execute(fresh);
        bolt.execute(stored);
        bolt.execute(bad);

        assertEquals(List.of(fresh, stored, bad), rec.acked, "every input acked once");
        List<Object> first = (List<Object>) rec.emits.get(0)[2];
        assertEquals("example.co.uk", first.get(1));
        assertEquals("example.co.uk", ((Metadata) first.get(2)).getFirst(MetadataKeys.PARTITION_KEY));
        assertEquals(List.of(fresh), new ArrayList<>((Collection<Tuple>) rec.emits.get(0)[1]), "anchored");
        assertEquals("old-key", ((List<Object>) rec.emits.get(1)[2]).get(1), "a stored key never drifts");
        assertEquals("status", rec.emits.get(2)[0]);
        List<Object> error = (List<Object>) rec.emits.get(2)[2];
        assertEquals(Status.ERROR, error.get(2));
        assertEquals("url.invalid", ((Metadata) error.get(1)).getFirst(MetadataKeys.ERROR_CAUSE));
    }

    @Test
    void theMessageTimeoutMustOutliveQueueTimeAndDeadline() {
        ConfigException e = assertThrows(ConfigException.class, () -> FetcherBolt.checkMessageTimeout(
                FetchTestConfig.with("topology.message.timeout.secs", 100, "fetcher.timeout.queue", 120)));
        assertTrue(e.getMessage().contains("topology.message.timeout.secs"));
        FetcherBolt.checkMessageTimeout(FetchTestConfig.with());
    }
}
