package io.squall.cli;

import io.squall.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.parser.FluxParser;

/**
 * Reads the Storm configuration of {@code topology.yaml} (its {@code config}) with Flux, for local mode.
 * The topology itself is {@link io.squall.topology.CrawlTopology}, as on a cluster.
 *
 * <p>The file's {@code includes} are what a Storm cluster uses to find the configuration files; local
 * mode has already read and validated the same files (plus {@code --conf} and the command line), so it
 * leaves the includes unread and puts the merged configuration on top of the file's own.
 */
final class TopologyFile {
    // Flux's YAML binding makes SnakeYAML warn through java.util.logging, on the terminal, about every file;
    // the logger is held here so that its level sticks.
    private static final java.util.logging.Logger SNAKEYAML_LOG = java.util.logging.Logger.getLogger("org.yaml.snakeyaml");

    static {
        SNAKEYAML_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    private TopologyFile() {
    }

    /** The topology definition of the file, without its includes (local mode has read those files itself). */
    static TopologyDef load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": topology file not found");
        }
        try {
            TopologyDef def = FluxParser.parseFile(file.toString(), false, false, null, false);
            if (def == null || !def.validate()) {
                throw new ConfigException(file + ": not a valid Flux topology definition");
            }
            return def;
        } catch (IOException | RuntimeException e) {
            if (e instanceof ConfigException ce) {
                throw ce;
            }
            throw new ConfigException(file + ": not a valid Flux topology definition: " + e.getMessage(), e);
        }
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
