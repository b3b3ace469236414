package io.squall.topology;

import io.squall.api.ConfigException;
import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.config.Durations;
import io.squall.config.ShippedFiles;
import io.squall.opensearch.ControlDocument;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.config.Secrets;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.generated.AlreadyAliveException;
import org.apache.storm.generated.AuthorizationException;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.StormTopology;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Submits the crawl topology of a Flux file to a Storm cluster, run in the directory that holds the file,
 * {@code crawler-conf.yaml} and {@code es-conf/}:
 * <pre>storm jar target/squall-*.jar io.squall.topology.Submit topology.yaml</pre>
 * Flux reads the file and its includes; then the settings are checked ({@link TopologyChecks}, no
 * password among them), the files the components read are shipped in the configuration
 * ({@link ShippedFiles}), the topology is built and its shape checked ({@link FluxTopology}), the missing
 * indices are created from {@code es-conf/} and the spouts of parallelism 0 get one task per shard of the
 * status index. Only then does anything reach Nimbus. A mistake is one line on stderr, exit code 1.
 */
public final class Submit {
    private Submit() {
    }

    public static void main(String[] args) {
        // Before any logger exists: Flux and Storm's client log every step at INFO, which the lines below say
        // in a few.
        System.setProperty("log4j2.configurationFile", "squall-submit-log4j2.xml");
        try {
            if (args.length != 1) {
                throw new ConfigException("usage: storm jar squall.jar " + Submit.class.getName() + " topology.yaml");
            }
            submit(Path.of(args[0]), System.out);
        } catch (ConfigException | OpenSearchUnavailableException e) {
            fail(e.getMessage());
        } catch (InvalidTopologyException e) {
            fail("Nimbus refused the topology: " + e.get_msg());
        } catch (AlreadyAliveException e) {
            fail("a topology of that name runs already (" + e.get_msg() + "): kill it first, or rename this one"
                    + " (the file's name:)");
        } catch (AuthorizationException e) {
            fail("Nimbus refused the submission: " + e.get_msg());
        }
    }

    private static void fail(String message) {
        System.err.println("squall: " + message);
        System.exit(1);
    }

    static void submit(Path file, PrintStream out)
            throws AlreadyAliveException, InvalidTopologyException, AuthorizationException {
        // Checking the usual includes alone first names the file of a mistake.
        ConfigLoader.loadExisting(List.of(Path.of("crawler-conf.yaml"), Path.of("es-conf/opensearch-conf.yaml")));
        // The includes hold the settings the placeholders stand for: the first reading, with the defaults
        // for them, finds the settings; the second fills the placeholders in with them.
        CrawlerConfig config = CrawlerConfig.fromStormConf(
                FluxTopology.parse(file, true, CrawlerConfig.defaults().asMap()).getConfig());
        TopologyChecks.check(config);
        Secrets.requireNoneInTopology(config);
        TopologyDef def = FluxTopology.parse(file, true, config.asMap());
        CrawlerConfig shipped = TopologyChecks.withShippedFiles(config);
        FluxTopology flux = FluxTopology.build(file, def, shipped);

        int shards = prepareOpenSearch(config, def.getName(), out);
        StormTopology topology = flux.withStatusShards(shards);
        Config stormConf = FluxBuilder.buildConfig(def);
        stormConf.putAll(shipped.asMap());
        out.println("Squall: submitting \"" + def.getName() + "\" from " + file + " on "
                + config.getInt("topology.workers") + " workers; tasks: " + flux.tasks(topology));
        String files = ShippedFiles.all(shipped).stream().filter(f -> !f.isEmpty()).map(ShippedFiles.File::origin)
                .collect(Collectors.joining(", "));
        out.println("Squall: files shipped with it: " + (files.isEmpty() ? "none" : files));
        out.flush();
        StormSubmitter.submitTopology(def.getName(), stormConf, topology);
        out.println("Squall: \"" + def.getName() + "\" submitted");
    }

    /** Creates the missing indices; returns the status index's shard count. Says so at once when it waits. */
    private static int prepareOpenSearch(CrawlerConfig config, String topologyName, PrintStream out) {
        OpenSearchClient client = OpenSearchClients.create(config);
        try {
            try {
                client.info();
            } catch (IOException | RuntimeException e) {
                out.println("Squall: waiting for OpenSearch at " + OpenSearchClients.addresses(config) + " (up to "
                        + Durations.format(config.getDuration("opensearch.startup.wait"))
                        + ", opensearch.startup.wait)...");
                out.flush();
            }
            IndexSetup.awaitReachable(client, config);
            Path esConf = Path.of("es-conf");
            IndexSetup.ensureIndices(client, config, Files.isDirectory(esConf) ? esConf : null);
            // A crawl submitted runs: a pause or stop the console left for an earlier topology does not hold it.
            ControlDocument.writeSubmitted(client, SquallIndex.HOSTS.name(config), topologyName, Instant.now());
            return IndexSetup.numberOfShards(IndexSetup.settings(client, config, SquallIndex.STATUS));
        } finally {
            OpenSearchClients.close(client);
        }
    }
}
