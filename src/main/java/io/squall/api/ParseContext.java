package io.squall.api;

import java.util.List;
import java.util.function.UnaryOperator;
import org.jsoup.helper.W3CDom;
import org.jsoup.nodes.Document;

/**
 * One parsed HTML page, as the parse filters see it: what they read (URL, document, text) and what they
 * may change (metadata, outlinks, whether the page is indexed and its links followed). Squall's parser
 * builds one per page; a test builds one with {@code io.squall.api.testing.TestPage}.
 */
public final class ParseContext {
    private final String url;
    private final Document document;
    private final String text;
    private final Metadata metadata;
    private final List<Outlink> outlinks;
    private final UnaryOperator<String> resolver;
    private boolean noIndex;
    private boolean noFollow;
    private org.w3c.dom.Document w3c;

    /**
     * @param outlinks the page's links, a mutable list
     * @param resolver how a link's href becomes a normalized absolute URL (null when it is not a valid URL)
     */
    public ParseContext(String url, Document document, String text, Metadata metadata, List<Outlink> outlinks,
            boolean noIndex, boolean noFollow, UnaryOperator<String> resolver) {
        this.url = url;
        this.document = document;
        this.text = text;
        this.metadata = metadata;
        this.outlinks = outlinks;
        this.noIndex = noIndex;
        this.noFollow = noFollow;
        this.resolver = resolver;
        outlinks.forEach(link -> link.resolveWith(resolver));
    }

    /** The page's URL, normalized. */
    public String url() {
        return url;
    }

    /** The page's DOM (jsoup): read it only, the parser has taken what it needs and later filters read it too. */
    public Document document() {
        return document;
    }

    /** The page's visible text, as it is indexed. */
    public String text() {
        return text;
    }

    /**
     * The page's metadata, to which a filter adds fields. A key named in {@code indexer.md.mapping} goes to
     * the content index; every key is also kept in the page's status document, except those under the
     * prefixes of {@code metadata.persist.exclude} (such as {@code parse.}) and those starting with "_".
     */
    public Metadata metadata() {
        return metadata;
    }

    /** The page's links in document order, a mutable list: remove one to drop it, set its priority to rank it. */
    public List<Outlink> outlinks() {
        return outlinks;
    }

    /**
     * Adds a link that the page does not hold as an element (found in a script, a data attribute, or made
     * from the page's URL), at the end of {@link #outlinks()}. It goes through the URL filters as every
     * outlink does; put metadata of its own on it with {@link Outlink#metadata()}.
     *
     * @param href an absolute URL, or one relative to the page's base URL
     */
    public Outlink addOutlink(String href) {
        Outlink link = new Outlink(href, "", null);
        link.resolveWith(resolver);
        outlinks.add(link);
        return link;
    }

    /** Whether the page stays out of the content index (a robots noindex, or a filter said so). */
    public boolean noIndex() {
        return noIndex;
    }

    /** Keeps the page out of the content index (it is still FETCHED, and its links still followed). */
    public void setNoIndex() {
        this.noIndex = true;
    }

    /** Whether none of the page's links is followed (a robots nofollow, or a filter said so). */
    public boolean noFollow() {
        return noFollow;
    }

    /** Follows none of the page's links. */
    public void setNoFollow() {
        this.noFollow = true;
    }

    /** The page as a W3C DOM, for XPath: built on first use and shared by the page's filters. Read it only. */
    public org.w3c.dom.Document w3cDocument() {
        if (w3c == null) {
            // Without namespaces, as jsoup's own selectXpath: //p matches the page's p elements.
            w3c = new W3CDom().namespaceAware(false).fromJsoup(document);
        }
        return w3c;
    }
}
