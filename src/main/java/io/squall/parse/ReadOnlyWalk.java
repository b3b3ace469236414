package io.squall.parse;

import org.jsoup.nodes.Node;
import org.jsoup.select.NodeVisitor;

/**
 * Visits a subtree depth-first, in the order and with the depths jsoup's NodeTraversor gives, for
 * visitors that only read the tree. NodeTraversor also copes with a visitor removing or replacing the
 * node it is at, which costs it several more calls per node: on large pages, as much as the visitors
 * themselves (docs/benchmarks.md, "Settings compared").
 */
final class ReadOnlyWalk {
    private ReadOnlyWalk() {
    }

    static void walk(Node root, NodeVisitor visitor) {
        Node node = root;
        int depth = 0;
        while (true) {
            visitor.head(node, depth);
            if (node.childNodeSize() > 0) {
                node = node.childNode(0);
                depth++;
                continue;
            }
            while (true) { // up to the next sibling of the node or of its nearest ancestor that has one
                visitor.tail(node, depth);
                if (node == root) {
                    return;
                }
                Node next = node.nextSibling();
                if (next != null) {
                    node = next;
                    break;
                }
                node = node.parentNode();
                depth--;
            }
        }
    }
}
