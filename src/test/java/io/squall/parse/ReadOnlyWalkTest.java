package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;
import org.junit.jupiter.api.Test;

class ReadOnlyWalkTest {
    /** Writes down every call, with the node's identity and depth. */
    private static final class Calls implements NodeVisitor {
        final List<String> calls = new ArrayList<>();

        @Override
        public void head(Node node, int depth) {
            calls.add("head " + System.identityHashCode(node) + " " + node.nodeName() + " " + depth);
        }

        @Override
        public void tail(Node node, int depth) {
            calls.add("tail " + System.identityHashCode(node) + " " + node.nodeName() + " " + depth);
        }
    }

    @Test
    void visitsLikeNodeTraversorOnHandWrittenPages() {
        for (String html : List.of("", "text only", "<p>a<b>b<i>c</i></b>d</p><!-- c --><p></p>",
                "<html><head><title>t</title><script>x</script></head><body><div><ul><li>1<li>2</ul></div>e</body></html>",
                "<table><tr><td>1<td><table><tr><td>2</table></table><br><img src=x>tail",
                "<div>".repeat(2000) + "deep" + "</div>".repeat(2000))) {
            Document doc = Jsoup.parse(html);
            assertSameCalls(doc);
            for (Element e : doc.getAllElements()) {
                assertSameCalls(e); // from any element: its subtree only, not its siblings
            }
        }
    }

    @Test
    void visitsLikeNodeTraversorOnRandomPages() {
        Random random = new Random(3);
        List<String> pieces = List.of("<div>", "</div>", "<p>", "<span>", "</span>", "text ", "<br>", "<!--c-->",
                "<a href=x>", "</a>", "<ul><li>", "<table><tr><td>", "</table>", "<script>s</script>", "&amp;", "\n");
        for (int i = 0; i < 300; i++) {
            StringBuilder html = new StringBuilder();
            for (int k = random.nextInt(60); k >= 0; k--) {
                html.append(pieces.get(random.nextInt(pieces.size())));
            }
            Document doc = Jsoup.parse(html.toString());
            assertSameCalls(doc);
            assertSameCalls(doc.body());
        }
    }

    private static void assertSameCalls(Node root) {
        Calls expected = new Calls();
        NodeTraversor.traverse(expected, root);
        Calls actual = new Calls();
        ReadOnlyWalk.walk(root, actual);
        assertEquals(expected.calls, actual.calls);
    }
}
