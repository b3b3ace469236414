package io.squall.cli;

import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.ObjectDef;
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
    static final String SERIALIZE_EVERY_TUPLE = "topology.testing.always.try.serialize";

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
        merged.putIfAbsent(SERIALIZE_EVERY_TUPLE, hasOwnComponents(def));
        def.setConfig(merged);
        return FluxBuilder.buildConfig(def);
    }

    /**
     * Whether a spout or bolt of the topology is not Squall's: a class outside Squall's packages or from
     * another jar or directory than Squall's own, or a topology built by a class of the user's. Local mode
     * then serializes every tuple as a cluster would between workers, so that a value of the user's that
     * Kryo cannot handle fails on the developer's machine, not on a cluster's first tuple across workers.
     * Squall's own tuple values are registered and tested (TupleKryoTest), and for them the check cost about
     * 4.5% of a broad crawl's CPU (docs/benchmarks.md): a topology of Squall's components alone is not
     * checked unless the setting says so.
     */
    static boolean hasOwnComponents(TopologyDef def) {
        if (def.getTopologySource() != null) {
            return true;
        }
        List<ObjectDef> components = new ArrayList<>();
        components.addAll(def.getSpouts() == null ? List.of() : def.getSpouts());
        components.addAll(def.getBolts() == null ? List.of() : def.getBolts());
        URL squall = codeSource(TopologyFile.class);
        for (ObjectDef component : components) {
            try {
                Class<?> type = Class.forName(component.getClassName(), false, TopologyFile.class.getClassLoader());
                if (!type.getName().startsWith("io.squall.") || !Objects.equals(codeSource(type), squall)) {
                    return true;
                }
            } catch (ClassNotFoundException e) {
                return true; // building the topology says what is missing; the check stays on meanwhile
            }
        }
        return false;
    }

    private static URL codeSource(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return source == null ? null : source.getLocation();
    }
}
