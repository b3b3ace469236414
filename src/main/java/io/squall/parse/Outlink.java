package io.squall.parse;

import java.util.function.UnaryOperator;
import org.jsoup.nodes.Element;

/**
 * A link found on a page, before the URL filters: as written ({@link #href}), with its anchor text, the
 * element it sits in, and the priority its URL gets when it is discovered. Parse filters see the page's
 * outlinks as a mutable list ({@link ParseContext#outlinks()}): removing one drops the link.
 */
public final class Outlink {
    private final String href;
    private final String anchor;
    private final Element element;
    private int priority;
    private UnaryOperator<String> resolver;
    private String url;

    Outlink(String href, String anchor, Element element) {
        this.href = href;
        this.anchor = anchor;
        this.element = element;
    }

    /** The link's target as written in the page, relative to the page's base URL. */
    public String href() {
        return href;
    }

    /** The text a reader clicks (an area's alt text); empty when none. */
    public String anchor() {
        return anchor;
    }

    /** The element of the link ({@code a}, {@code area}, {@code link}, {@code frame}, {@code iframe}): read it only. */
    public Element element() {
        return element;
    }

    /**
     * The link's target resolved against the page's base URL and normalized, or null when it is not a
     * valid URL. Computed on the first call.
     */
    public String url() {
        if (url == null && resolver != null) {
            url = resolver.apply(href);
            resolver = null;
        }
        return url;
    }

    /**
     * Whether the link announces a feed: a {@code <link rel="alternate">} of type
     * {@code application/rss+xml} or {@code application/atom+xml}. Its target is discovered with isFeed.
     */
    public boolean isFeed() {
        return element.normalName().equals("link") && FeedParser.isFeedType(element.attr("type"));
    }

    /** The priority the target is stored with when this page discovers it: higher is fetched first within its host. */
    public int priority() {
        return priority;
    }

    public void setPriority(int priority) {
        this.priority = priority;
    }

    void resolveWith(UnaryOperator<String> resolver) {
        this.resolver = resolver;
    }

    @Override
    public String toString() {
        return href;
    }
}
