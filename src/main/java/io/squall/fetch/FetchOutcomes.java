package io.squall.fetch;

import io.squall.api.Discovered;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.http.FetchException;
import io.squall.http.FetchResponse;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.OutlinkMetadata;
import io.squall.urls.UrlFilterChain;
import io.squall.urls.UrlNormalizer;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps what a fetch returned to a crawl status, following the Nutch mapping: 2xx → content for the parser;
 * 304 → FETCHED (unchanged); 301/302/303/307/308 → REDIRECTION plus the target as DISCOVERED (through the
 * URL filters, at the same depth, with its hop count; past {@code http.max.redirects} hops → ERROR);
 * {@code http.status.error.codes} (404, 410, 401, 403... by default) → ERROR; other 4xx (408 included),
 * 429, 5xx and fetch exceptions → FETCH_ERROR with a precise {@code error.cause} (a refusal of the address
 * guard too: it depends on the user's allow-list, not on the server). Every outcome records the status code,
 * byte length, loading time and IP.
 */
public final class FetchOutcomes {
    private static final Logger LOG = LoggerFactory.getLogger(FetchOutcomes.class);
    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
    /** Keys describing a previous outcome, cleared before a new one is written. */
    private static final List<String> OUTCOME_KEYS = List.of(MetadataKeys.ERROR_CAUSE, MetadataKeys.ERROR_MESSAGE,
            MetadataKeys.REDIRECT_TO, MetadataKeys.HTTP_TRIMMED, MetadataKeys.HTTP_TRIMMED_REASON,
            MetadataKeys.FETCH_STATUS_CODE, MetadataKeys.FETCH_BYTE_LENGTH, MetadataKeys.FETCH_LOADING_TIME,
            MetadataKeys.FETCH_IP);
    /** Response headers kept with the URL for the parser, under StormCrawler's {@code protocol.} prefix. */
    public static final String CONTENT_TYPE = "protocol.content-type";
    public static final String X_ROBOTS_TAG = "protocol.x-robots-tag";

    private final UrlFilterChain filters;
    private final int maxRedirects;
    private final Set<Integer> errorCodes = new HashSet<>();
    private final OutlinkMetadata discoveredMetadata;
    private final Clock clock;
    private final UrlNormalizer normalizer;

    /** @param clock the time given to the URLs a redirect discovers */
    public FetchOutcomes(CrawlerConfig config, UrlFilterChain filters, Clock clock) {
        this.clock = clock;
        this.filters = filters;
        this.maxRedirects = config.getInt("http.max.redirects");
        this.discoveredMetadata = OutlinkMetadata.fromConfig(config);
        this.normalizer = UrlNormalizer.fromConfig(config);
        for (String code : config.getStringList("http.status.error.codes")) {
            try {
                errorCodes.add(Integer.parseInt(code.trim()));
            } catch (NumberFormatException e) {
                throw new io.squall.api.ConfigException("http.status.error.codes: '" + code
                        + "' is not an HTTP status code");
            }
        }
    }

    /** The outcome of a fetch that got an answer. */
    public FetchOutcome of(FetchItem<?> item, FetchResponse r) {
        Metadata md = fresh(item.metadata());
        int code = r.statusCode();
        md.set(MetadataKeys.FETCH_STATUS_CODE, Integer.toString(code));
        md.set(MetadataKeys.FETCH_BYTE_LENGTH, Integer.toString(r.content().length));
        md.set(MetadataKeys.FETCH_LOADING_TIME, Long.toString(r.loadingTimeMillis()));
        md.set(MetadataKeys.FETCH_IP, r.ip());
        if (code >= 200 && code < 300) {
            md.set(MetadataKeys.LAST_MODIFIED, r.header("Last-Modified"));
            md.set(MetadataKeys.ETAG, r.header("ETag"));
            md.set(CONTENT_TYPE, r.header("Content-Type"));
            md.set(X_ROBOTS_TAG, r.header("X-Robots-Tag"));
            if (r.trimmed()) {
                md.set(MetadataKeys.HTTP_TRIMMED, "true");
                md.set(MetadataKeys.HTTP_TRIMMED_REASON, r.trimmedReason());
            }
            return new FetchOutcome(null, md, r.content(), List.of(), HostQueues.Feedback.answered());
        }
        if (code == 304) {
            return new FetchOutcome(Status.FETCHED, md, null, List.of(), HostQueues.Feedback.answered());
        }
        if (REDIRECTS.contains(code)) {
            return redirect(item, r, md);
        }
        String message = "HTTP " + code;
        if (code == 429 || code == 503) {
            return new FetchOutcome(Status.FETCH_ERROR, error(md, "http." + code, message), null, List.of(),
                    HostQueues.Feedback.throttled(r.header("Retry-After")));
        }
        // A 5xx says the server is in trouble: an adaptive delay grows.
        HostQueues.Feedback feedback = code >= 500 && code < 600 ? HostQueues.Feedback.serverError()
                : HostQueues.Feedback.answered();
        // 408, other 4xx, 5xx, and codes outside the known classes: maybe transient, retried.
        Status status = errorCodes.contains(code) ? Status.ERROR : Status.FETCH_ERROR;
        return new FetchOutcome(status, error(md, "http." + code, message), null, List.of(), feedback);
    }

    /** The outcome of a fetch that got no answer. */
    public FetchOutcome of(FetchItem<?> item, FetchException e, long loadingTimeMillis) {
        Metadata md = fresh(item.metadata());
        md.set(MetadataKeys.FETCH_STATUS_CODE, "-1");
        md.set(MetadataKeys.FETCH_BYTE_LENGTH, "0");
        md.set(MetadataKeys.FETCH_LOADING_TIME, Long.toString(loadingTimeMillis));
        error(md, e.cause().value, e.getMessage());
        if (e.cause() == FetchException.Cause.ADDRESS_GUARD) {
            // Squall refused to connect: no request went out. The user's allow-list may change by the next run,
            // so the refusal is retried rather than final.
            return new FetchOutcome(Status.FETCH_ERROR, md, null, List.of(), HostQueues.Feedback.noRequest());
        }
        boolean timedOut = e.cause() == FetchException.Cause.TIMEOUT || e.cause() == FetchException.Cause.DEADLINE;
        return new FetchOutcome(Status.FETCH_ERROR, md, null, List.of(),
                timedOut ? HostQueues.Feedback.timedOut() : HostQueues.Feedback.failed());
    }

    /** An outcome decided without a request (robots.txt, queue budget...). */
    public FetchOutcome refused(FetchItem<?> item, Status status, String cause, String message) {
        Metadata md = fresh(item.metadata());
        return new FetchOutcome(status, error(md, cause, message), null, List.of(), HostQueues.Feedback.noRequest());
    }

    /** A URL listed by a robots.txt {@code Sitemap:} line, as a DISCOVERED sitemap, if the filters accept it. */
    public Discovered sitemap(FetchItem<?> source, String sitemapUrl) {
        // A sitemap named by robots.txt is found without following a link: it keeps the depth of the URL
        // whose host it came with, and the same seed for the scope filter.
        Metadata md = discoveredMetadata.forRedirect(source.url(), source.metadata(), clock.instant());
        md.set(MetadataKeys.IS_SITEMAP, "true");
        FilterVerdict verdict = filters.filter(sitemapUrl, md);
        if (!verdict.accepted()) {
            LOG.debug("sitemap {} from robots.txt rejected: {}", sitemapUrl, verdict);
            return null;
        }
        return new Discovered(verdict.url(), md);
    }

    private FetchOutcome redirect(FetchItem<?> item, FetchResponse r, Metadata md) {
        String location = r.header("Location");
        if (location == null || location.isBlank()) {
            return error(Status.ERROR, md, "redirect.no.location", "HTTP " + r.statusCode() + " without Location");
        }
        String target;
        try {
            target = normalizer.resolve(item.url(), location.trim());
        } catch (InvalidUrlException e) {
            return error(Status.ERROR, md, "redirect.bad.location", "bad Location '" + location + "'");
        }
        int hops = item.metadata().getInt(MetadataKeys.REDIRECT_HOPS, 0) + 1;
        if (hops > maxRedirects) {
            return error(Status.ERROR, md, "redirect.too.many",
                    "more than http.max.redirects (" + maxRedirects + ") redirects, last to " + target);
        }
        if (target.equals(item.url())) {
            return error(Status.ERROR, md, "redirect.loop", "redirects to itself");
        }
        md.set(MetadataKeys.REDIRECT_TO, target);
        Metadata targetMd = discoveredMetadata.forRedirect(item.url(), item.metadata(), clock.instant());
        targetMd.set(MetadataKeys.REDIRECT_HOPS, Integer.toString(hops));
        FilterVerdict verdict = filters.filter(target, targetMd);
        List<Discovered> discovered = List.of();
        if (verdict.accepted()) {
            discovered = List.of(new Discovered(verdict.url(), targetMd));
        } else {
            md.set(MetadataKeys.ERROR_MESSAGE, "redirect target rejected: " + verdict);
        }
        return new FetchOutcome(Status.REDIRECTION, md, null, discovered, HostQueues.Feedback.answered());
    }

    private static Metadata fresh(Metadata previous) {
        Metadata md = previous.copy();
        OUTCOME_KEYS.forEach(md::remove);
        return md;
    }

    private static Metadata error(Metadata md, String cause, String message) {
        md.set(MetadataKeys.ERROR_CAUSE, cause);
        md.set(MetadataKeys.ERROR_MESSAGE, message);
        return md;
    }

    private static FetchOutcome error(Status status, Metadata md, String cause, String message) {
        return new FetchOutcome(status, error(md, cause, message), null, List.of(), HostQueues.Feedback.answered());
    }
}
