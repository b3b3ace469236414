package io.squall.topology;

import io.squall.api.ConfigException;
import io.squall.api.storm.StatusStream;
import io.squall.frontier.StatusUpdaterBolt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StreamInfo;

/**
 * What a crawl topology needs besides bolts that run: a status updater, every component's "status" stream
 * subscribed to, and every subscription to a stream and to fields its source declares (each component's
 * {@code declareOutputFields}). Checked where the crawl starts, so that a wiring mistake in
 * {@code topology.yaml} is one line instead of URLs whose statuses are lost, or a topology Nimbus refuses.
 */
final class TopologyShape {
    private TopologyShape() {
    }

    /**
     * @param file       the topology file, for the message
     * @param components each component's id, its declared streams and inputs, and its object (spout or bolt)
     * @throws ConfigException naming the first problem found
     */
    static void check(String file, Map<String, Component> components) {
        for (Map.Entry<String, Component> bolt : components.entrySet()) {
            for (Map.Entry<GlobalStreamId, Grouping> input : bolt.getValue().common().get_inputs().entrySet()) {
                checkInput(file, bolt.getKey(), input.getKey(), input.getValue(), components);
            }
        }
        List<String> updaters = components.entrySet().stream()
                .filter(c -> c.getValue().object() instanceof StatusUpdaterBolt).map(Map.Entry::getKey).toList();
        if (updaters.isEmpty()) {
            throw new ConfigException(file + ": no status updater: add a bolt of class "
                    + StatusUpdaterBolt.class.getName() + " that subscribes to every component's \""
                    + StatusStream.NAME + "\" stream");
        }
        for (Map.Entry<String, Component> source : components.entrySet()) {
            if (source.getValue().common().get_streams().containsKey(StatusStream.NAME)
                    && !subscribed(source.getKey(), components)) {
                throw new ConfigException(file + ": \"" + source.getKey() + "\" emits on the \"" + StatusStream.NAME
                        + "\" stream, to which no bolt subscribes: the URLs it decides would never reach the status"
                        + " index; add a stream from \"" + source.getKey() + "\" to \"" + updaters.get(0)
                        + "\" with grouping streamId \"" + StatusStream.NAME + "\", type LOCAL_OR_SHUFFLE");
            }
        }
    }

    private static void checkInput(String file, String bolt, GlobalStreamId input, Grouping grouping,
                                   Map<String, Component> components) {
        Component source = components.get(input.get_componentId());
        if (source == null) {
            throw new ConfigException(file + ": \"" + bolt + "\" subscribes to \"" + input.get_componentId()
                    + "\", which is not a spout or bolt of the topology");
        }
        StreamInfo stream = source.common().get_streams().get(input.get_streamId());
        if (stream == null) {
            throw new ConfigException(file + ": \"" + bolt + "\" subscribes to the stream \"" + input.get_streamId()
                    + "\" of \"" + input.get_componentId() + "\", which declares only " + names(source));
        }
        if (grouping.is_set_fields()) {
            List<String> missing = new ArrayList<>(grouping.get_fields());
            missing.removeAll(stream.get_output_fields());
            if (!missing.isEmpty()) {
                throw new ConfigException(file + ": \"" + bolt + "\" groups the stream \"" + input.get_streamId()
                        + "\" of \"" + input.get_componentId() + "\" on " + missing + ", not among its fields "
                        + stream.get_output_fields());
            }
        }
    }

    private static boolean subscribed(String source, Map<String, Component> components) {
        GlobalStreamId status = new GlobalStreamId(source, StatusStream.NAME);
        return components.values().stream().anyMatch(c -> c.common().get_inputs().containsKey(status));
    }

    private static String names(Component source) {
        Map<String, Object> streams = new LinkedHashMap<>(source.common().get_streams());
        return streams.isEmpty() ? "no stream" : "the streams " + streams.keySet();
    }

    /** A spout or bolt of a built topology: what Storm knows of it, and the object itself. */
    record Component(ComponentCommon common, Object object) {
    }
}
