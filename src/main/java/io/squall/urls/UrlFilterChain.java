package io.squall.urls;

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.UrlFilter;
import io.squall.metrics.Counters;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The URL filter chain: the normalizer, then each configured filter in order; the first rejection ends
 * it. Every rejection is counted under {@code urlfilter.rejected.<filter name>} in the {@link Counters} it
 * is given. A URL that is not http(s) is rejected under the name "scheme", one that cannot be parsed under
 * "normalizer".
 *
 * <p>A filter that throws rejects that URL as its own rejection, counted besides under
 * {@code urlfilter.errors.<filter name>} and logged: an exception is a bug in the filter about one URL, which
 * should cost that URL only, not the page that led to it. Filters are called one URL at a time, even by a
 * task's several fetch threads, as their contract promises.
 */
public final class UrlFilterChain implements AutoCloseable {
    /** The start of the rejection counters' names, followed by the rejecting filter's name. */
    public static final String REJECTED_PREFIX = "urlfilter.rejected.";
    /** The start of the counters of filters' exceptions, followed by the filter's name. */
    public static final String ERRORS_PREFIX = "urlfilter.errors.";
    private static final Logger LOG = LoggerFactory.getLogger(UrlFilterChain.class);

    private final UrlNormalizer normalizer;
    private final List<String> names;
    private final List<UrlFilter> filters;
    private final Counters counters;
    /** The filters that threw already, whose later exceptions are logged without their stack trace. */
    private final Set<String> threw = new HashSet<>();

    /** @param names the filters' names, in their order */
    public UrlFilterChain(UrlNormalizer normalizer, List<String> names, List<UrlFilter> filters, Counters counters) {
        this.normalizer = normalizer;
        this.names = List.copyOf(names);
        this.filters = List.copyOf(filters);
        this.counters = counters;
    }

    public UrlNormalizer normalizer() {
        return normalizer;
    }

    /** Normalizes an absolute URL (a seed, a redirect target, a sitemap entry) and filters it. */
    public FilterVerdict filter(String url, Metadata metadata) {
        try {
            return filterNormalized(normalizer.normalize(url), metadata);
        } catch (InvalidUrlException e) {
            return rejected(invalid(e));
        }
    }

    /** Resolves a link of a page against the page's base, then filters it. */
    public FilterVerdict resolveAndFilter(String base, String href, Metadata metadata) {
        try {
            return filterNormalized(normalizer.resolve(base, href), metadata);
        } catch (InvalidUrlException e) {
            return rejected(invalid(e));
        }
    }

    /**
     * A filter for the links of one page, resolved against its base, all with the same metadata, which
     * passes each distinct URL through the filters once.
     */
    public PageLinkFilter forPage(String base, Metadata metadata) {
        return new PageLinkFilter(this, base, metadata);
    }

    synchronized FilterVerdict filterNormalized(String url, Metadata metadata) {
        String current = url;
        for (int i = 0; i < filters.size(); i++) {
            FilterVerdict verdict;
            try {
                verdict = filters.get(i).filter(new ParsedUrl(current), metadata);
            } catch (RuntimeException e) {
                verdict = threw(names.get(i), current, e);
            }
            if (!verdict.accepted()) {
                return rejected(verdict);
            }
            current = verdict.url();
        }
        return FilterVerdict.accept(current);
    }

    /** A filter's exception, as its rejection of the URL: logged (with the stack trace the first time) and counted. */
    private FilterVerdict threw(String name, String url, RuntimeException e) {
        counters.increment(ERRORS_PREFIX + name);
        if (threw.add(name)) {
            LOG.warn("URL filter '{}' threw on {}; the URL is rejected", name, url, e);
        } else {
            LOG.warn("URL filter '{}' threw on {}; the URL is rejected: {}", name, url, e.toString());
        }
        return FilterVerdict.reject(name, "the filter threw " + e);
    }

    /** Closes every filter, each even if another failed to close: the task is ending. */
    @Override
    public synchronized void close() {
        for (int i = 0; i < filters.size(); i++) {
            try {
                filters.get(i).close();
            } catch (RuntimeException e) {
                LOG.warn("URL filter '{}' failed to close", names.get(i), e);
            }
        }
    }

    static FilterVerdict invalid(InvalidUrlException e) {
        return FilterVerdict.reject(e.isSchemeProblem() ? "scheme" : "normalizer", e.getMessage());
    }

    /** Counts the rejection, and returns it. */
    FilterVerdict rejected(FilterVerdict verdict) {
        counters.increment(REJECTED_PREFIX + verdict.rejectedBy());
        return verdict;
    }
}
