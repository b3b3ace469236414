package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.api.Metadata;
import io.squall.e2e.ParsedPagesBolt;
import io.squall.metrics.Counters;
import io.squall.parse.ParseFilterChain;
import io.squall.parse.ParseFilters;
import io.squall.topology.FluxTopology;
import io.squall.topology.TopologyChecks;
import io.squall.urls.UrlFilterChain;
import io.squall.urls.UrlFilters;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code squall migrate} on a StormCrawler project laid out as StormCrawler's OpenSearch archetype lays one out
 * (a Flux file with its includes, the settings, the filter files and a regex file among the resources, an
 * injection topology, a bolt of the user's own): Squall's own loaders take every file it writes, the settings
 * and filters do what StormCrawler's did, and every StormCrawler key has its line in the report.
 */
class MigrateCommandTest {
    private static final String CRAWLER_CONF = """
            config:
              topology.workers: 1
              topology.message.timeout.secs: 300
              topology.max.spout.pending: 100
              topology.debug: false
              fetcher.threads.number: 50
              worker.heap.memory.mb: 2048
              topology.kryo.register:
                - org.apache.stormcrawler.Metadata
                - org.apache.stormcrawler.persistence.Status
              metadata.persist:
                - _redirTo
                - error.cause
              metadata.transfer:
                - customMetadataName
              http.agent.name: "examplebot"
              http.agent.version: "1.0"
              http.agent.url: "https://example.org/bot"
              http.agent.email: "bot@example.org"
              http.agent.description:
              http.content.limit: 65536
              parsefilters.config.file: "parsefilters.json"
              urlfilters.config.file: "urlfilters.json"
              fetchInterval.default: 1440
              fetchInterval.fetch.error: 120
              fetchInterval.error: -1
              textextractor.include.pattern:
                - DIV[id="maincontent"]
                - ARTICLE
              textextractor.exclude.tags:
                - STYLE
                - SCRIPT
              indexer.url.fieldname: "url"
              indexer.text.fieldname: "content"
              indexer.canonical.name: "canonical"
              indexer.md.mapping:
                - parse.title=title
                - parse.description=description
              topology.metrics.consumer.register:
                - class: "org.apache.storm.metric.LoggingMetricsConsumer"
                  parallelism.hint: 1
              http.robots.403.allow: true
              http.skip.robots: false
              fetcher.queue.mode: "byDomain"
              scheduler.class: "org.apache.stormcrawler.persistence.AdaptiveScheduler"
              scheduler.adaptive.fetchInterval.min: 60
              scheduler.adaptive.fetchInterval.rate.incr: 0.5
              sitemap.discovery: true
              status.updater.cache.spec: "maximumSize=10000,expireAfterAccess=1h"
              detect.mimetype: true
            """;
    private static final String OPENSEARCH_CONF = """
            config:
              opensearch.indexer.addresses: "localhost"
              opensearch.indexer.index.name: "pages"
              opensearch.indexer.concurrentRequests: 1
              opensearch.metrics.addresses: "http://localhost:9200"
              opensearch.metrics.index.name: "crawl-metrics"
              opensearch.status.addresses: "http://localhost:9200"
              opensearch.status.index.name: "frontier"
              opensearch.status.user: "crawler"
              opensearch.status.password: "secret"
              opensearch.status.routing: true
              opensearch.status.bulkActions: 500
              opensearch.status.flushInterval: "5s"
              opensearch.status.max.buckets: 50
              opensearch.status.bucket.sort.field: ["nextFetchDate", "url"]
              spout.ttl.purgatory: 30
              spout.reset.fetchdate.after: 120
            """;
    private static final String FLUX = """
            name: "crawler"
            includes:
              - resource: true
                file: "/crawler-default.yaml"
                override: false
              - resource: false
                file: "crawler-conf.yaml"
                override: true
              - resource: false
                file: "opensearch-conf.yaml"
                override: true
            config:
              topology.workers: 2
            spouts:
              - id: "spout"
                className: "org.apache.stormcrawler.opensearch.persistence.AggregatorSpout"
                parallelism: 10
            bolts:
              - id: "partitioner"
                className: "org.apache.stormcrawler.bolt.URLPartitionerBolt"
                parallelism: 1
              - id: "fetch"
                className: "org.apache.stormcrawler.bolt.FetcherBolt"
                parallelism: 2
              - id: "sitemap"
                className: "org.apache.stormcrawler.bolt.SiteMapParserBolt"
                parallelism: 1
              - id: "parse"
                className: "org.apache.stormcrawler.bolt.JSoupParserBolt"
                parallelism: 4
              - id: "index"
                className: "org.apache.stormcrawler.opensearch.bolt.IndexerBolt"
                parallelism: 1
              - id: "status"
                className: "org.apache.stormcrawler.opensearch.persistence.StatusUpdaterBolt"
                parallelism: 1
              - id: "deleter"
                className: "org.apache.stormcrawler.opensearch.bolt.DeletionBolt"
                parallelism: 1
              - id: "pagecount"
                className: "com.example.crawler.PageCountBolt"
                parallelism: 1
            streams:
              - from: "spout"
                to: "partitioner"
                grouping:
                  type: SHUFFLE
              - from: "partitioner"
                to: "fetch"
                grouping:
                  type: FIELDS
                  args: ["key"]
              - from: "fetch"
                to: "sitemap"
                grouping:
                  type: LOCAL_OR_SHUFFLE
              - from: "sitemap"
                to: "parse"
                grouping:
                  type: LOCAL_OR_SHUFFLE
              - from: "parse"
                to: "index"
                grouping:
                  type: LOCAL_OR_SHUFFLE
              - from: "parse"
                to: "pagecount"
                grouping:
                  type: LOCAL_OR_SHUFFLE
              - from: "fetch"
                to: "status"
                grouping:
                  type: FIELDS
                  args: ["url"]
                  streamId: "status"
              - from: "index"
                to: "status"
                grouping:
                  type: FIELDS
                  args: ["url"]
                  streamId: "status"
              - from: "status"
                to: "deleter"
                grouping:
                  type: LOCAL_OR_SHUFFLE
                  streamId: "deletion"
            """;
    private static final String URL_FILTERS = """
            {
              "org.apache.stormcrawler.filtering.URLFilters": [
                {"class": "org.apache.stormcrawler.filtering.basic.BasicURLFilter", "name": "BasicURLFilter",
                 "params": {"maxPathRepetition": 2, "maxLength": 1024}},
                {"class": "org.apache.stormcrawler.filtering.depth.MaxDepthFilter", "name": "MaxDepthFilter",
                 "params": {"maxDepth": 2}},
                {"class": "org.apache.stormcrawler.filtering.basic.BasicURLNormalizer", "name": "BasicURLNormalizer",
                 "params": {"removeAnchorPart": true, "unmangleQueryString": true, "checkValidURI": true,
                            "removeHashes": false, "queryElementsToRemove": ["utm_source", "utm_medium"]}},
                {"class": "org.apache.stormcrawler.filtering.host.HostURLFilter", "name": "HostURLFilter",
                 "params": {"ignoreOutsideHost": true, "ignoreOutsideDomain": true}},
                {"class": "org.apache.stormcrawler.filtering.regex.RegexURLNormalizer", "name": "RegexURLNormalizer",
                 "params": {"regexNormalizerFile": "default-regex-normalizers.xml"}},
                {"class": "org.apache.stormcrawler.filtering.regex.RegexURLFilter", "name": "RegexURLFilter",
                 "params": {"regexFilterFile": "default-regex-filters.txt"}},
                {"class": "org.apache.stormcrawler.filtering.basic.SelfURLFilter", "name": "SelfURLFilter"},
                {"class": "com.example.crawler.NoCalendarFilter", "name": "calendar"}
              ]
            }
            """;
    private static final String REGEX_FILTERS = """
            # skip file: ftp: and mailto: urls
            -^(file|ftp|mailto):

            # skip image and other suffixes we can't parse or are not likely to be relevant
            -(?i)\\.(gif|jpg|png|ico|css|js|zip|gz|exe)$

            # accept anything else
            +.
            """;
    private static final String PARSE_FILTERS = """
            {
              "org.apache.stormcrawler.parse.ParseFilters": [
                {"class": "org.apache.stormcrawler.parse.filter.XPathFilter", "name": "XPathFilter",
                 "params": {"canonical": "//*[@rel=\\"canonical\\"]/@href",
                            "parse.description": ["//*[@name=\\"description\\"]/@content",
                                                  "//*[@name=\\"Description\\"]/@content"],
                            "parse.title": ["//TITLE", "//META[@name=\\"title\\"]/@content"]}},
                {"class": "org.apache.stormcrawler.parse.filter.LinkParseFilter", "name": "LinkParseFilter",
                 "params": {"pattern": "//FRAME/@src"}},
                {"class": "org.apache.stormcrawler.parse.filter.DomainParseFilter", "name": "DomainParseFilter",
                 "params": {"key": "domain", "byHost": false}},
                {"class": "org.apache.stormcrawler.parse.filter.CommaSeparatedToMultivaluedMetadata",
                 "name": "CommaSeparatedToMultivaluedMetadata", "params": {"keys": ["parse.keywords"]}},
                {"class": "org.apache.stormcrawler.parse.filter.MD5SignatureParseFilter", "name": "MD5Digest"},
                {"class": "org.apache.stormcrawler.jsoup.LDJsonParseFilter", "name": "LDJsonParseFilter",
                 "params": {"author": "$.author.name"}}
              ]
            }
            """;

    @TempDir
    Path dir;
    private Path stormCrawler;
    private Path output;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void aStormCrawlerProject() throws Exception {
        stormCrawler = dir.resolve("sc-crawler");
        Path resources = Files.createDirectories(stormCrawler.resolve("src/main/resources"));
        Files.writeString(stormCrawler.resolve("crawler.flux"), FLUX);
        Files.writeString(stormCrawler.resolve("injection.flux"), "name: \"injector\"\nspouts: []\n");
        Files.writeString(stormCrawler.resolve("crawler-conf.yaml"), CRAWLER_CONF);
        Files.writeString(stormCrawler.resolve("opensearch-conf.yaml"), OPENSEARCH_CONF);
        Files.writeString(resources.resolve("urlfilters.json"), URL_FILTERS);
        Files.writeString(resources.resolve("default-regex-filters.txt"), REGEX_FILTERS);
        Files.writeString(resources.resolve("parsefilters.json"), PARSE_FILTERS);
        output = dir.resolve("squall-crawler");
    }

    private int main(String... args) {
        out.reset();
        err.reset();
        return new Main(dir, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, StopSignal.manual()).run(args);
    }

    private List<String> reportLines() {
        return out.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("Wrote ")).toList();
    }

    @Test
    void theMigratedFilesLoadInSquallAndDoWhatStormCrawlersDid() throws Exception {
        assertEquals(0, main("migrate", stormCrawler.toString(), "--output", output.toString()), err.toString());

        CrawlerConfig config = ConfigLoader.load(List.of(output.resolve("crawler-conf.yaml"),
                        output.resolve("es-conf/opensearch-conf.yaml")))
                .with(Map.of("urlfilters.config.file", output.resolve("urlfilters.yaml").toString(),
                        "parsefilters.config.file", output.resolve("parsefilters.yaml").toString()), "the test");
        assertEquals("byDomain", config.getString("partition.url.mode"), "fetcher.queue.mode");
        assertEquals("adaptive", config.getString("scheduler.class"));
        assertEquals(Duration.ofHours(1), config.getDuration("scheduler.adaptive.min"));
        assertEquals(List.of("http://localhost:9200"), config.asMap().get("opensearch.addresses"));
        assertEquals("pages", config.getString("opensearch.content.index.name"));
        assertEquals("frontier", config.getString("opensearch.status.index.name"));
        assertEquals("crawl-metrics", config.getString("opensearch.metrics.index.name"));
        assertEquals(5.0, config.asMap().get("opensearch.status.flushInterval"));
        assertEquals(2, config.getInt("parallelism.fetcher"));
        assertEquals(4, config.getInt("parallelism.parser"), "the parser does the sitemap bolt's and the parse bolt's job");
        assertEquals(1, config.getInt("topology.workers"), "crawler-conf.yaml wins over the Flux file's config");
        assertEquals(65536, config.getInt("http.content.limit"));
        assertEquals("MD5", config.getString("parser.digest"));
        assertFalse(config.asMap().containsKey("topology.kryo.register"), "StormCrawler's classes are left out");
        assertFalse(Files.readString(output.resolve("crawler-conf.yaml")).contains("secret"),
                "no password is written");

        TopologyChecks.check(config);
        CrawlerConfig shipped = TopologyChecks.withShippedFiles(config);
        UrlFilterChain urls = UrlFilters.fromConfig(shipped, Counters.NONE);
        Metadata outlink = new Metadata().set("seed.url", "https://www.example.com/").set("depth", "1");
        assertTrue(urls.filter("https://www.example.com/about", outlink).accepted());
        assertEquals("regex", urls.filter("https://www.example.com/logo.png", outlink).rejectedBy(),
                "the rules of default-regex-filters.txt");
        assertEquals("regex", urls.filter("https://www.example.com/setup.EXE", outlink).rejectedBy());
        assertEquals("scope", urls.filter("https://blog.example.com/", outlink).rejectedBy(), "ignoreOutsideHost");
        assertEquals("depth", urls.filter("https://www.example.com/deep",
                outlink.copy().set("depth", "3")).rejectedBy(), "maxDepth 2");
        assertEquals("pathRepetition", urls.filter("https://www.example.com/a/a/a/b", outlink).rejectedBy(),
                "maxPathRepetition 2");
        assertEquals("https://www.example.com/p?id=1",
                urls.filter("https://www.example.com/p?utm_source=news&id=1", outlink).url(), "queryElementsToRemove");
        try (ParseFilterChain parse = ParseFilters.fromConfig(shipped)) {
            assertEquals(List.of("XPathFilter"), parse.names());
        }
        String parseFilters = Files.readString(output.resolve("parsefilters.yaml"));
        assertTrue(parseFilters.contains("parse.title: //TITLE | //META[@name=\"title\"]/@content"), parseFilters);

        // The user's bolt, once ported to Squall's tuples, runs in Squall's topology where StormCrawler's ran.
        Path topology = output.resolve("topology.yaml");
        String migrated = Files.readString(topology);
        assertTrue(migrated.contains("name: \"crawler\""), migrated);
        Files.writeString(topology, migrated.replace("com.example.crawler.PageCountBolt", ParsedPagesBolt.class.getName()));
        FluxTopology.build(topology, FluxTopology.parse(topology, false, config.asMap()), config);
        assertTrue(migrated.contains("from: parser\n    to: pagecount"), migrated);
    }

    @Test
    void theReportHasALineForEverySettingFilterAndComponent() throws Exception {
        assertEquals(0, main("migrate", stormCrawler.toString(), "--output", output.toString()), err.toString());
        List<String> lines = reportLines();
        for (String line : lines) {
            assertTrue(line.matches("(mapped|kept|no equivalent): \\S+: .+"), "one shape: " + line);
        }
        for (String conf : List.of(CRAWLER_CONF, OPENSEARCH_CONF)) {
            for (String key : conf.lines().filter(l -> l.matches("  [a-zA-Z].*:.*")).map(l -> l.strip().split(":")[0])
                    .toList()) {
                assertTrue(lines.stream().anyMatch(l -> l.contains(": " + key + ":") || l.endsWith(": " + key)
                        || l.contains(": " + key + " (")), key + " has its line in " + lines);
            }
        }
        for (String expected : List.of(
                "mapped: opensearch-conf.yaml: opensearch.status.addresses: http://localhost:9200 -> opensearch.addresses:"
                        + " [http://localhost:9200]",
                "mapped: opensearch-conf.yaml: opensearch.indexer.index.name: pages -> opensearch.content.index.name: pages",
                "mapped: opensearch-conf.yaml: opensearch.status.flushInterval: 5s -> opensearch.status.flushInterval: 5.0",
                "mapped: crawler-conf.yaml: fetcher.queue.mode: byDomain -> partition.url.mode: byDomain",
                "mapped: crawler-conf.yaml: http.skip.robots: false -> robots.enabled: true",
                "mapped: crawler-conf.yaml: scheduler.class: org.apache.stormcrawler.persistence.AdaptiveScheduler"
                        + " -> scheduler.class: adaptive",
                "mapped: urlfilters.config.file: urlfilters.json -> urlfilters.yaml",
                "mapped: src/main/resources/urlfilters.json: MaxDepthFilter -> depth (max 2)",
                "mapped: src/main/resources/urlfilters.json: HostURLFilter -> scope (mode host)",
                "mapped: src/main/resources/urlfilters.json: RegexURLFilter -> regex (3 rules from"
                        + " src/main/resources/default-regex-filters.txt, refusing the URLs no rule matches)",
                "mapped: crawler.flux: \"fetch\" (FetcherBolt) -> \"fetcher\" (FetcherBolt), parallelism.fetcher: 2",
                "kept: crawler-conf.yaml: fetcher.threads.number",
                "no equivalent: crawler-conf.yaml: http.agent.description: no value: Squall's default applies",
                "kept: crawler-conf.yaml: worker.heap.memory.mb (Storm's)",
                "no equivalent: crawler-conf.yaml: metadata.persist: Squall stores every metadata key except those"
                        + " under metadata.persist.exclude",
                "no equivalent: crawler-conf.yaml: topology.kryo.register: Squall's topology sets its own"
                        + " (topology.yaml, crawler-default.yaml)",
                "no equivalent: crawler-conf.yaml: detect.mimetype: Squall decides a page's type itself",
                "no equivalent: opensearch-conf.yaml: opensearch.status.bucket.sort.field: not a setting of Squall's",
                "no equivalent: opensearch-conf.yaml: opensearch.status.password: a password is never in the"
                        + " topology's configuration: put it in a file (opensearch.password.file) or a variable"
                        + " (opensearch.password.env)",
                "no equivalent: src/main/resources/urlfilters.json: \"calendar\" (NoCalendarFilter): a filter of your"
                        + " own: port it to Squall's UrlFilter (docs/extending.md#url-filters), then list it as"
                        + " type: class",
                "no equivalent: src/main/resources/parsefilters.json: LinkParseFilter: no Squall filter adds outlinks",
                "no equivalent: src/main/resources/parsefilters.json: LDJsonParseFilter author: Squall's structured"
                        + " filter reads JSON-LD by type: write author: jsonld:TYPE.author.name"
                        + " (docs/extending.md#parse-filters)",
                "mapped: crawler.flux: \"deleter\" (DeletionBolt) -> the status updater, which deletes a page that"
                        + " becomes an ERROR from the content index",
                "mapped: injection.flux: the whole topology -> `squall inject`, which puts seeds in the status index")) {
            assertTrue(lines.contains(expected), expected + "\n  not in\n" + String.join("\n", lines));
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("kept: crawler.flux: \"pagecount\" (PageCountBolt)")),
                String.join("\n", lines));
    }

    @Test
    void itWritesOverNothingUnlessForced() throws Exception {
        Files.createDirectories(output);
        Files.writeString(output.resolve("crawler-conf.yaml"), "config: {}\n");
        assertEquals(2, main("migrate", stormCrawler.toString(), "--output", output.toString()));
        assertEquals("squall migrate: " + output + " already has crawler-conf.yaml: give another --output, or --force"
                + " to write over them\n", err.toString(StandardCharsets.UTF_8));
        assertEquals("config: {}\n", Files.readString(output.resolve("crawler-conf.yaml")));
        assertFalse(Files.exists(output.resolve("topology.yaml")), "nothing written at all");

        assertEquals(0, main("migrate", stormCrawler.toString(), "--output", output.toString(), "--force"));
        assertTrue(Files.readString(output.resolve("crawler-conf.yaml")).contains("partition.url.mode: byDomain"));
    }

    @Test
    void aDirectoryWithoutAStormCrawlerProjectIsOneLine() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(1, main("migrate", empty.toString(), "--output", output.toString()));
        assertEquals("squall migrate: " + empty + ": not a StormCrawler project: no crawler.flux and no"
                + " crawler-conf.yaml\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aStormCrawlerFileLoadedAsSquallsPointsToMigrate() {
        ConfigException conf = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(List.of(stormCrawler.resolve("crawler-conf.yaml"))));
        assertEquals(stormCrawler.resolve("crawler-conf.yaml") + ": 'metadata.persist' is a StormCrawler setting,"
                + " with no equivalent in Squall: `squall migrate DIR` converts a StormCrawler project's files to"
                + " Squall's", conf.getMessage());
        ConfigException openSearch = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(List.of(stormCrawler.resolve("opensearch-conf.yaml"))));
        assertEquals(stormCrawler.resolve("opensearch-conf.yaml") + ": 'opensearch.indexer.addresses' is a"
                + " StormCrawler setting, Squall's is 'opensearch.addresses': `squall migrate DIR` converts a"
                + " StormCrawler project's files to Squall's", openSearch.getMessage());
    }
    @Test
    void aStormCrawler2ProjectWithoutAFluxFileAndItsEsKeys() throws Exception {
        Path old = Files.createDirectories(dir.resolve("sc2-crawler"));
        Files.writeString(old.resolve("crawler-conf.yaml"), """
                config:
                  http.agent.name: "examplebot"
                  fetcher.threads.number: 20
                  urlfilters.config.file: "urlfilters.json"
                """);
        Files.writeString(old.resolve("es-conf.yaml"), """
                config:
                  es.status.addresses: "es1"
                  es.status.index.name: "status"
                  es.status.flushInterval: "1m"
                  es.status.routing: true
                  es.indexer.addresses: "http://other:9200"
                """);
        Files.writeString(old.resolve("urlfilters.json"), """
                {"com.digitalpebble.stormcrawler.filtering.URLFilters": [
                  {"class": "com.digitalpebble.stormcrawler.filtering.regex.RegexURLFilter",
                   "params": {"urlFilters": ["-\\\\.pdf$", "+."]}}
                ]}
                """);
        ConfigException loaded = assertThrows(ConfigException.class,
                () -> ConfigLoader.load(List.of(old.resolve("es-conf.yaml"))));
        assertEquals(old.resolve("es-conf.yaml") + ": 'es.status.addresses' is a StormCrawler setting, Squall's is"
                + " 'opensearch.addresses': `squall migrate DIR` converts a StormCrawler project's files to Squall's",
                loaded.getMessage(), "a key outside Squall's prefixes, in a file");
        CrawlerConfig.defaults().with(Map.of("es.status.addresses", "es1"), "the topology configuration");

        assertEquals(0, main("migrate", old.toString(), "--output", output.toString()), err.toString());
        List<String> lines = reportLines();
        assertTrue(lines.contains("mapped: es-conf.yaml: es.status.addresses: es1 -> opensearch.addresses:"
                + " [http://es1:9200]"), String.join("\n", lines));
        assertTrue(lines.contains("no equivalent: es-conf.yaml: es.indexer.addresses: Squall has one"
                + " opensearch.addresses, already [http://es1:9200] from es.status.addresses"), String.join("\n", lines));
        assertTrue(lines.contains("no equivalent: parsefilters.config.file: parsefilters.json: not found in " + old
                + " nor in its src/main/resources; Squall's default applies"), String.join("\n", lines));
        assertTrue(lines.contains("mapped: urlfilters.json: RegexURLFilter -> regex (2 rules from its urlFilters,"
                + " refusing the URLs no rule matches)"), String.join("\n", lines));
        assertFalse(Files.exists(output.resolve("parsefilters.yaml")));

        CrawlerConfig config = ConfigLoader.load(List.of(output.resolve("crawler-conf.yaml"),
                        output.resolve("es-conf/opensearch-conf.yaml")))
                .with(Map.of("urlfilters.config.file", output.resolve("urlfilters.yaml").toString()), "the test");
        assertEquals(60.0, config.asMap().get("opensearch.status.flushInterval"));
        assertEquals(List.of("http://es1:9200"), config.asMap().get("opensearch.addresses"));
        UrlFilterChain urls = UrlFilters.fromConfig(TopologyChecks.withShippedFiles(config), Counters.NONE);
        assertEquals("regex", urls.filter("https://example.org/report.pdf", new Metadata()).rejectedBy());
        assertTrue(urls.filter("https://example.org/report.html", new Metadata()).accepted());
        assertTrue(Files.readString(output.resolve("topology.yaml")).contains("name: \"squall\""),
                "Squall's own topology, for a project without a Flux file");
    }

    @Test
    void anIndexerOfTheUsersOwnIsWiredToTheStatusUpdaterAndSquallsIsNamed() throws Exception {
        Path solr = Files.createDirectories(dir.resolve("solr-crawler"));
        Files.writeString(solr.resolve("crawler-conf.yaml"), "config:\n  http.agent.name: \"examplebot\"\n");
        Files.writeString(solr.resolve("crawler.flux"), """
                name: "solr-crawler"
                spouts:
                  - id: "spout"
                    className: "com.digitalpebble.stormcrawler.solr.persistence.SolrSpout"
                    parallelism: 1
                bolts:
                  - id: "fetch"
                    className: "com.digitalpebble.stormcrawler.bolt.FetcherBolt"
                    parallelism: 1
                  - id: "parse"
                    className: "com.digitalpebble.stormcrawler.bolt.JSoupParserBolt"
                    parallelism: 1
                  - id: "solr"
                    className: "com.example.crawler.SolrIndexer"
                    parallelism: 3
                  - id: "status"
                    className: "com.digitalpebble.stormcrawler.solr.persistence.StatusUpdaterBolt"
                    parallelism: 1
                streams:
                  - from: "parse"
                    to: "solr"
                    grouping:
                      type: LOCAL_OR_SHUFFLE
                  - from: "solr"
                    to: "status"
                    grouping:
                      type: FIELDS
                      args: ["url"]
                      streamId: "status"
                """);
        assertEquals(0, main("migrate", solr.toString(), "--output", output.toString()), err.toString());
        List<String> lines = reportLines();
        assertTrue(lines.contains("no equivalent: crawler.flux: no indexer: Squall's indexer stays in topology.yaml:"
                + " if a bolt of yours indexes the pages, put it in the indexer's place"
                + " (docs/extending.md#replacing-the-indexer-a-bolt-in-java)"), String.join("\n", lines));
        assertTrue(lines.contains("mapped: crawler.flux: \"spout\" (SolrSpout) -> \"spout\" (FrontierSpout), one task"
                + " per shard of the status index (parallelism.spout: 0)"), String.join("\n", lines));
        String topology = Files.readString(output.resolve("topology.yaml"));
        assertTrue(topology.contains("  - from: parser\n    to: solr\n")
                && topology.contains("  - from: solr\n    to: status\n    grouping:\n      type: FIELDS\n"
                        + "      args:\n      - url\n      streamId: status\n"), topology);
    }

    @Test
    void aBadRuleInARegexFileIsOneLineNamingItsLine() throws Exception {
        Path rules = stormCrawler.resolve("src/main/resources/default-regex-filters.txt");
        Files.writeString(rules, "# rules\n-\\.gif$\nfoo\n");
        assertEquals(1, main("migrate", stormCrawler.toString(), "--output", output.toString()));
        assertEquals("squall migrate: " + rules + ":3: a rule starts with + or - followed by a regex, got 'foo'\n",
                err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(output), "nothing written");
    }

}
