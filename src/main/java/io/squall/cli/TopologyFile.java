package io.squall.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.TopologyDef;

/**
 * The Storm configuration of {@code topology.yaml} (its {@code config}) for local mode, whose topology
 * {@link io.squall.topology.FluxTopology} builds from the same file.
 *
 * <p>The file's {@code includes} are what a Storm cluster uses to find the configuration files; local
 * mode has already read and validated the same files (plus {@code --conf} and the command line), so it
 * leaves the includes unread and puts the merged configuration on top of the file's own.
 */
final class TopologyFile {
    private TopologyFile() {
    }

    /**
     * The Storm configuration of the crawl: the file's own {@code config} with the crawl's settings on top
     * (as the includes would do on a cluster).
     */
    static Config stormConfig(TopologyDef def, Map<String, Object> settings) {
        Map<String, Object> merged = new LinkedHashMap<>();
        if (def.getConfig() != null) {
            merged.putAll(def.getConfig());
        }
        merged.putAll(settings);
        def.setConfig(merged);
        return FluxBuilder.buildConfig(def);
    }
}
