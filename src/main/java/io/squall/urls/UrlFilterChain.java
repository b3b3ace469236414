package io.squall.urls;

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.UrlFilter;
import io.squall.metrics.Counters;
import java.util.List;

/**
 * The URL filter chain: the normalizer, then each configured filter in order; the first rejection ends
 * it. Every rejection is counted under {@code urlfilter.rejected.<filter name>} in the {@link Counters} it
 * is given. A URL that is not http(s) is rejected under the name "scheme", one that cannot be parsed under
 * "normalizer".
 */
public final class UrlFilterChain implements UrlFilter {
    /** The start of the rejection counters' names, followed by the rejecting filter's name. */
    public static final String REJECTED_PREFIX = "urlfilter.rejected.";

    private final UrlNormalizer normalizer;
    private final List<UrlFilter> filters;
    private final Counters counters;

    public UrlFilterChain(UrlNormalizer normalizer, List<UrlFilter> filters, Counters counters) {
        this.normalizer = normalizer;
        this.filters = List.copyOf(filters);
        this.counters = counters;
    }

    public UrlNormalizer normalizer() {
        return normalizer;
    }

    /** Normalizes an absolute URL (a seed, a redirect target, a sitemap entry) and filters it. */
    @Override
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

    FilterVerdict filterNormalized(String url, Metadata metadata) {
        String current = url;
        for (UrlFilter filter : filters) {
            FilterVerdict verdict = filter.filter(current, metadata);
            if (!verdict.accepted()) {
                return rejected(verdict);
            }
            current = verdict.url();
        }
        return FilterVerdict.accept(current);
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
