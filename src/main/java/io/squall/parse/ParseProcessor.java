package io.squall.parse;

import io.squall.api.ConfigException;
import io.squall.api.Discovered;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Outlink;
import io.squall.api.ParseContext;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.core.MetadataKeys;
import io.squall.freshness.ChangeDetector;
import io.squall.freshness.NearDuplicateIndex;
import io.squall.freshness.TextFingerprint;
import io.squall.metrics.Counters;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.OutlinkMetadata;
import io.squall.urls.PageLinkFilter;
import io.squall.urls.UrlFilterChain;
import io.squall.urls.UrlFilters;
import io.squall.urls.UrlNormalizer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jsoup.nodes.Element;

/**
 * What the parser does with one fetched document, without Storm: a sitemap gives its entries; an HTML
 * page gives its text, metadata and outlinks, then goes through the parse filters (which add metadata,
 * prune or rank the outlinks, or keep the page out of the index); a meta refresh makes the page a
 * redirect; other content is passed on unparsed. Every new URL goes through the URL filter chain with the
 * metadata it would be stored with. Never throws for bad content: a failure is an {@link Kind#ERROR}
 * outcome (cause {@code parse}, or {@code parse.filter} when a parse filter threw).
 *
 * <p>A feed (RSS, Atom) is read by its {@link FeedReader}: its entries' links are DISCOVERED, itself FETCHED.
 *
 * <p>A document (PDF, Office, OpenDocument, RTF, plain text: {@link DocumentParser}) is parsed by Tika in a JVM
 * of its own, whose XHTML is then read as an HTML page is, through the parse filters and the URL filters; a
 * document that fails ends as {@link Kind#ERROR} with its cause ({@code parse.timeout}, {@code parse.too.large},
 * {@code parse.memory}, {@code parse.crash}, or {@code parse}).
 *
 * <p>Counts, in the {@link Counters} it is given, {@code parser.pages}, {@code parser.nonhtml},
 * {@code parser.sitemaps}, {@code parser.documents}, {@code parser.documents.failed}, {@code parser.errors},
 * {@code parser.filter.errors}, {@code parser.outlinks}, {@code parser.outlinks.over.max} and
 * {@code parser.duplicates}; its {@link FeedReader} counts the feeds.
 *
 * <p>Given a {@link NearDuplicateIndex}, a page or document whose content text is within its distance of a
 * page parsed before under another URL is marked {@code duplicate.of} that page, and its outlinks are not
 * emitted: the original's were.
 */
public final class ParseProcessor {
    /** What became of the document, which decides where it goes. */
    public enum Kind {
        /** An HTML page, or a document Tika parsed: to indexing, its outlinks DISCOVERED. */
        PAGE,
        /** Content that is not HTML: to indexing as fetched, no links. */
        NON_HTML,
        /** A meta refresh: the page is a REDIRECTION, its target DISCOVERED; not indexed. */
        REDIRECT,
        /** A sitemap: FETCHED itself, its entries DISCOVERED; not indexed. */
        SITEMAP,
        /** An RSS or Atom feed: FETCHED itself, its entries DISCOVERED; not indexed. */
        FEED,
        /** Unparseable: ERROR with error.cause=parse (or parse.timeout... for a document). */
        ERROR
    }

    /** @param metadata the document's metadata, updated (digest, title, robots, error...) */
    public record Outcome(Kind kind, Metadata metadata, String text, List<Discovered> discovered) {
    }

    /**
     * A URL the page links to, with the anchor texts of its links and the highest of their priorities,
     * while the page's links are gone through.
     */
    private static final class Target {
        final String url;
        final List<String> anchors;
        int priority;
        /** Whether a link to it announced a feed. */
        boolean feed;
        /** What parse filters put on the links to it, each value once. */
        final Metadata metadata = new Metadata();

        /** @param anchors the anchors the outlink metadata starts with (none, unless transferred) */
        Target(String url, List<String> anchors, int priority) {
            this.url = url;
            this.anchors = new ArrayList<>(anchors);
            this.priority = priority;
        }

        void addMetadata(Metadata linkMetadata) {
            for (String key : linkMetadata.keySet()) {
                for (String value : linkMetadata.getValues(key)) {
                    if (!metadata.getValues(key).contains(value)) {
                        metadata.add(key, value);
                    }
                }
            }
        }
    }

    /** Markers for hrefs already seen on the page: rejected, or beyond the page's outlink limit. */
    private static final Target REJECTED = new Target("", List.of(), 0);
    private static final Target OVER_MAX = new Target("", List.of(), 0);

    /** The error cause of a page on which a parse filter threw. */
    static final String ERROR_CAUSE_FILTER = "parse.filter";

    private final HtmlParser htmlParser;
    private final SitemapExtractor sitemaps;
    private final FeedReader feeds;
    private final DocumentParser documents;
    private final UrlFilterChain filters;
    private final ParseFilterChain parseFilters;
    private final OutlinkMetadata outlinkMetadata;
    private final boolean emitOutlinks;
    private final int maxOutlinks;
    private final String digestAlgorithm;
    private final boolean sniffSitemaps;
    private final Clock clock;
    private final Counters counters;
    /** The pages parsed so far in this worker, for near-duplicates; null when they are not looked for. */
    private final NearDuplicateIndex duplicates;
    /** Shingles of content text a page needs to be compared with others ({@code dedup.min.shingles}). */
    private final int minDuplicateShingles;

    public ParseProcessor(HtmlParser htmlParser, SitemapExtractor sitemaps, FeedReader feeds,
            UrlFilterChain filters, OutlinkMetadata outlinkMetadata, boolean emitOutlinks, int maxOutlinks,
            String digestAlgorithm, boolean sniffSitemaps, Clock clock, Counters counters) {
        this(htmlParser, sitemaps, feeds, DocumentParser.none(), filters, ParseFilterChain.EMPTY, outlinkMetadata,
                emitOutlinks, maxOutlinks, digestAlgorithm, sniffSitemaps, clock, counters, null, 0);
    }

    /**
     * @param duplicates the pages parsed so far (shared by a worker's parser tasks), or null: none looked for
     * @param minDuplicateShingles shingles of content text a page needs to be compared with others
     */
    public ParseProcessor(HtmlParser htmlParser, SitemapExtractor sitemaps, FeedReader feeds,
            DocumentParser documents, UrlFilterChain filters, ParseFilterChain parseFilters,
            OutlinkMetadata outlinkMetadata, boolean emitOutlinks, int maxOutlinks, String digestAlgorithm,
            boolean sniffSitemaps, Clock clock, Counters counters, NearDuplicateIndex duplicates,
            int minDuplicateShingles) {
        this.htmlParser = htmlParser;
        this.sitemaps = sitemaps;
        this.feeds = feeds;
        this.documents = documents;
        this.filters = filters;
        this.parseFilters = parseFilters;
        this.outlinkMetadata = outlinkMetadata;
        this.emitOutlinks = emitOutlinks;
        this.maxOutlinks = maxOutlinks;
        this.digestAlgorithm = digestAlgorithm;
        this.sniffSitemaps = sniffSitemaps;
        this.clock = clock;
        this.counters = counters;
        this.duplicates = duplicates;
        this.minDuplicateShingles = minDuplicateShingles;
        digest(new byte[0]); // fail at start-up, not on the first page
    }

    /**
     * The parser configured for this crawl (its URL and parse filters read now), looking for no
     * near-duplicates (the command-line tools, the warm-up); it and its filters count in {@code counters}.
     */
    public static ParseProcessor fromConfig(CrawlerConfig config, Counters counters) {
        return withFilters(config, UrlFilters.fromConfig(config, counters),
                ParseFilters.fromConfig(config), counters);
    }

    /**
     * The parser with its filter chains built already (from the definitions the topology carries), looking
     * for no near-duplicates.
     */
    public static ParseProcessor withFilters(CrawlerConfig config, UrlFilterChain chain, ParseFilterChain parseFilters,
            Counters counters) {
        return withFilters(config, chain, parseFilters, null, counters);
    }

    /**
     * The parser with its filter chains built already, marking the near-duplicates of the pages in
     * {@code duplicates} (null: looking for none).
     */
    public static ParseProcessor withFilters(CrawlerConfig config, UrlFilterChain chain, ParseFilterChain parseFilters,
            NearDuplicateIndex duplicates, Counters counters) {
        return new ParseProcessor(HtmlParser.fromConfig(config, chain.normalizer()),
                new SitemapExtractor(config.getInt("sitemap.max.bytes"), config.getInt("sitemap.max.urls")),
                FeedReader.fromConfig(config, chain, counters), DocumentParser.fromConfig(config, counters), chain,
                parseFilters, OutlinkMetadata.fromConfig(config),
                config.getBoolean("parser.emitOutlinks"),
                config.getInt("parser.emitOutlinks.max.per.page"), config.getString("parser.digest"),
                config.getBoolean("sitemap.discovery"), CrawlClock.system(), counters, duplicates,
                config.getInt("dedup.min.shingles"));
    }

    public UrlFilterChain filters() {
        return filters;
    }

    /** Closes the parse and URL filters and stops the documents' JVM: the task is ending. */
    public void close() {
        parseFilters.close();
        filters.close();
        documents.close();
    }

    public Outcome process(String url, byte[] content, Metadata metadata) {
        Metadata md = metadata.copy();
        byte[] bytes = content == null ? new byte[0] : content;
        try {
            md.set(MetadataKeys.DIGEST, digest(bytes));
            md.remove(MetadataKeys.DUPLICATE_OF); // the last fetch's: only a page parsed now is marked again
            String contentType = Headers.first(md, "content-type");
            boolean html = isHtml(contentType, bytes);
            if ("true".equals(md.getFirst(MetadataKeys.IS_SITEMAP))
                    || (sniffSitemaps && !html && SitemapExtractor.looksLikeSitemap(bytes))) {
                return sitemap(url, bytes, md);
            }
            if (!html && (FeedParser.isFeedType(contentType) || FeedParser.looksLikeFeed(bytes))) {
                return new Outcome(Kind.FEED, md, "", feeds.read(url, bytes, md, clock.instant()));
            }
            md.set(MetadataKeys.PARSE_CONTENT_TYPE, contentType == null ? (html ? "text/html" : null) : contentType);
            if (!html) {
                String documentType = documents.documentType(contentType, bytes);
                if (documentType != null) {
                    return document(url, bytes, md, documentType);
                }
                counters.increment("parser.nonhtml");
                return new Outcome(Kind.NON_HTML, md, "", List.of());
            }
            return page(url, bytes, md, contentType);
        } catch (ParseFilterException e) {
            counters.increment("parser.filter.errors");
            md.set(MetadataKeys.ERROR_CAUSE, ERROR_CAUSE_FILTER);
            md.set(MetadataKeys.ERROR_MESSAGE, e.getMessage());
            return new Outcome(Kind.ERROR, md, "", List.of());
        } catch (IOException | RuntimeException | StackOverflowError e) {
            counters.increment("parser.errors");
            md.set(MetadataKeys.ERROR_CAUSE, "parse");
            md.set(MetadataKeys.ERROR_MESSAGE, e.getClass().getSimpleName() + ": " + e.getMessage());
            return new Outcome(Kind.ERROR, md, "", List.of());
        }
    }

    private Outcome page(String url, byte[] bytes, Metadata md, String contentType) {
        ParsedPage page = htmlParser.parse(url, bytes, contentType, Headers.values(md, "x-robots-tag"));
        counters.increment("parser.pages");
        md.set(MetadataKeys.PARSE_CHARSET, page.charset());
        return page(url, page, md, page.language());
    }

    /**
     * A document through Tika: its XHTML read as a page, with the type, language and metadata Tika found; a
     * document that fails, or is too large, ends in ERROR with its cause.
     */
    private Outcome document(String url, byte[] bytes, Metadata md, String type) {
        TikaWire.Answer answer;
        try {
            answer = documents.parse(url, type, bytes, "true".equals(md.getFirst(MetadataKeys.HTTP_TRIMMED)));
        } catch (TikaFailure e) {
            counters.increment("parser.documents.failed");
            md.set(MetadataKeys.PARSE_CONTENT_TYPE, type);
            md.set(MetadataKeys.ERROR_CAUSE, e.errorCause());
            md.set(MetadataKeys.ERROR_MESSAGE, e.getMessage());
            return new Outcome(Kind.ERROR, md, "", List.of());
        }
        counters.increment("parser.documents");
        ParsedPage page = htmlParser.parse(url, answer.xhtml().getBytes(StandardCharsets.UTF_8),
                "text/html; charset=UTF-8", Headers.values(md, "x-robots-tag"));
        md.set(MetadataKeys.PARSE_CONTENT_TYPE, DocumentTypes.baseType(answer.type()));
        Metadata found = new Metadata();
        for (String[] entry : answer.metadata()) {
            found.add("parse." + entry[0], entry[1]);
        }
        for (String key : found.keySet()) {
            md.set(key, found.getValues(key));
        }
        // a document declares its language in its metadata rather than in its text
        return page(url, page, md, md.getFirst("parse." + DocumentParser.LANGUAGE));
    }

    /**
     * A parsed page's outcome: its metadata, then a redirect, or its outlinks after the parse filters.
     *
     * @param language the page's language, or null
     */
    private Outcome page(String url, ParsedPage page, Metadata md, String language) {
        // Of the content text only: what tells a change of the page from the noise around it (ChangeDetector),
        // and a copy of a page from a page that shares its navigation and footer.
        TextFingerprint.Print fingerprint = TextFingerprint.print(MainText.of(page.document()));
        md.set(MetadataKeys.FINGERPRINT, TextFingerprint.hex(fingerprint.value()));
        md.set(MetadataKeys.PARSE_TITLE, blankToNull(page.title()));
        md.set(MetadataKeys.PARSE_DESCRIPTION, blankToNull(page.description()));
        md.set(MetadataKeys.PARSE_KEYWORDS, blankToNull(page.keywords()));
        md.set(MetadataKeys.PARSE_CANONICAL, page.canonical());
        md.set(MetadataKeys.PARSE_LANGUAGE, language);
        md.set(MetadataKeys.ROBOTS_NOINDEX, page.robots().noIndex() ? "true" : null);
        md.set(MetadataKeys.ROBOTS_NOFOLLOW, page.robots().noFollow() ? "true" : null);
        Instant now = clock.instant();
        if (page.refreshUrl() != null) {
            md.set(MetadataKeys.REDIRECT_TO, page.refreshUrl());
            FilterVerdict target = filters.filter(page.refreshUrl(), outlinkMetadata.forRedirect(url, md, now));
            List<Discovered> discovered = target.accepted()
                    ? List.of(new Discovered(target.url(), outlinkMetadata.forRedirect(url, md, now)))
                    : List.of();
            return new Outcome(Kind.REDIRECT, md, page.text(), discovered);
        }
        String original = originalOf(url, fingerprint);
        md.set(MetadataKeys.DUPLICATE_OF, original);
        boolean noFollow = page.robots().noFollow();
        if (!parseFilters.isEmpty()) {
            noFollow = filter(url, page, md);
        }
        List<Discovered> outlinks = emitOutlinks && !noFollow && original == null
                ? outlinks(url, page, md, now) : List.of();
        return new Outcome(Kind.PAGE, md, page.text(), outlinks);
    }

    /**
     * The URL of the page this one is a near-duplicate of, counted; null when none (or none looked for). A
     * page with too little text to tell is compared as a page without text: no one's copy, no one's original.
     */
    private String originalOf(String url, TextFingerprint.Print fingerprint) {
        if (duplicates == null) {
            return null;
        }
        String original = duplicates.originalOf(url, fingerprint.shingles() >= minDuplicateShingles
                ? fingerprint.value() : TextFingerprint.EMPTY);
        if (original != null) {
            counters.increment("parser.duplicates");
        }
        return original;
    }

    /**
     * Runs the parse filters on the page, whose links they may prune or rank in place; their noindex and
     * nofollow go into the metadata as the robots directives would.
     *
     * @return whether the page's links are not to be followed
     */
    private boolean filter(String url, ParsedPage page, Metadata md) {
        UrlNormalizer normalizer = filters.normalizer();
        String base = page.baseUrl();
        UnaryOperator<String> resolver = href -> {
            try {
                return normalizer.resolve(base, href);
            } catch (InvalidUrlException e) {
                return null;
            }
        };
        ParseContext context = new ParseContext(url, page.document(), page.text(), md, page.links(),
                page.robots().noIndex(), page.robots().noFollow(), resolver);
        parseFilters.filter(context);
        md.set(MetadataKeys.ROBOTS_NOINDEX, context.noIndex() ? "true" : null);
        md.set(MetadataKeys.ROBOTS_NOFOLLOW, context.noFollow() ? "true" : null);
        return context.noFollow();
    }

    /** The page's links that pass the filters, each URL once (with all its anchors), at most maxOutlinks. */
    private List<Discovered> outlinks(String url, ParsedPage page, Metadata md, Instant now) {
        Map<String, Target> found = new LinkedHashMap<>();
        // href without fragment -> its outlink, or REJECTED / OVER_MAX: a repeated href costs one lookup, and
        // so does one that differs only by its fragment (functions.html#abs, functions.html#all...)
        HrefTable<Target> byHref = new HrefTable<>();
        // Filters read the metadata without changing it: one template serves every link of the page.
        Metadata template = outlinkMetadata.forOutlink(url, md, now);
        PageLinkFilter linkFilter = filters.forPage(page.baseUrl(), template);
        for (Outlink link : page.links()) {
            String href = link.href();
            int end = PageLinkFilter.fragmentStart(href);
            Target known = byHref.get(href, end);
            if (known == null) {
                String key = href.substring(0, end);
                FilterVerdict verdict = linkFilter.resolveAndFilter(key);
                String target = verdict.accepted() && !verdict.url().equals(url) ? verdict.url() : null;
                known = target == null ? REJECTED : found.get(target);
                if (known == null) {
                    known = found.size() >= maxOutlinks ? OVER_MAX
                            : new Target(target, template.getValues(MetadataKeys.ANCHORS), link.priority());
                    if (known != OVER_MAX) {
                        found.put(target, known);
                    }
                }
                byHref.put(key, known);
            }
            if (known == OVER_MAX) {
                counters.increment("parser.outlinks.over.max");
            } else if (known != REJECTED) {
                if (!link.anchor().isEmpty() && !known.anchors.contains(link.anchor())) {
                    known.anchors.add(link.anchor());
                }
                known.priority = Math.max(known.priority, link.priority());
                known.feed |= isFeed(link);
                known.addMetadata(link.metadata());
            }
        }
        counters.add("parser.outlinks", found.size());
        List<Discovered> discovered = new ArrayList<>(found.size());
        for (Target outlink : found.values()) {
            Metadata outlinkMd = template.copy();
            outlink.metadata.keySet().forEach(key -> outlinkMd.set(key, outlink.metadata.getValues(key)));
            outlinkMd.set(MetadataKeys.ANCHORS, outlink.anchors);
            outlinkMd.set(MetadataKeys.PRIORITY, outlink.priority == 0 ? null : Integer.toString(outlink.priority));
            outlinkMd.set(MetadataKeys.IS_FEED, outlink.feed ? "true" : null);
            discovered.add(new Discovered(outlink.url, outlinkMd));
        }
        return discovered;
    }

    /**
     * Whether the link announces a feed: a {@code <link rel="alternate">} of type {@code application/rss+xml}
     * or {@code application/atom+xml}. Its target is discovered with isFeed.
     */
    private static boolean isFeed(Outlink link) {
        Element element = link.element();
        return element != null && element.normalName().equals("link")
                && FeedParser.isFeedType(element.attr("type"));
    }

    private Outcome sitemap(String url, byte[] bytes, Metadata md) throws IOException {
        SitemapExtractor.Result result = sitemaps.extract(url, bytes);
        counters.increment("parser.sitemaps");
        md.set(MetadataKeys.IS_SITEMAP, "true");
        md.set(MetadataKeys.SITEMAP_TRUNCATED, result.truncated() ? "true" : null);
        Instant now = clock.instant();
        List<Discovered> discovered = new ArrayList<>();
        for (SitemapExtractor.Entry entry : result.entries()) {
            Metadata entryMd = outlinkMetadata.forOutlink(url, md, now);
            entryMd.set(MetadataKeys.IS_SITEMAP, entry.isSitemap() ? "true" : null);
            if (entry.lastModified() != null) {
                entryMd.set(MetadataKeys.SITEMAP_LASTMOD, entry.lastModified().toInstant().toString());
            }
            FilterVerdict verdict = filters.filter(entry.url(), entryMd);
            if (verdict.accepted()) {
                discovered.add(new Discovered(verdict.url(), entryMd));
            }
        }
        return new Outcome(Kind.SITEMAP, md, "", discovered);
    }

    /** HTML by its Content-Type; without one, by a look at its first bytes. */
    static boolean isHtml(String contentType, byte[] bytes) {
        if (contentType != null && !contentType.isBlank()) {
            return contentType.toLowerCase(Locale.ROOT).contains("html");
        }
        String head = new String(bytes, 0, Math.min(bytes.length, 1024), StandardCharsets.ISO_8859_1)
                .toLowerCase(Locale.ROOT);
        return head.contains("<html") || head.contains("<!doctype html") || head.contains("<head")
                || head.contains("<body");
    }

    private String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(digestAlgorithm).digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new ConfigException("parser.digest: unknown digest algorithm '" + digestAlgorithm
                    + "' (MD5 or SHA-1)");
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
