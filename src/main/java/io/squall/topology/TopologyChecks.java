package io.squall.topology;

import io.squall.api.ConfigException;
import io.squall.api.Scheduler;
import io.squall.config.CrawlerConfig;
import io.squall.config.MessageTimeout;
import io.squall.config.ShippedFiles;
import io.squall.core.CrawlClock;
import io.squall.http.AddressAllowList;
import io.squall.http.CookieJars;
import io.squall.fetch.PolitenessDelay;
import io.squall.http.ProxySettings;
import io.squall.render.RenderingProtocol;
import io.squall.http.SiteCredentials;
import io.squall.frontier.Schedulers;
import io.squall.http.UserAgent;
import io.squall.metrics.Counters;
import io.squall.parse.DocumentParser;
import io.squall.parse.FeedReader;
import io.squall.parse.ParseFilters;
import io.squall.storm.TupleKryo;
import io.squall.urls.UrlFilters;

/**
 * What can be known to be wrong with a crawl's configuration before the topology runs: checked where the
 * crawl starts (at submission to a cluster, at the start of a local crawl), so that a mistake is one line
 * for the user instead of a worker that fails in a loop on every machine.
 */
public final class TopologyChecks {
    static final String DECORATORS = "topology.kryo.decorators";

    private TopologyChecks() {
    }

    /** @throws ConfigException naming the first problem found */
    public static void check(CrawlerConfig config) {
        if (!config.isSet("http.agent.name")) {
            throw new ConfigException("http.agent.name is not set: name your crawler in crawler-conf.yaml");
        }
        UserAgent.fromConfig(config);
        AddressAllowList.fromConfig(config);
        ProxySettings.fromConfig(config);
        CookieJars.fromConfig(config, CrawlClock.system());
        SiteCredentials.fromConfig(config);
        PolitenessDelay.fromConfig(config);
        MessageTimeout.check(config);
        Parallelism.check(config, Schedulers.fromConfig(config));
        FeedReader.check(config);
        DocumentParser.check(config);
        RenderingProtocol.checkSettings(config);
        checkSerialization(config);
    }

    /**
     * The configuration with the files its components read shipped in it ({@link ShippedFiles}), the URL
     * and parse filter files checked (each filter built and configured once): a broken one fails here, not in
     * every worker.
     *
     * @throws ConfigException naming the file or setting
     */
    public static CrawlerConfig withShippedFiles(CrawlerConfig config) {
        CrawlerConfig shipped = ShippedFiles.ship(config);
        UrlFilters.fromConfig(shipped, Counters.NONE);
        ParseFilters.fromConfig(shipped).close();
        return shipped;
    }

    private static void checkSerialization(CrawlerConfig config) {
        String decorator = TupleKryo.class.getName();
        if (!config.getStringList(DECORATORS).contains(decorator)) {
            throw new ConfigException(DECORATORS + " " + config.getStringList(DECORATORS) + " lacks " + decorator
                    + ", which registers the classes Squall's tuples carry (io.squall.api.Metadata,"
                    + " io.squall.api.Status): add it to the list");
        }
    }
}
