package io.squall.topology;

import io.squall.api.ConfigException;
import io.squall.api.storm.HoldsTuples;
import io.squall.config.CrawlerConfig;
import io.squall.config.MessageTimeout;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.BoltDef;
import org.apache.storm.flux.model.ExecutionContext;
import org.apache.storm.flux.model.SpoutDef;
import org.apache.storm.flux.model.StreamDef;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.model.VertexDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.shade.net.minidev.json.JSONValue;
import org.apache.storm.utils.Utils;

/**
 * The crawl topology as a Flux file ({@code topology.yaml}) lists it: its spouts, bolts and streams, built
 * with Flux and checked ({@link TopologyShape}), the one definition that local mode runs and that
 * {@link Submit} sends to a cluster.
 *
 * <p>Three things of Squall's on top of Flux: the file's {@code ${key}} placeholders are the crawl's
 * settings (Flux's property filtering, with the configuration as the properties), so that
 * {@code parallelism: ${parallelism.fetcher}} follows {@code crawler-conf.yaml}; a spout of
 * parallelism 0 runs one task per shard of the status index, known only once OpenSearch answers; and a
 * bolt of parallelism 0 runs one task per worker ({@code topology.workers}), so that a local-or-shuffle
 * grouping to it finds a task in every worker (Storm's scheduler spreads a component's tasks over the
 * workers in turn).
 *
 * @param file        the file, for messages
 * @param topology    the topology, its 0-parallelism spouts at 1 until {@link #withStatusShards}
 * @param ids         the spouts' and bolts' ids, in the file's order
 * @param shardSpouts the spouts whose task count is the status index's shard count
 */
public record FluxTopology(String file, StormTopology topology, List<String> ids, List<String> shardSpouts) {
    // Flux's YAML binding makes SnakeYAML warn through java.util.logging, on the terminal, about every file
    // (its own model's fields); the logger is held here so that its level sticks.
    private static final java.util.logging.Logger SNAKEYAML_LOG =
            java.util.logging.Logger.getLogger("org.yaml.snakeyaml");

    static {
        SNAKEYAML_LOG.setLevel(java.util.logging.Level.SEVERE);
    }

    /**
     * Reads a Flux file, its {@code ${key}} placeholders replaced by those settings.
     *
     * @param includes whether to merge the files of its {@code includes} (on a cluster; local mode has read
     *                 the same files itself)
     * @throws ConfigException naming the file, for a file that is missing or not a Flux topology of spouts and bolts
     */
    public static TopologyDef parse(Path file, boolean includes, Map<String, ?> settings) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": topology file not found");
        }
        Properties properties = new Properties();
        settings.forEach((key, value) -> {
            if (value instanceof String || value instanceof Number || value instanceof Boolean) {
                properties.setProperty(key, String.valueOf(value));
            }
        });
        TopologyDef def;
        // Flux prints every included file, interpreted, on stdout, whatever it is asked to dump.
        PrintStream out = System.out;
        try {
            if (includes) {
                System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            }
            def = FluxParser.parseFile(file.toString(), false, includes, properties, false);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException(file + ": not a valid Flux topology definition: " + firstLine(e), e);
        } finally {
            System.setOut(out);
        }
        if (def == null || !def.validate()) {
            throw new ConfigException(file + ": not a valid Flux topology definition");
        }
        if (!def.isDslTopology()) {
            throw new ConfigException(file + ": list the topology's spouts, bolts and streams (a topologySource"
                    + " is not supported: the topology is checked before it runs)");
        }
        return def;
    }

    /**
     * Builds the topology a file defines, and checks its shape.
     *
     * @param config the crawl's configuration (the tick period of the bolts that hold tuples comes from it)
     * @throws ConfigException naming the file and the component, for an unknown class, a wiring mistake or
     *                         a component Flux cannot build
     */
    public static FluxTopology build(Path file, TopologyDef def, CrawlerConfig config) {
        List<VertexDef> vertices = new ArrayList<>(def.getSpouts());
        vertices.addAll(def.getBolts());
        for (VertexDef vertex : vertices) {
            requireClass(file, vertex);
        }
        requireWired(file, def, vertices);
        List<SpoutDef> shardSpouts = def.getSpouts().stream().filter(s -> s.getParallelism() == 0).toList();
        List<BoltDef> workerBolts = def.getBolts().stream().filter(b -> b.getParallelism() == 0).toList();
        Config stormConf = new Config();
        stormConf.putAll(config.asMap());
        StormTopology topology;
        try {
            // Built with one task, given its count once the status index is known; the definition is left as it was.
            shardSpouts.forEach(s -> s.setParallelism(1));
            int workers = Math.max(1, config.getInt(Config.TOPOLOGY_WORKERS));
            workerBolts.forEach(b -> b.setParallelism(workers));
            topology = FluxBuilder.buildTopology(new ExecutionContext(def, stormConf));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ConfigException(file + ": Flux cannot build the topology: " + firstLine(e), e);
        } finally {
            shardSpouts.forEach(s -> s.setParallelism(0));
            workerBolts.forEach(b -> b.setParallelism(0));
        }
        List<String> ids = vertices.stream().map(VertexDef::getId).toList();
        Map<String, TopologyShape.Component> components = components(topology, ids);
        TopologyShape.check(file.toString(), components);
        giveTicks(topology, components, MessageTimeout.renewalPeriodSeconds(config));
        return new FluxTopology(file.toString(), topology, ids, shardSpouts.stream().map(SpoutDef::getId).toList());
    }

    /** The topology with its 0-parallelism spouts at one task per shard of the status index. */
    public StormTopology withStatusShards(int statusShards) {
        StormTopology copy = topology.deepCopy();
        for (String spout : shardSpouts) {
            copy.get_spouts().get(spout).get_common().set_parallelism_hint(statusShards);
        }
        return copy;
    }

    /** Each task count of that topology (built from this one), in the file's order: {@code spout 3, fetcher 2}. */
    public String tasks(StormTopology built) {
        return String.join(", ", ids.stream().map(id -> id + " " + common(built, id).get_parallelism_hint()).toList());
    }

    private static void requireClass(Path file, VertexDef vertex) {
        try {
            Class.forName(vertex.getClassName(), false, FluxTopology.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new ConfigException(file + ": \"" + vertex.getId() + "\": class " + vertex.getClassName()
                    + " not found (is it in the topology jar?)");
        }
    }

    /** Every stream joins two components of the file, and a stream reaches every bolt (else Flux leaves it out). */
    private static void requireWired(Path file, TopologyDef def, List<VertexDef> vertices) {
        List<String> ids = vertices.stream().map(VertexDef::getId).toList();
        List<StreamDef> streams = def.getStreams() == null ? List.of() : def.getStreams();
        for (StreamDef stream : streams) {
            for (String end : List.of(String.valueOf(stream.getFrom()), String.valueOf(stream.getTo()))) {
                if (!ids.contains(end)) {
                    throw new ConfigException(file + ": a stream from \"" + stream.getFrom() + "\" to \""
                            + stream.getTo() + "\": \"" + end + "\" is not a spout or bolt of the file");
                }
            }
        }
        for (BoltDef bolt : def.getBolts()) {
            if (streams.stream().noneMatch(s -> bolt.getId().equals(s.getTo()))) {
                throw new ConfigException(file + ": no stream reaches the bolt \"" + bolt.getId()
                        + "\": add one under streams:, or remove the bolt");
            }
        }
    }

    private static Map<String, TopologyShape.Component> components(StormTopology topology, List<String> ids) {
        Map<String, TopologyShape.Component> components = new LinkedHashMap<>();
        for (String id : ids) {
            ComponentObject object = topology.get_spouts().containsKey(id)
                    ? topology.get_spouts().get(id).get_spout_object() : topology.get_bolts().get(id).get_bolt_object();
            components.put(id, new TopologyShape.Component(common(topology, id), object(object)));
        }
        return components;
    }

    private static ComponentCommon common(StormTopology topology, String id) {
        return topology.get_spouts().containsKey(id) ? topology.get_spouts().get(id).get_common()
                : topology.get_bolts().get(id).get_common();
    }

    private static Object object(ComponentObject serialized) {
        return serialized.is_set_serialized_java()
                ? Utils.javaDeserialize(serialized.get_serialized_java(), Object.class) : serialized;
    }

    /** Ticks every {@code period} seconds for the bolts that renew the timeouts of the tuples they hold. */
    private static void giveTicks(StormTopology topology, Map<String, TopologyShape.Component> components, int period) {
        components.forEach((id, component) -> {
            if (component.object() instanceof HoldsTuples) {
                ComponentCommon common = component.common();
                Map<String, Object> conf = new LinkedHashMap<>();
                if (common.is_set_json_conf()) {
                    conf.putAll(Utils.parseJson(common.get_json_conf()));
                }
                conf.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, period);
                common.set_json_conf(JSONValue.toJSONString(conf));
            }
        });
    }

    private static String firstLine(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return Stream.of(message.split("\\R")).filter(l -> !l.isBlank()).findFirst().orElse(message).trim();
    }
}
