package io.squall.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * StormCrawler's settings that Squall knows under another name, or deliberately has no equivalent of. Two
 * readers need the same table: {@code squall migrate}, which maps a StormCrawler configuration to Squall's,
 * and the configuration check, which tells a user who loads a StormCrawler file as it is where to turn
 * instead of calling its keys typos. A StormCrawler key named as Squall names it ({@code fetcher.threads.number},
 * {@code http.agent.name}...) is not here: it needs nothing.
 */
public final class StormCrawlerKeys {
    /** How a value changes on its way from StormCrawler's key to Squall's. */
    public enum Conversion {
        /** The same value. */
        SAME,
        /** StormCrawler's duration text ({@code "5s"}, {@code "1m"}) or number of seconds, as seconds. */
        DURATION_TO_SECONDS,
        /** A yes where Squall's key says no ({@code http.skip.robots: true} is {@code robots.enabled: false}). */
        NEGATED,
        /**
         * StormCrawler's addresses (a list, or one text of comma-separated ones; a host alone meaning
         * {@code http://host:9200}) as Squall's list of URLs.
         */
        ADDRESSES,
        /** StormCrawler's scheduler class, as Squall's scheduler name ({@code default}, {@code adaptive}). */
        SCHEDULER_CLASS
    }

    /** A StormCrawler key's Squall name, and how its value converts. */
    public record Renamed(String squallKey, Conversion conversion) {
    }

    private static final Map<String, Renamed> RENAMED = new LinkedHashMap<>();
    private static final Map<String, String> NO_EQUIVALENT = new LinkedHashMap<>();
    /** Prefixes of StormCrawler settings families that Squall has no equivalent of, with why. */
    private static final Map<String, String> NO_EQUIVALENT_PREFIXES = new LinkedHashMap<>();

    static {
        RENAMED.put("fetcher.queue.mode", new Renamed("partition.url.mode", Conversion.SAME));
        RENAMED.put("http.skip.robots", new Renamed("robots.enabled", Conversion.NEGATED));
        RENAMED.put("scheduler.class", new Renamed("scheduler.class", Conversion.SCHEDULER_CLASS));
        RENAMED.put("scheduler.adaptive.fetchInterval.min", new Renamed("scheduler.adaptive.min", Conversion.SAME));
        RENAMED.put("scheduler.adaptive.fetchInterval.max", new Renamed("scheduler.adaptive.max", Conversion.SAME));

        String password = "a password is never in the topology's configuration: put it in a file"
                + " (opensearch.password.file) or a variable (opensearch.password.env)";
        String routing = "Squall routes and groups status documents by their key (partition.url.mode)";
        // StormCrawler 1.x and 2.x name its Elasticsearch settings es.*, 3.x its OpenSearch ones opensearch.*;
        // Squall has one cluster, and calls the indexer's index its content index.
        for (String prefix : List.of("es.", "opensearch.")) {
            for (Map.Entry<String, String> index : Map.of("status", "status", "indexer", "content", "metrics",
                    "metrics").entrySet()) {
                String from = prefix + index.getKey() + ".";
                String to = "opensearch." + index.getValue() + ".";
                RENAMED.put(from + "addresses", new Renamed("opensearch.addresses", Conversion.ADDRESSES));
                RENAMED.put(from + "index.name", new Renamed(to + "index.name", Conversion.SAME));
                RENAMED.put(from + "user", new Renamed("opensearch.user", Conversion.SAME));
                RENAMED.put(from + "bulkActions", new Renamed(to + "bulkActions", Conversion.SAME));
                RENAMED.put(from + "concurrentRequests", new Renamed(to + "concurrentRequests", Conversion.SAME));
                RENAMED.put(from + "flushInterval", new Renamed(to + "flushInterval", Conversion.DURATION_TO_SECONDS));
                NO_EQUIVALENT.put(from + "password", password);
                NO_EQUIVALENT_PREFIXES.put(from + "settings.", "Squall creates its indices from es-conf/*.json");
            }
            RENAMED.put(prefix + "status.max.buckets", new Renamed("opensearch.status.max.buckets", Conversion.SAME));
            RENAMED.put(prefix + "status.max.urls.per.bucket",
                    new Renamed("opensearch.status.max.urls.per.bucket", Conversion.SAME));
            NO_EQUIVALENT.put(prefix + "status.routing", routing);
            NO_EQUIVALENT.put(prefix + "status.routing.fieldname", routing);
            NO_EQUIVALENT.put(prefix + "status.bucket.field", routing);
            NO_EQUIVALENT.put(prefix + "indexer.create", "Squall's content index writes every page over its"
                    + " last version");
            NO_EQUIVALENT.put(prefix + "indexer.pipeline", "Squall sets no ingest pipeline");
        }

        NO_EQUIVALENT.put("metadata.persist", "Squall stores every metadata key except those under"
                + " metadata.persist.exclude");
        String fields = "the content index's fields are Squall's (es-conf/content.json); indexer.md.mapping adds"
                + " metadata fields";
        NO_EQUIVALENT.put("indexer.url.fieldname", fields);
        NO_EQUIVALENT.put("indexer.text.fieldname", fields);
        NO_EQUIVALENT.put("indexer.canonical.name", fields);
        NO_EQUIVALENT.put("indexer.ignore.empty.fields", fields);
        NO_EQUIVALENT.put("jsoup.filters.config.file", "Squall's parse filters get the page's jsoup Document"
                + " (parsefilters.yaml)");
        String client = "Squall has one HTTP client of its own";
        NO_EQUIVALENT.put("http.protocol.implementation", client);
        NO_EQUIVALENT.put("https.protocol.implementation", client);
        NO_EQUIVALENT.put("protocols", client);
        NO_EQUIVALENT_PREFIXES.put("okhttp.", client);
        NO_EQUIVALENT_PREFIXES.put("selenium.", "Squall renders pages in headless Chromium itself:"
                + " fetcher.render.hosts, fetcher.render.urls");
        NO_EQUIVALENT.put("robots.cache.spec", "Squall's robots.txt cache: robots.cache.size, robots.cache.ttl");
        NO_EQUIVALENT.put("robots.error.cache.spec", "Squall's robots.txt cache: robots.cache.size,"
                + " robots.error.cache.ttl");
        NO_EQUIVALENT.put("urlbuffer.class", "Squall's spout shares URLs among hosts itself (spout.host.*)");
        NO_EQUIVALENT.put("spout.reset.fetchdate.after", "Squall's spout keeps no URL back for later");
        NO_EQUIVALENT.put("status.updater.cache.spec", "Squall's status updater bounds its cache with"
                + " opensearch.status.discovered.cache.size");
        NO_EQUIVALENT.put("status.updater.use.cache", "Squall's status updater bounds its cache with"
                + " opensearch.status.discovered.cache.size");
        NO_EQUIVALENT.put("http.robots.403.allow", "Squall reads a robots.txt answered with a 4xx as allowing everything (RFC 9309)");
        NO_EQUIVALENT.put("protocol.md.prefix", "Squall's response headers are under protocol.");
        NO_EQUIVALENT.put("scheduler.adaptive.setLastModified", "Squall's adaptive scheduler has its min and max"
                + " alone");
        NO_EQUIVALENT_PREFIXES.put("scheduler.adaptive.fetchInterval.rate.", "Squall's adaptive scheduler has its"
                + " min and max alone");
        NO_EQUIVALENT.put("http.store.headers", "Squall keeps the response headers in the metadata (protocol.*)");
        NO_EQUIVALENT.put("http.content.partial.as.trimmed", "Squall keeps a page cut at http.content.limit,"
                + " marked http.trimmed");
        NO_EQUIVALENT.put("http.robots.agents", "Squall matches robots.txt against http.agent.name");
        NO_EQUIVALENT.put("http.robots.meta.skip", "Squall obeys robots meta tags, and has no setting to skip them");
        NO_EQUIVALENT.put("http.robots.headers.skip", "Squall obeys X-Robots-Tag, and has no setting to skip it");
        NO_EQUIVALENT.put("fetcher.max.throttle.sleep", "Squall has no such setting");
        NO_EQUIVALENT.put("fetcher.metrics.time.bucket.secs", "Squall's metrics go to OpenSearch every 10 s");
        NO_EQUIVALENT.put("fetcher.threads.start.delay", "Squall has no such setting");
        NO_EQUIVALENT.put("track.anchors", "Squall keeps a link's anchors in its metadata (anchors)");
        NO_EQUIVALENT.put("detect.mimetype", "Squall decides a page's type itself");
        NO_EQUIVALENT.put("detect.charset.maxlength", "Squall sniffs the charset from the start of the page");
        NO_EQUIVALENT.put("sitemap.sniffContent", "Squall has no such setting");
        NO_EQUIVALENT.put("sitemap.offset.guess", "Squall has no such setting");
        NO_EQUIVALENT.put("textextractor.no.text", "the content index takes the pages' text while"
                + " indexer.enabled");
        NO_EQUIVALENT.put("indexer.md.filter", "a parse filter of type skip with noIndex: true keeps"
                + " pages out of the content index");
    }

    private StormCrawlerKeys() {
    }

    /** Squall's name for a StormCrawler key that Squall names otherwise (or whose value it reads otherwise). */
    public static Optional<Renamed> renamed(String key) {
        return Optional.ofNullable(RENAMED.get(key));
    }

    /** Why Squall has no equivalent of this StormCrawler key, when it is one Squall knows to have none. */
    public static Optional<String> noEquivalent(String key) {
        String why = NO_EQUIVALENT.get(key);
        if (why != null) {
            return Optional.of(why);
        }
        return NO_EQUIVALENT_PREFIXES.entrySet().stream().filter(e -> key.startsWith(e.getKey()))
                .map(Map.Entry::getValue).findFirst();
    }

    /**
     * The one line for a StormCrawler key found in a file Squall reads as its own, or empty when the key is
     * not one of StormCrawler's that Squall names otherwise or lacks.
     *
     * @param source the file, for the message
     */
    static Optional<String> misplaced(String key, String source) {
        String what = renamed(key).map(r -> r.squallKey().equals(key) ? "" : ", Squall's is '" + r.squallKey() + "'")
                .or(() -> noEquivalent(key).map(why -> ", with no equivalent in Squall"))
                .orElse(null);
        if (what == null) {
            return Optional.empty();
        }
        return Optional.of(source + ": '" + key + "' is a StormCrawler setting" + what
                + ": `squall migrate DIR` converts a StormCrawler project's files to Squall's");
    }
}
