package io.squall.local;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.fetch.FetchOutcomes;
import io.squall.frontier.StatusWriter;
import io.squall.index.ContentIndexer;
import io.squall.metrics.CounterTally;
import io.squall.opensearch.BulkWriter;
import io.squall.opensearch.IndexSetup;
import io.squall.opensearch.SquallIndex;
import io.squall.parse.ParseProcessor;
import io.squall.urls.UrlFilterChain;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a local crawl's parse and write path over generated sample pages while the topology's worker
 * starts, so that the crawl's first pages do not pay for a cold JVM.
 *
 * <p>Why: a crawl's first pages parsed several times slower than the following ones, and the embedded
 * node's first bulks of status creates were many times slower than later ones, until the JIT compiler had
 * compiled the parser, the client and the node's indexing chain (docs/benchmarks.md). Every host waited for
 * its seed's links that much longer: a crawl of many hosts fetched almost nothing right after its seeds.
 * The worker takes seconds to start with the CPU mostly idle; this work fits there.
 *
 * <p>Nothing of the crawl is touched: the sample pages go through their own parser, URL filters, status
 * writer and content indexer, into two scratch indices deleted at the end (only on the embedded node: an
 * OpenSearch given with {@code --opensearch} is someone else's, and already warm). They count in the
 * warm-up's own {@link CounterTally}, never in the crawl's metrics. A failure only loses the head start: it
 * is logged, never thrown.
 */
public final class WarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(WarmUp.class);
    /** About as many pages as it took the parser to reach its steady speed. */
    static final int PAGES = 200;
    static final String SCRATCH_SUFFIX = "-warm-up";
    private static final String[] WORDS = ("a crawler fetches pages from many hosts and keeps each of them polite"
            + " while its frontier waits in a status index until the next fetch date comes then the parser finds"
            + " links text and metadata and the indexer stores what search engines archives and researchers"
            + " read").split(" ");

    /**
     * What the warm-up did: pages parsed, links they gave and links the URL filters rejected, documents
     * OpenSearch confirmed or refused.
     */
    record Result(int pages, long links, long rejected, long written, long failed, Duration took) {
        @Override
        public String toString() {
            return "Warm-up: parsed " + pages + " sample pages (" + links + " links, " + rejected
                    + " rejected by the URL filters) and wrote " + written + " documents to scratch indices ("
                    + failed + " failed) in " + took.toMillis() + " ms";
        }
    }

    private WarmUp() {
    }

    /**
     * Parses the sample pages and writes what a crawl would write of them; returns once OpenSearch has
     * answered every write and the scratch indices are gone.
     *
     * @param client the embedded node to warm, or null to warm the parser only
     * @param enough says when to stop before the last page: the warm-up fills a wait, never lengthens it
     */
    public static Result run(CrawlerConfig crawlConfig, OpenSearchClient client, BooleanSupplier enough) {
        long start = System.nanoTime();
        if (enough.getAsBoolean()) {
            return new Result(0, 0, 0, 0, 0, Duration.ZERO); // not even the scratch indices: nothing to wait for
        }
        CrawlerConfig config = scratchConfig(crawlConfig);
        Counts counts = new Counts();
        CounterTally counted = new CounterTally();
        try {
            ParseProcessor parser = ParseProcessor.fromConfig(config, counted);
            if (client == null) {
                parseAll(parser, counts, enough, (url, outcome) -> { });
            } else {
                writeAll(parser, counts, counted, client, config, enough);
            }
        } catch (RuntimeException e) {
            LOG.warn("Warm-up stopped after {} pages: {}", counts.pages, e.toString());
        } finally {
            deleteScratchIndices(client, config);
        }
        return new Result(counts.pages, counts.links, counted.sumOf(UrlFilterChain.REJECTED_PREFIX),
                counts.written.sum(), counts.failed.sum(), Duration.ofNanos(System.nanoTime() - start));
    }

    /** Parses every sample page and writes its outlinks, content and status as the crawl's bolts would. */
    private static void writeAll(ParseProcessor parser, Counts counts, CounterTally counted, OpenSearchClient client,
                                 CrawlerConfig config, BooleanSupplier enough) {
        IndexSetup.ensureIndex(client, config, SquallIndex.STATUS, null);
        IndexSetup.ensureIndex(client, config, SquallIndex.CONTENT, null);
        try (BulkWriter statusBulk = bulkWriter(client, config, "opensearch.status");
             BulkWriter contentBulk = bulkWriter(client, config, "opensearch.content")) {
            StatusWriter status = new StatusWriter(config, statusBulk, counted);
            ContentIndexer content = new ContentIndexer(config, contentBulk, counted);
            parseAll(parser, counts, enough, (url, outcome) -> {
                for (Discovered link : outcome.discovered()) {
                    status.write(link.url(), link.metadata(), Status.DISCOVERED, counts);
                }
                content.index(url, outcome.metadata(), outcome.text(), counts);
                status.write(url, outcome.metadata(), Status.FETCHED, counts);
            });
        } // closing the writers waits for OpenSearch's answers
    }

    /** A bulk writer with the crawl's settings for that index ({@code opensearch.status}, ...). */
    private static BulkWriter bulkWriter(OpenSearchClient client, CrawlerConfig config, String prefix) {
        return new BulkWriter(client, BulkWriter.Settings.fromConfig(config, prefix), "warm-up");
    }

    private static void parseAll(ParseProcessor parser, Counts counts, BooleanSupplier enough,
                                 BiConsumer<String, ParseProcessor.Outcome> then) {
        for (; counts.pages < PAGES && !enough.getAsBoolean(); counts.pages++) {
            String url = pageUrl(counts.pages);
            ParseProcessor.Outcome outcome = parser.process(url, page(counts.pages), fetchedMetadata());
            counts.links += outcome.discovered().size();
            then.accept(url, outcome);
        }
    }

    /** What the fetcher gives the parser with a sample page. */
    static Metadata fetchedMetadata() {
        Metadata metadata = new Metadata();
        metadata.set(FetchOutcomes.CONTENT_TYPE, "text/html; charset=utf-8");
        return metadata;
    }

    /** Pages and links so far (on the warm-up's thread), and the writes' answers (on the client's threads). */
    private static final class Counts implements BulkWriter.Callback {
        int pages;
        long links;
        final LongAdder written = new LongAdder();
        final LongAdder failed = new LongAdder();

        @Override
        public void succeeded(boolean alreadyExisted) {
            written.increment();
        }

        @Override
        public void failed(String reason) {
            failed.increment();
        }
    }

    /** The crawl's settings with the scratch indices in place of the crawl's own. */
    static CrawlerConfig scratchConfig(CrawlerConfig config) {
        return config.with(Map.of(
                "opensearch.status.index.name", SquallIndex.STATUS.name(config) + SCRATCH_SUFFIX,
                "opensearch.content.index.name", SquallIndex.CONTENT.name(config) + SCRATCH_SUFFIX), "warm-up");
    }

    private static void deleteScratchIndices(OpenSearchClient client, CrawlerConfig config) {
        if (client == null) {
            return;
        }
        List<String> names = List.of(SquallIndex.STATUS.name(config), SquallIndex.CONTENT.name(config));
        try {
            client.indices().delete(d -> d.index(names).ignoreUnavailable(true));
        } catch (Exception e) {
            LOG.warn("Warm-up could not delete its scratch indices {}: {}", names, e.toString());
        }
    }

    /** Sample pages spread over 20 sites of the reserved .example domain (RFC 2606). */
    static String pageUrl(int page) {
        return "https://site" + page % 20 + ".example/articles/" + page + ".html";
    }

    /**
     * About 10 KB of article-like HTML, as most crawled pages are: head metadata, headings, paragraphs
     * with links, a list of related pages on the site and two links to other sites.
     */
    static byte[] page(int page) {
        Random random = new Random(page);
        StringBuilder html = new StringBuilder(11_000)
                .append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(words(random, 6)).append("</title>\n<meta name=\"description\" content=\"")
                .append(words(random, 20)).append("\">\n</head>\n<body>\n<nav><a href=\"/\">Home</a>"
                        + " <a href=\"/about.html\">About</a></nav>\n<main><article><h1>")
                .append(words(random, 6)).append("</h1>\n");
        while (html.length() < 9_000) {
            html.append("<h2>").append(words(random, 4)).append("</h2>\n<p>").append(words(random, 60))
                    .append(" <a href=\"/articles/").append(random.nextInt(5_000)).append(".html\">")
                    .append(words(random, 3)).append("</a>.</p>\n");
        }
        html.append("</article>\n<aside><ul>\n");
        for (int i = 0; i < 10; i++) {
            html.append("<li><a href=\"../articles/").append(page * 10 + i).append(".html\">")
                    .append(words(random, 3)).append("</a></li>\n");
        }
        for (int i = 0; i < 2; i++) {
            html.append("<li><a href=\"").append(pageUrl(random.nextInt(5_000))).append("\">Elsewhere</a></li>\n");
        }
        return html.append("</ul></aside></main>\n<footer><p>").append(words(random, 12))
                .append("</p></footer>\n</body></html>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String words(Random random, int count) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return s.toString();
    }
}
