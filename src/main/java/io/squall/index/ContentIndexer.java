package io.squall.index;

import io.squall.api.ConfigException;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.metrics.Counters;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.SquallIndex;
import io.squall.urls.PartitionKeys;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a parsed page into a content-index document and hands it to a {@link BulkWriter}: url, title,
 * description, keywords, text, host, contentType, language, digest, fetchDate (when it was indexed), and
 * the metadata named by {@code indexer.md.mapping} ("key" keeps the key as field name, "key=field"
 * renames it). The document id is the URL's id, as in the status index, so a page is replaced when
 * fetched again and can be deleted when it is gone. Pages marked {@code robots.noindex} are not indexed
 * (counted as {@code indexer.noindex} in the {@link Counters} it is given), nor, unless {@code dedup.index},
 * pages marked {@code duplicate.of} another (counted as {@code indexer.skipped.duplicate}): the content is
 * in the index under the original's URL.
 */
public final class ContentIndexer {

    /** What {@link #index} did with a page. */
    public enum Decision {
        /** Sent to the bulk writer: its callback will tell. */
        QUEUED,
        /** The page asked not to be indexed: nothing written, the callback is not called. */
        NOINDEX,
        /** A near-duplicate of a page fetched before, left out: nothing written, the callback is not called. */
        DUPLICATE
    }

    private final BulkWriter writer;
    private final String index;
    private final Map<String, String> fieldByKey;
    private final Clock clock;
    private final Counters counters;
    private final boolean indexDuplicates;

    public ContentIndexer(CrawlerConfig config, BulkWriter writer, Counters counters) {
        this(config, writer, counters, CrawlClock.system());
    }

    public ContentIndexer(CrawlerConfig config, BulkWriter writer, Counters counters, Clock clock) {
        this.writer = writer;
        this.counters = counters;
        this.index = SquallIndex.CONTENT.name(config);
        this.fieldByKey = mapping(config.getStringList("indexer.md.mapping"));
        this.clock = clock;
        this.indexDuplicates = config.getBoolean("dedup.index");
    }

    /**
     * Queues the page for the content index, unless it is marked noindex or is a duplicate left out.
     *
     * @param text the page's visible text, may be null
     * @param callback told once OpenSearch has answered, only when {@link Decision#QUEUED} is returned
     */
    public Decision index(String url, Metadata metadata, String text, BulkWriter.Callback callback) {
        Metadata md = metadata == null ? new Metadata() : metadata;
        if ("true".equalsIgnoreCase(md.getFirst(MetadataKeys.ROBOTS_NOINDEX))) {
            counters.increment("indexer.noindex");
            return Decision.NOINDEX;
        }
        if (!indexDuplicates && md.getFirst(MetadataKeys.DUPLICATE_OF) != null) {
            counters.increment("indexer.skipped.duplicate");
            return Decision.DUPLICATE;
        }
        writer.index(index, UrlId.of(url), null, document(url, md, text), callback);
        return Decision.QUEUED;
    }

    Map<String, Object> document(String url, Metadata md, String text) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("url", url);
        put(doc, "host", hostOrNull(url));
        put(doc, "title", md.getFirst(MetadataKeys.PARSE_TITLE));
        put(doc, "description", md.getFirst(MetadataKeys.PARSE_DESCRIPTION));
        List<String> keywords = md.getValues(MetadataKeys.PARSE_KEYWORDS);
        if (!keywords.isEmpty()) {
            doc.put("keywords", keywords);
        }
        put(doc, "text", text);
        put(doc, "contentType", md.getFirst(MetadataKeys.PARSE_CONTENT_TYPE));
        put(doc, "language", md.getFirst(MetadataKeys.PARSE_LANGUAGE));
        put(doc, "digest", md.getFirst(MetadataKeys.DIGEST));
        doc.put("fetchDate", clock.instant().truncatedTo(ChronoUnit.MILLIS).toString());
        fieldByKey.forEach((key, field) -> {
            List<String> values = md.getValues(key);
            if (values.size() == 1) {
                doc.put(field, values.get(0));
            } else if (!values.isEmpty()) {
                doc.put(field, values);
            }
        });
        return doc;
    }

    private static void put(Map<String, Object> doc, String field, String value) {
        if (value != null) {
            doc.put(field, value);
        }
    }

    private static String hostOrNull(String url) {
        try {
            return PartitionKeys.hostOf(url);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Parses {@code indexer.md.mapping}: "key" or "key=field" per entry. */
    public static Map<String, String> mapping(List<String> entries) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            String key = (eq < 0 ? entry : entry.substring(0, eq)).strip();
            String field = (eq < 0 ? entry : entry.substring(eq + 1)).strip();
            if (key.isEmpty() || field.isEmpty()) {
                throw new ConfigException("indexer.md.mapping: '" + entry + "' is not \"key\" or \"key=field\"");
            }
            fields.put(key, field);
        }
        return Collections.unmodifiableMap(fields);
    }
}
