package io.squall.parse;

import io.squall.api.Outlink;
import io.squall.config.CrawlerConfig;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.UrlNormalizer;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.jsoup.select.NodeVisitor;

/**
 * Parses an HTML page with jsoup: charset ({@link CharsetSniffer}), title, description, keywords,
 * canonical URL, language, robots directives, meta refresh, links (a, area, link rel=alternate/next/prev,
 * the feeds a link rel=alternate announces, frames and iframes) relative to the page's {@code <base href>}, and the visible text.
 * Thread-safe; holds no state between pages.
 */
public final class HtmlParser {
    private static final int MAX_ANCHOR_CHARS = 200;

    private final UrlNormalizer normalizer;
    private final boolean followFrames;
    private final boolean honourNofollow;
    private final TextExtractor textExtractor;

    public HtmlParser(UrlNormalizer normalizer, boolean followFrames, boolean honourNofollow,
            List<String> textIncludeSelectors, List<String> textExcludeSelectors, int textMaxChars) {
        this.normalizer = normalizer;
        this.followFrames = followFrames;
        this.honourNofollow = honourNofollow;
        this.textExtractor = new TextExtractor(textIncludeSelectors, textExcludeSelectors, textMaxChars);
    }

    /** Reads parser.follow.frames, parser.nofollow and the textextractor.* keys. */
    public static HtmlParser fromConfig(CrawlerConfig config, UrlNormalizer normalizer) {
        return new HtmlParser(normalizer, config.getBoolean("parser.follow.frames"),
                config.getBoolean("parser.nofollow"), config.getStringList("textextractor.include.pattern"),
                config.getStringList("textextractor.exclude.tags"), config.getInt("textextractor.skip.after"));
    }

    /**
     * @param url the page's URL, normalized
     * @param contentType the HTTP Content-Type, or null
     * @param robotsHeaders the values of the X-Robots-Tag header (possibly none)
     */
    public ParsedPage parse(String url, byte[] content, String contentType, List<String> robotsHeaders) {
        CharsetSniffer.Result charset = CharsetSniffer.sniff(content, contentType);
        Document doc = Parser.htmlParser().parseInput(charset.reader(content), url);
        Scan scan = scan(doc, content.length);
        if (charset.tentative() && scan.declaredCharset != null && !scan.declaredCharset.equals(charset.charset())) {
            // The standard's "change the encoding": a <meta> the prescan did not see (beyond its 1,024 bytes,
            // or behind one it misread) names another encoding while the current one is a guess, so a
            // browser reads the page again in the declared one. Once only: the encoding is then certain.
            charset = charset.changedTo(scan.declaredCharset);
            doc = Parser.htmlParser().parseInput(charset.reader(content), url);
            scan = scan(doc, content.length);
        }
        TextExtractor.Collector text = scan.text;

        String base = url;
        if (scan.baseHref != null) {
            base = resolveOrNull(url, scan.baseHref);
            base = base == null ? url : base;
        }
        RobotsDirectives robots = RobotsDirectives.NONE.with(scan.robots);
        for (String header : robotsHeaders) {
            robots = robots.with(header);
        }
        String canonical = scan.canonical == null ? null : resolveOrNull(base, scan.canonical);
        String refresh = scan.refresh == null ? null : refreshTarget(base, scan.refresh);
        if (url.equals(refresh)) {
            refresh = null; // a page that reloads itself is not a redirect
        }
        return new ParsedPage(charset.charset().name(), charset.source(), base, doc.title(), scan.description,
                scan.keywords, canonical, scan.language, text == null ? textExtractor.text(doc) : text.result(), robots, refresh, scan.links,
                doc);
    }

    private Scan scan(Document doc, int contentLength) {
        TextExtractor.Collector text = textExtractor.usesSelectors() ? null : textExtractor.collector(contentLength);
        Scan scan = new Scan(text);
        ReadOnlyWalk.walk(doc, scan);
        return scan;
    }

    private String resolveOrNull(String base, String href) {
        try {
            return normalizer.resolve(base, href);
        } catch (InvalidUrlException e) {
            return null;
        }
    }

    /** The URL of a refresh content such as {@code 0; url='/next'}, or null when it only reloads. */
    private String refreshTarget(String base, String content) {
        int i = 0;
        int n = content.length();
        while (i < n && (Character.isDigit(content.charAt(i)) || content.charAt(i) == '.' || content.charAt(i) == ' ')) {
            i++;
        }
        while (i < n && (content.charAt(i) == ';' || content.charAt(i) == ',' || content.charAt(i) == ' ')) {
            i++;
        }
        String rest = content.substring(i);
        if (rest.regionMatches(true, 0, "url", 0, 3)) {
            String afterUrl = rest.substring(3).stripLeading();
            if (afterUrl.startsWith("=")) {
                rest = afterUrl.substring(1).strip();
            }
        }
        if (rest.length() >= 2 && (rest.charAt(0) == '\'' || rest.charAt(0) == '"')) {
            int close = rest.indexOf(rest.charAt(0), 1);
            rest = rest.substring(1, close < 0 ? rest.length() : close);
        }
        return rest.isBlank() ? null : resolveOrNull(base, rest);
    }

    /** One walk over the document collecting links, head metadata and (without selectors) the text. */
    private final class Scan implements NodeVisitor {
        final List<Outlink> links = new ArrayList<>();
        final TextExtractor.Collector text;
        /** The open anchor's text, collapsed as it comes (as clip() collapses an alt text). */
        final CollapsedText anchorText = new CollapsedText(MAX_ANCHOR_CHARS);
        /** Characters of the open anchor's text nodes taken so far, whitespace included. */
        int anchorRawChars;
        Element openAnchor;
        String baseHref;
        String description;
        String keywords;
        String canonical;
        String language;
        String robots;
        String refresh;
        /** The encoding the first {@code <meta>} declaring one names, as the parser meets it. */
        Charset declaredCharset;

        Scan(TextExtractor.Collector text) {
            this.text = text;
        }

        @Override
        public void tail(Node node, int depth) {
            if (text != null) {
                text.tail(node, depth);
            }
            if (node == openAnchor) {
                links.add(new Outlink(openAnchor.attr("href"), anchorText.toString(), openAnchor));
                openAnchor = null;
            }
        }

        @Override
        public void head(Node node, int depth) {
            if (text != null) {
                text.head(node, depth);
            }
            if (node instanceof TextNode t) {
                if (openAnchor != null && anchorRawChars < MAX_ANCHOR_CHARS) {
                    String piece = t.getWholeText();
                    anchorRawChars += piece.length();
                    anchorText.append(piece);
                }
                return;
            }
            if (!(node instanceof Element e)) {
                return;
            }
            String name = e.normalName();
            if (name.length() != 1 && (name.length() < 4 || name.length() > 6)) {
                return; // not one of the names below: most elements, told apart without hashing their name
            }
            switch (name) {
                case "a" -> {
                    // its text is collected on the way down and the link added at its end, in document order
                    if (openAnchor == null && e.hasAttr("href") && !isNofollow(e)) {
                        openAnchor = e;
                        anchorText.clear();
                        anchorRawChars = 0;
                    }
                }
                case "area" -> {
                    if (e.hasAttr("href") && !isNofollow(e)) {
                        links.add(new Outlink(e.attr("href"), clip(e.attr("alt")), e));
                    }
                }
                case "frame", "iframe" -> {
                    if (followFrames && e.hasAttr("src")) {
                        links.add(new Outlink(e.attr("src"), "", e));
                    }
                }
                case "link" -> linkElement(e);
                case "meta" -> meta(e);
                case "base" -> {
                    if (baseHref == null && e.hasAttr("href")) {
                        baseHref = e.attr("href");
                    }
                }
                case "html" -> {
                    if (language == null && !e.attr("lang").isBlank()) {
                        language = e.attr("lang").trim();
                    }
                }
                default -> {
                }
            }
        }

        private void link(Element e, String attribute) {
            if (e.hasAttr(attribute) && !isNofollow(e)) {
                links.add(new Outlink(e.attr(attribute), "", e));
            }
        }

        private void linkElement(Element e) {
            if (hasRel(e, "canonical")) {
                if (canonical == null && e.hasAttr("href")) {
                    canonical = e.attr("href");
                }
            } else if (hasRel(e, "next") || hasRel(e, "prev")
                    || (hasRel(e, "alternate") && (e.attr("type").isEmpty() || e.attr("type").contains("html")
                            || FeedParser.isFeedType(e.attr("type"))))) {
                link(e, "href");
            }
        }

        private void meta(Element e) {
            if (declaredCharset == null) {
                declaredCharset = MetaCharset.declaredBy(e);
            }
            String name = e.attr("name").toLowerCase(Locale.ROOT);
            String httpEquiv = e.attr("http-equiv").toLowerCase(Locale.ROOT);
            String content = e.attr("content");
            switch (name) {
                case "description" -> description = description == null ? content.trim() : description;
                case "keywords" -> keywords = keywords == null ? content.trim() : keywords;
                case "robots" -> robots = robots == null ? content : robots + "," + content;
                default -> {
                }
            }
            if (httpEquiv.equals("refresh") && refresh == null) {
                refresh = content;
            } else if (httpEquiv.equals("content-language") && language == null && !content.isBlank()) {
                language = content.trim();
            }
        }

        private boolean isNofollow(Element e) {
            return honourNofollow && hasRel(e, "nofollow");
        }
    }

    /** Whether the element's rel attribute (space-separated tokens, any case) holds the token. */
    private static boolean hasRel(Element e, String token) {
        String rel = e.attr("rel");
        int n = rel.length();
        int i = 0;
        while (i < n) { // tokens by hand: a regex split per link element showed in profiles
            while (i < n && isRelSpace(rel.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !isRelSpace(rel.charAt(i))) {
                i++;
            }
            if (i - start == token.length() && rel.regionMatches(true, start, token, 0, token.length())) {
                return true;
            }
        }
        return false;
    }

    /** The separators of rel tokens: what the regex {@code \s} matches (space, \t to \r). */
    private static boolean isRelSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** The anchor with whitespace collapsed, at most MAX_ANCHOR_CHARS long. */
    private static String clip(String anchor) {
        CollapsedText out = new CollapsedText(MAX_ANCHOR_CHARS);
        out.append(anchor);
        return out.toString();
    }
}
