package io.squall.parse;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * The text a reader sees: text nodes of the body (or of the elements matching the include selectors),
 * without script, style, noscript, template and the elements matching the exclude selectors; whitespace
 * collapsed, block elements separated by a space; cut after {@code maxChars} (-1 for all), which also
 * stops the walk early on huge pages.
 */
final class TextExtractor {
    private static final Set<String> INVISIBLE = Set.of("script", "style", "noscript", "template", "head", "title");

    private final List<String> includeSelectors;
    private final List<String> excludeSelectors;
    private final int maxChars;

    TextExtractor(List<String> includeSelectors, List<String> excludeSelectors, int maxChars) {
        this.includeSelectors = List.copyOf(includeSelectors);
        this.excludeSelectors = List.copyOf(excludeSelectors);
        this.maxChars = maxChars;
    }

    String text(Document doc) {
        Set<Element> excluded = Collections.newSetFromMap(new IdentityHashMap<>());
        for (String selector : excludeSelectors) {
            excluded.addAll(doc.select(selector));
        }
        Elements roots = new Elements();
        for (String selector : includeSelectors) {
            roots.addAll(doc.select(selector));
        }
        if (includeSelectors.isEmpty()) {
            roots.add(doc.body() == null ? doc : doc.body());
        }
        Collector collector = new Collector(excluded, maxChars < 0 ? Integer.MAX_VALUE : maxChars);
        for (Element root : roots) {
            if (NodeTraversor.filter(collector, root) == NodeFilter.FilterResult.STOP) {
                break;
            }
            collector.space();
        }
        return collector.result();
    }

    private static final class Collector implements NodeFilter {
        private final Set<Element> excluded;
        private final int max;
        private final StringBuilder out = new StringBuilder();
        private boolean pendingSpace;

        Collector(Set<Element> excluded, int max) {
            this.excluded = excluded;
            this.max = max;
        }

        @Override
        public FilterResult head(Node node, int depth) {
            if (node instanceof TextNode text) {
                append(text.getWholeText());
                return out.length() >= max ? FilterResult.STOP : FilterResult.CONTINUE;
            }
            if (node instanceof Element e) {
                if (INVISIBLE.contains(e.normalName()) || (!excluded.isEmpty() && excluded.contains(e))) {
                    return FilterResult.SKIP_ENTIRELY;
                }
                if (e.isBlock() || e.normalName().equals("br")) {
                    space();
                }
            }
            return FilterResult.CONTINUE;
        }

        @Override
        public FilterResult tail(Node node, int depth) {
            if (node instanceof Element e && e.isBlock()) {
                space();
            }
            return FilterResult.CONTINUE;
        }

        void space() {
            pendingSpace = true;
        }

        private void append(String text) {
            for (int i = 0; i < text.length() && out.length() < max; i++) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c) || c == '\u00a0') {
                    pendingSpace = true;
                } else {
                    if (pendingSpace && out.length() > 0) {
                        out.append(' ');
                    }
                    pendingSpace = false;
                    out.append(c);
                }
            }
        }

        String result() {
            return out.length() > max ? out.substring(0, max) : out.toString();
        }
    }
}
