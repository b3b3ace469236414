package io.squall.api;

import java.util.function.UnaryOperator;
import org.jsoup.nodes.Element;

/**
 * A link found on a page, before the URL filters: as written ({@link #href}), with its anchor text, the
 * element it sits in, the priority its URL gets when it is discovered, and metadata of its own. Parse
 * filters see the page's outlinks as a mutable list ({@link ParseContext#outlinks()}): removing one drops
 * the link, {@link ParseContext#addOutlink} adds one. Every outlink, found or added, goes through the URL
 * filters before it is discovered.
 */
public final class Outlink {
    private final String href;
    private final String anchor;
    private final Element element;
    private final Metadata metadata = new Metadata();
    private int priority;
    private UnaryOperator<String> resolver;
    private String url;

    /**
     * A link as the parser finds it in a page; a filter adds one with {@link ParseContext#addOutlink}.
     *
     * @param element the link's element, or null for a link that no element of the page holds
     */
    public Outlink(String href, String anchor, Element element) {
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

    /**
     * The element of the link ({@code a}, {@code area}, {@code link}, {@code frame}, {@code iframe}): read it
     * only. Null for a link a filter added.
     */
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

    /** The priority the target is stored with when this page discovers it: higher is fetched first within its host. */
    public int priority() {
        return priority;
    }

    public void setPriority(int priority) {
        this.priority = priority;
    }

    /**
     * Metadata of this link's own, which its target is discovered with, on top of what every outlink of the
     * page gets (depth, parent, the keys of {@code metadata.transfer}). Empty unless a filter adds to it.
     */
    public Metadata metadata() {
        return metadata;
    }

    /** Set by the page that holds the link: how its href becomes a URL. */
    void resolveWith(UnaryOperator<String> resolver) {
        this.resolver = resolver;
    }

    @Override
    public String toString() {
        return href;
    }
}
