package io.squall.urls;

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import java.util.HashMap;
import java.util.Map;

/**
 * The filter chain applied to the links of one page, which all share the page's base and the metadata
 * they would be stored with: each distinct URL goes through the filters once. A filter's verdict on one
 * URL with one metadata is taken to hold for the rest of the page. Rejections are still counted once per
 * call, as {@link UrlFilterChain#resolveAndFilter} counts them. The caller looks up each href once
 * (links that differ only by their fragment, {@code functions.html#abs}, {@code functions.html#all}...,
 * as one: see {@link #fragmentStart}). Not thread-safe: one per page.
 */
public final class PageLinkFilter {
    private final UrlFilterChain chain;
    private final String base;
    private final Metadata metadata;
    private final Map<String, FilterVerdict> verdicts = new HashMap<>(); // normalized URL -> verdict

    PageLinkFilter(UrlFilterChain chain, String base, Metadata metadata) {
        this.chain = chain;
        this.base = base;
        this.metadata = metadata;
    }

    /** Resolves a link of the page against its base, then filters it: the same verdict as the chain's. */
    public FilterVerdict resolveAndFilter(String href) {
        String url;
        try {
            url = chain.normalizer().resolve(base, href);
        } catch (InvalidUrlException e) {
            // rare: let the chain fail on the href itself, so that the reason quotes the href as written
            return chain.resolveAndFilter(base, href, metadata);
        }
        FilterVerdict known = verdicts.get(url);
        if (known == null) {
            known = chain.filterNormalized(url, metadata);
            verdicts.put(url, known);
        } else if (!known.accepted()) {
            chain.rejected(known);
        }
        return known;
    }

    /**
     * Where the href's fragment starts (its length when it has none), when the href cut there resolves
     * exactly as the whole href does: the URL parser stops every part of a URL at the first '#' and drops
     * the fragment. Not when a space or control character precedes the '#': at the end of the cut href it
     * would be stripped, inside the whole href it is encoded.
     */
    public static int fragmentStart(String href) {
        int hash = href.indexOf('#');
        if (hash < 0 || (hash > 0 && href.charAt(hash - 1) <= ' ')) {
            return href.length();
        }
        return hash;
    }
}
