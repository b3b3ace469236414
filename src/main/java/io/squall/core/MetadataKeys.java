package io.squall.core;

/**
 * Names of the metadata keys that Squall's components write and read. Where StormCrawler has a key
 * with the same meaning, Squall uses its name, so that status indices and dashboards carry over.
 */
public final class MetadataKeys {
    private MetadataKeys() {
    }

    /** Link distance from the seeds: seeds have depth 0; a redirect keeps its source's depth. */
    public static final String DEPTH = "depth";
    /** The URLs that led to this one, oldest first (StormCrawler's {@code url.path} tracking). */
    public static final String URL_PATH = "url.path";
    /** When the URL was first discovered, ISO-8601. */
    public static final String DISCOVERY_DATE = "discoveryDate";
    /** Partition key of the URL (host, domain or IP), computed once at discovery. */
    public static final String PARTITION_KEY = "_key";
    /** "true" when the URL is a sitemap to be parsed as such. */
    public static final String IS_SITEMAP = "isSitemap";
    /**
     * "true" on a feed (RSS or Atom): set on a link that announces one ({@code <link rel="alternate"
     * type="application/rss+xml">}) and on a document read as one.
     */
    public static final String IS_FEED = "isFeed";
    /** "true" for seeds injected by the user. */
    public static final String IS_SEED = "isSeed";

    public static final String FETCH_STATUS_CODE = "fetch.statusCode";
    public static final String FETCH_BYTE_LENGTH = "fetch.byteLength";
    public static final String FETCH_LOADING_TIME = "fetch.loadingTime";
    public static final String FETCH_IP = "fetch.ip";
    /** Consecutive fetch errors; reset by any other outcome. */
    public static final String FETCH_ERROR_COUNT = "fetch.error.count";

    /** A short machine-readable cause of an ERROR or FETCH_ERROR: robots, timeout, http.404, parse... */
    public static final String ERROR_CAUSE = "error.cause";
    /** The human-readable message that goes with {@link #ERROR_CAUSE}. */
    public static final String ERROR_MESSAGE = "error.message";

    /**
     * The ticket by which a worker counts the status writes an outcome owes until they are answered
     * (io.squall.storm.PendingWrites); transient, as every key starting with "_".
     */
    public static final String WRITES_TICKET = "_writes.ticket";
    /** Target of a redirect, absolute. */
    public static final String REDIRECT_TO = "_redirTo";
    /** How many redirects led to this URL from the URL first requested. */
    public static final String REDIRECT_HOPS = "redirect.hops";

    /** Set when the content was cut at {@code http.content.limit}. */
    public static final String HTTP_TRIMMED = "http.trimmed";
    public static final String HTTP_TRIMMED_REASON = "http.trimmedReason";
    /** Validators kept from the last fetch, for conditional requests. */
    public static final String LAST_MODIFIED = "last-modified";
    public static final String ETAG = "etag";

    /** Digest of the fetched bytes, so that identical content under two URLs can be recognized. */
    public static final String DIGEST = "signature";
    /**
     * The fingerprint of a page's content text (16 hexadecimal digits, a SimHash with numbers and boilerplate
     * left out), set by the parser on pages and documents: what tells a change, and a near-duplicate.
     */
    public static final String FINGERPRINT = "fingerprint";
    /** Per-URL override of the fetch interval, in minutes (StormCrawler's key). */
    public static final String FETCH_INTERVAL = "fetchInterval";

    /** The fetch interval the adaptive scheduler last chose, in minutes (its own bookkeeping). */
    public static final String ADAPTIVE_INTERVAL = "adaptive.interval";
    /** The digest the adaptive scheduler last saw, to tell whether the page changed since. */
    public static final String ADAPTIVE_SIGNATURE = "adaptive.signature";


    /**
     * The seed that led to this URL, which the scope filter measures it against. Absent on seeds and on
     * their redirect targets: they define the scope. Outlinks carry it on; a redirect must transfer it.
     */
    public static final String SEED_URL = "seed.url";

    /**
     * A URL's priority (an integer, absent: 0), set by a parse filter on an outlink; the status writer also
     * stores it as the document's {@code priority}, by which the spout hands out a host's due URLs.
     */
    public static final String PRIORITY = "priority";

    /** Anchor texts of the links that led to a DISCOVERED URL. */
    public static final String ANCHORS = "anchors";
    /** Written by the parser for the indexer: the page's title, description, keywords, canonical URL, language. */
    public static final String PARSE_TITLE = "parse.title";
    public static final String PARSE_DESCRIPTION = "parse.description";
    public static final String PARSE_KEYWORDS = "parse.keywords";
    public static final String PARSE_CANONICAL = "parse.canonical";
    public static final String PARSE_LANGUAGE = "parse.lang";
    /** The charset the page was decoded with. */
    public static final String PARSE_CHARSET = "parse.charset";
    /** The content type the parser went by (the Content-Type header, or text/html when sniffed). */
    public static final String PARSE_CONTENT_TYPE = "parse.contentType";
    /** "true" when robots meta or X-Robots-Tag say noindex: FETCHED but not indexed. */
    public static final String ROBOTS_NOINDEX = "robots.noIndex";
    /** "true" when robots meta or X-Robots-Tag say nofollow: no outlinks were taken. */
    public static final String ROBOTS_NOFOLLOW = "robots.noFollow";
    /**
     * On a page whose content text is a near-duplicate of a page fetched before under another URL (a mirror,
     * a printer version, a session variant): that page's URL. Not indexed (unless dedup.index), its links
     * not followed: the original's were.
     */
    public static final String DUPLICATE_OF = "duplicate.of";
    /**
     * The lastmod a sitemap gave a URL, ISO-8601; on a URL fetched before, the newest one the status writer
     * found after its last fetch (which made it due).
     */
    public static final String SITEMAP_LASTMOD = "sitemap.lastModified";
    /** "true" on a sitemap that had more bytes or URLs than sitemap.max.bytes / sitemap.max.urls. */
    public static final String SITEMAP_TRUNCATED = "sitemap.truncated";
    /** When the feed entry that led to a URL was published (or updated), ISO-8601. */
    public static final String FEED_PUBLISHED = "feed.published";
    /**
     * The latest date the feed entry that led to a URL gives (its update's, else its publication's), ISO-8601:
     * with a sitemap's lastmod, what tells the status writer that a page fetched before changed since.
     */
    public static final String FEED_UPDATED = "feed.updated";
    /** The title of the feed entry that led to a URL. */
    public static final String FEED_TITLE = "feed.title";
    /** The fetch interval the feed reader last gave a feed, in minutes, to tell it from one set by the user. */
    public static final String FEED_INTERVAL = "feed.interval";
    /** "true" on a feed that was cut (feed.max.bytes or the fetch's content limit): its later entries are lost. */
    public static final String FEED_TRUNCATED = "feed.truncated";
}
