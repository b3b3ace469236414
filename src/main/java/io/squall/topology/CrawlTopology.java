package io.squall.topology;

import io.squall.config.ConfigException;
import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.fetch.FetcherBolt;
import io.squall.fetch.URLPartitionerBolt;
import io.squall.frontier.FrontierSpout;
import io.squall.frontier.StatusUpdaterBolt;
import io.squall.index.IndexerBolt;
import io.squall.metrics.Counters;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.opensearch.Secrets;
import io.squall.opensearch.SquallIndex;
import io.squall.parse.ParseFilterFile;
import io.squall.parse.ParseFilters;
import io.squall.parse.ParserBolt;
import io.squall.storm.MessageTimeout;
import io.squall.storm.StatusStream;
import io.squall.urls.UrlFilterFile;
import io.squall.urls.UrlFilters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * The crawl topology, the one definition that local mode runs and that {@code topology.yaml} hands to
 * Flux on a Storm cluster ({@code topologySource}):
 * <pre>
 * spout ─▶ partitioner ─(fields: key)─▶ fetcher ─▶ parser ─▶ indexer
 *   ▲                                      │          │         │
 *   └─ status index ◀── status ◀───────────┴──────────┴─────────┘ (status stream, fields: url)
 * </pre>
 * Built from the configuration rather than listed in YAML because what a cluster needs is only known
 * where the crawl is submitted, with the configuration at hand: the checks of {@link TopologyChecks},
 * the URL filter file (read there and carried inside the bolts, since workers do not run in the
 * submitting directory), the indices (created there from {@code es-conf/}), and the spout's task count
 * (one per shard of the status index, by default).
 */
public final class CrawlTopology {
    public static final String SPOUT = "spout";
    public static final String PARTITIONER = "partitioner";
    public static final String FETCHER = "fetcher";
    public static final String PARSER = "parser";
    public static final String INDEXER = "indexer";
    public static final String STATUS = "status";

    /**
     * Flux's entry point, on the machine that runs {@code storm jar}, in its working directory: checks the
     * configuration (topology.yaml's {@code config} and its includes, merged; no password in it), prepares
     * OpenSearch and builds the topology. A mistake ends the submission with one line on stderr and exit code 1: Flux
     * would otherwise print a stack trace around it.
     */
    public StormTopology getTopology(Map<String, Object> stormConf) {
        try {
            // Flux merged the files before this runs: checking the usual ones first names the file of a mistake.
            ConfigLoader.loadExisting(List.of(Path.of("crawler-conf.yaml"), Path.of("es-conf/opensearch-conf.yaml")));
            CrawlerConfig config = CrawlerConfig.fromStormConf(stormConf);
            TopologyChecks.check(config);
            Secrets.requireNoneInTopology(config);
            Submission submission;
            OpenSearchClient client = OpenSearchClients.create(config);
            try {
                IndexSetup.awaitReachable(client, config);
                Path esConf = Path.of("es-conf");
                IndexSetup.ensureIndices(client, config, Files.isDirectory(esConf) ? esConf : null);
                submission = prepare(config, client);
            } finally {
                OpenSearchClients.close(client);
            }
            System.out.println("Squall: URL filters from " + submission.filters().origin() + "; parse filters from "
                    + submission.parseFilters().origin() + "; tasks: "
                    + submission.parallelism() + "; workers: " + config.getInt("topology.workers"));
            return build(config, submission);
        } catch (ConfigException | OpenSearchUnavailableException e) {
            System.err.println("squall: " + e.getMessage());
            System.exit(1);
            throw e; // not reached
        }
    }

    /** What the topology is built from besides the configuration: its URL and parse filters and its task counts. */
    public record Submission(UrlFilterFile filters, ParseFilterFile parseFilters, Parallelism parallelism) {
    }

    /**
     * Reads and checks the URL and parse filters, and the status index's shard count (the index exists: the caller
     * created the indices), for a configuration already checked ({@link TopologyChecks}).
     *
     * @throws ConfigException for a broken filter file or task count
     */
    public static Submission prepare(CrawlerConfig config, OpenSearchClient client) {
        return prepare(config, IndexSetup.numberOfShards(IndexSetup.settings(client, config, SquallIndex.STATUS)));
    }

    /**
     * The same, for a status index of that many shards: one about to be created, whose count is known from
     * its definition before OpenSearch answers. A spout of another task count still reads every shard.
     */
    public static Submission prepare(CrawlerConfig config, int statusShards) {
        UrlFilterFile filters = UrlFilterFile.read(config);
        UrlFilters.fromFile(filters, config, Counters.NONE); // a broken filter file fails here, not in every worker
        ParseFilterFile parseFilters = ParseFilterFile.read(config);
        ParseFilters.fromFile(parseFilters, config).close();
        return new Submission(filters, parseFilters, Parallelism.of(config, statusShards));
    }

    /** The topology with these task counts; the bolts that filter URLs carry the filter definition. */
    public static StormTopology build(CrawlerConfig config, Submission submission) {
        UrlFilterFile filters = submission.filters();
        Parallelism parallelism = submission.parallelism();
        // The bolts that hold tuples (fetcher, writers) renew their timeouts on these ticks.
        Map<String, Object> renewalTicks = Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS,
                MessageTimeout.renewalPeriodSeconds(config));
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SPOUT, new FrontierSpout(), parallelism.spout());
        builder.setBolt(PARTITIONER, new URLPartitionerBolt(), parallelism.partitioner())
                .localOrShuffleGrouping(SPOUT);
        // All URLs of one key (host, domain or IP) reach one fetcher task, which keeps that key's politeness.
        builder.setBolt(FETCHER, new FetcherBolt(filters), parallelism.fetcher())
                .fieldsGrouping(PARTITIONER, new Fields("key"))
                .addConfigurations(renewalTicks);
        builder.setBolt(PARSER, new ParserBolt(filters, submission.parseFilters()), parallelism.parser())
                .localOrShuffleGrouping(FETCHER);
        builder.setBolt(INDEXER, new IndexerBolt(), parallelism.indexer())
                .localOrShuffleGrouping(PARSER)
                .addConfigurations(renewalTicks);
        // Every bolt that decides a URL's fate says so on "status"; one URL's updates reach one updater task.
        Fields url = new Fields("url");
        builder.setBolt(STATUS, new StatusUpdaterBolt(), parallelism.status())
                .fieldsGrouping(PARTITIONER, StatusStream.NAME, url)
                .fieldsGrouping(FETCHER, StatusStream.NAME, url)
                .fieldsGrouping(PARSER, StatusStream.NAME, url)
                .fieldsGrouping(INDEXER, StatusStream.NAME, url)
                .addConfigurations(renewalTicks);
        return builder.createTopology();
    }
}
