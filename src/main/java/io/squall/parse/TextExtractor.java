package io.squall.parse;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeVisitor;

/**
 * The text a reader sees: text nodes of the document (or of the elements matching the include selectors),
 * without head, script, style, noscript, template and the elements matching the exclude selectors;
 * whitespace collapsed, block elements separated by a space; cut after {@code maxChars} (-1 for all).
 *
 * <p>Without selectors, the text is collected during the parser's single walk over the document
 * ({@link #collector()} fed by it), which saves a second walk over large pages.
 */
final class TextExtractor {

    private final List<String> includeSelectors;
    private final List<String> excludeSelectors;
    private final int maxChars;

    TextExtractor(List<String> includeSelectors, List<String> excludeSelectors, int maxChars) {
        this.includeSelectors = List.copyOf(includeSelectors);
        this.excludeSelectors = List.copyOf(excludeSelectors);
        this.maxChars = maxChars;
    }

    /** Whether the text depends on selectors, so it needs its own walk ({@link #text(Document)}). */
    boolean usesSelectors() {
        return !includeSelectors.isEmpty() || !excludeSelectors.isEmpty();
    }

    /**
     * A collector for the whole document, to be fed every node by a walk from the root.
     *
     * @param contentBytes the size of the page: its visible text is mostly a fifth to a quarter of it
     */
    Collector collector(int contentBytes) {
        return new Collector(Set.of(), maxChars < 0 ? Integer.MAX_VALUE : maxChars, contentBytes / 4);
    }

    /** The text with the selectors applied, in a walk of its own. */
    String text(Document doc) {
        Set<Element> excluded = Collections.newSetFromMap(new IdentityHashMap<>());
        for (String selector : excludeSelectors) {
            excluded.addAll(doc.select(selector));
        }
        List<Element> roots = includeSelectors.isEmpty() ? List.of(doc)
                : includeSelectors.stream().flatMap(s -> doc.select(s).stream()).toList();
        Collector collector = new Collector(excluded, maxChars < 0 ? Integer.MAX_VALUE : maxChars, 16);
        for (Element root : roots) {
            ReadOnlyWalk.walk(root, collector);
            collector.space();
        }
        return collector.result();
    }

    /**
     * Elements whose text a reader does not see: script, style, noscript, template, head and title. Told
     * by length first: asked for every element of every page, where a set lookup showed in profiles.
     */
    private static boolean isInvisible(String name) {
        return switch (name.length()) {
            case 4 -> name.equals("head");
            case 5 -> name.equals("style") || name.equals("title");
            case 6 -> name.equals("script");
            case 8 -> name.equals("noscript") || name.equals("template");
            default -> false;
        };
    }

    static final class Collector implements NodeVisitor {
        private final Set<Element> excluded;
        private final int max;
        private final CollapsedText out;
        private Node skipped; // the invisible element whose subtree is being walked, or null

        Collector(Set<Element> excluded, int max, int expectedLength) {
            this.excluded = excluded;
            this.max = max;
            this.out = new CollapsedText(max, expectedLength);
        }

        @Override
        public void head(Node node, int depth) {
            if (skipped != null || out.isFull()) {
                return;
            }
            if (node instanceof TextNode text) {
                out.append(text.getWholeText());
            } else if (node instanceof Element e) {
                if (isInvisible(e.normalName()) || (!excluded.isEmpty() && excluded.contains(e))) {
                    skipped = e;
                } else if (e.isBlock() || e.normalName().equals("br")) {
                    out.space();
                }
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node == skipped) {
                skipped = null;
            } else if (skipped == null && node instanceof Element e && e.isBlock()) {
                out.space();
            }
        }

        void space() {
            out.space();
        }

        String result() {
            String text = out.toString();
            return text.length() > max ? text.substring(0, max) : text;
        }
    }
}
