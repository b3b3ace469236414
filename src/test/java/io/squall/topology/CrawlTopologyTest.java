package io.squall.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.config.CrawlerConfig;
import io.squall.parse.ParseFilterFile;
import io.squall.urls.UrlFilterFile;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;

class CrawlTopologyTest {
    private static final CrawlerConfig CONFIG = CrawlerConfig.defaults().with(Map.of("http.agent.name", "t"), "test");

    private static StormTopology build(Parallelism parallelism) {
        return CrawlTopology.build(CONFIG, new CrawlTopology.Submission(UrlFilterFile.read(CONFIG),
                ParseFilterFile.read(CONFIG), parallelism));
    }

    @Test
    void everyComponentRunsTheTasksItWasGiven() {
        StormTopology topology = build(new Parallelism(3, 2, 4, 5, 1, 2));
        assertEquals(3, topology.get_spouts().get("spout").get_common().get_parallelism_hint());
        Map<String, Integer> bolts = Map.of("partitioner", 2, "fetcher", 4, "parser", 5, "indexer", 1, "status", 2);
        assertEquals(bolts.keySet(), topology.get_bolts().keySet());
        bolts.forEach((id, n) -> assertEquals(n, topology.get_bolts().get(id).get_common().get_parallelism_hint(), id));
    }

    @Test
    void aHostsUrlsMeetOneFetcherTaskAndOneUrlsUpdatesOneStatusTask() {
        Map<String, Bolt> bolts = build(new Parallelism(1, 1, 2, 1, 1, 2)).get_bolts();
        assertEquals(List.of("key"), fields(bolts.get("fetcher"), "partitioner", "default"));
        for (String source : List.of("partitioner", "fetcher", "parser", "indexer")) {
            assertEquals(List.of("url"), fields(bolts.get("status"), source, "status"), source + " status stream");
        }
        assertTrue(bolts.get("parser").get_common().get_inputs().containsKey(new GlobalStreamId("fetcher", "default")));
        assertTrue(bolts.get("indexer").get_common().get_inputs().containsKey(new GlobalStreamId("parser", "default")));
    }

    @Test
    void theBoltsThatHoldTuplesGetTicksEveryThirdOfTheMessageTimeout() {
        Map<String, Bolt> bolts = build(new Parallelism(1, 1, 1, 1, 1, 1)).get_bolts();
        for (String holder : Set.of("fetcher", "indexer", "status")) {
            ComponentCommon common = bolts.get(holder).get_common();
            assertNotNull(common.get_json_conf(), holder);
            assertTrue(common.get_json_conf().contains("\"topology.tick.tuple.freq.secs\":6"), common.get_json_conf());
        }
        assertEquals(null, bolts.get("parser").get_common().get_json_conf(), "the parser holds nothing");
    }

    private static List<String> fields(Bolt bolt, String component, String stream) {
        Grouping grouping = bolt.get_common().get_inputs().get(new GlobalStreamId(component, stream));
        assertNotNull(grouping, component + "/" + stream + " is an input");
        assertTrue(grouping.is_set_fields(), component + "/" + stream + " is grouped by fields");
        return grouping.get_fields();
    }
}
