package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.fetch.FetcherBolt;
import io.squall.frontier.FrontierSpout;
import io.squall.frontier.StatusUpdaterBolt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.BoltDef;
import org.apache.storm.flux.model.SpoutDef;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

class TopologyFileTest {

    /** A bolt of the user's: in the test classes, not in Squall's. */
    public static final class OwnBolt extends BaseBasicBolt {
        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    private static TopologyDef topology(Class<?>... bolts) {
        TopologyDef def = new TopologyDef();
        SpoutDef spout = new SpoutDef();
        spout.setId("spout");
        spout.setClassName(FrontierSpout.class.getName());
        def.setSpouts(new ArrayList<>(List.of(spout)));
        List<BoltDef> defs = new ArrayList<>();
        for (Class<?> bolt : bolts) {
            BoltDef b = new BoltDef();
            b.setId(bolt.getSimpleName());
            b.setClassName(bolt.getName());
            defs.add(b);
        }
        def.setBolts(defs);
        return def;
    }

    @Test
    void everyTupleIsSerializedOnlyWhenTheTopologyHasComponentsOfTheUsersUnlessTheSettingsSay() {
        assertEquals(false, TopologyFile.stormConfig(topology(FetcherBolt.class, StatusUpdaterBolt.class), Map.of())
                .get(TopologyFile.SERIALIZE_EVERY_TUPLE), "Squall's components alone: their values are tested");
        assertEquals(true, TopologyFile.stormConfig(topology(FetcherBolt.class, OwnBolt.class), Map.of())
                .get(TopologyFile.SERIALIZE_EVERY_TUPLE), "a bolt of the user's: checked as a cluster would");
        assertEquals(true, TopologyFile.stormConfig(topology(FetcherBolt.class),
                Map.of(TopologyFile.SERIALIZE_EVERY_TUPLE, true)).get(TopologyFile.SERIALIZE_EVERY_TUPLE));
        assertEquals(false, TopologyFile.stormConfig(topology(OwnBolt.class),
                Map.of(TopologyFile.SERIALIZE_EVERY_TUPLE, false)).get(TopologyFile.SERIALIZE_EVERY_TUPLE));
    }

    @Test
    void aClassThatCannotBeFoundKeepsTheCheckOn() {
        TopologyDef def = topology(FetcherBolt.class);
        BoltDef missing = new BoltDef();
        missing.setId("missing");
        missing.setClassName("com.example.Missing");
        List<BoltDef> bolts = new ArrayList<>(def.getBolts());
        bolts.add(missing);
        def.setBolts(bolts);
        assertEquals(true, TopologyFile.hasOwnComponents(def));
    }
}
