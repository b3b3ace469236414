package io.squall.urls;

import io.squall.core.Metadata;
import java.util.HashMap;
import java.util.Map;

/**
 * The filter chain applied to the links of one page, which all share the page's base and the metadata
 * they would be stored with. On real pages most links differ from another only by their fragment
 * ({@code functions.html#abs}, {@code functions.html#all}...), which normalization drops: so each
 * fragment-less href is resolved once, and each distinct URL goes through the filters once. A filter's
 * verdict on one URL with one metadata is taken to hold for the rest of the page. Rejections are still
 * counted once per call, as {@link UrlFilterChain#resolveAndFilter} counts them. Not thread-safe: one
 * per page.
 */
public final class PageLinkFilter {
    private final UrlFilterChain chain;
    private final String base;
    private final Metadata metadata;
    private final Map<String, String> resolved = new HashMap<>(); // href without fragment -> normalized URL
    private final Map<String, FilterVerdict> verdicts = new HashMap<>(); // normalized URL -> verdict

    PageLinkFilter(UrlFilterChain chain, String base, Metadata metadata) {
        this.chain = chain;
        this.base = base;
        this.metadata = metadata;
    }

    /** Resolves a link of the page against its base, then filters it: the same verdict as the chain's. */
    public FilterVerdict resolveAndFilter(String href) {
        String key = withoutFragment(href);
        String url = resolved.get(key);
        if (url == null) {
            try {
                url = chain.normalizer().resolve(base, key);
            } catch (InvalidUrlException e) {
                // rare: let the chain fail on the href itself, so that the reason quotes the href as written
                return chain.resolveAndFilter(base, href, metadata);
            }
            resolved.put(key, url);
        }
        FilterVerdict known = verdicts.get(url);
        if (known == null) {
            known = chain.filterNormalized(url, metadata);
            verdicts.put(url, known);
        } else if (!known.accepted()) {
            UrlFilterChain.rejected(known);
        }
        return known;
    }

    /**
     * The href up to its first '#', when that resolves exactly as the whole href does: the URL parser
     * stops every part of a URL at the first '#' and drops the fragment. Not when a space or control
     * character precedes the '#': at the end of the cut href it would be stripped, inside the whole href
     * it is encoded.
     */
    static String withoutFragment(String href) {
        return href.substring(0, fragmentStart(href));
    }

    /** Where {@link #withoutFragment} cuts the href: its length when it keeps all of it. */
    public static int fragmentStart(String href) {
        int hash = href.indexOf('#');
        if (hash < 0 || (hash > 0 && href.charAt(hash - 1) <= ' ')) {
            return href.length();
        }
        return hash;
    }
}
