package io.squall.parse;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeVisitor;

/**
 * The text that is a page's content, for its fingerprint: the {@code <main>} element's (or the
 * {@code role="main"} one's) when the page marks one, else the body's, without what repeats across a site's
 * pages or changes on every request rather than with the content: navigation, headers and footers, asides,
 * forms, and what a reader does not see (scripts, styles, templates).
 */
final class MainText {
    private MainText() {
    }

    static String of(Document document) {
        Element main = document.selectFirst("main, [role=main]");
        Element root = main != null ? main : document.body() != null ? document.body() : document;
        Collector collector = new Collector(root);
        ReadOnlyWalk.walk(root, collector);
        return collector.text.toString();
    }

    /** Whether an element's text is left out: boilerplate by its tag or its ARIA role, or invisible. */
    static boolean isLeftOut(Element element) {
        switch (element.normalName()) {
            case "nav", "header", "footer", "aside", "form", "select", "button", "script", "style", "noscript",
                    "template", "head", "iframe", "svg" -> {
                return true;
            }
            default -> {
                String role = element.attributes().getIgnoreCase("role");
                return switch (role) {
                    case "navigation", "banner", "contentinfo", "complementary", "search" -> true;
                    default -> false;
                };
            }
        }
    }

    /** Collects text nodes outside the elements left out (read-only walk: the subtree is passed over). */
    private static final class Collector implements NodeVisitor {
        final StringBuilder text = new StringBuilder();
        private final Node root;
        private Node skipped; // the element left out whose subtree is being walked, or null

        Collector(Node root) {
            this.root = root;
        }

        @Override
        public void head(Node node, int depth) {
            if (skipped != null) {
                return;
            }
            if (node instanceof TextNode textNode) {
                text.append(textNode.getWholeText()).append(' ');
            } else if (node != root && node instanceof Element element && isLeftOut(element)) {
                skipped = element;
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node == skipped) {
                skipped = null;
            }
        }
    }
}
