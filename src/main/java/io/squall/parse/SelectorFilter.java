package io.squall.parse;

import io.squall.api.Settings;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.jsoup.helper.W3CDom;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The {@code xpath} and {@code css} parse filters: each parameter names a metadata field and gives the
 * expression whose match is its value, either as a string (the text of the first match) or as a map
 * {@code {expr: ..., all: true, attr: href}} (all matches rather than the first; an attribute of the
 * matched elements rather than their text; {@code abs:href} resolves a link against the page). An XPath
 * that selects attributes or text ({@code //a/@href}, {@code //p/text()}) gives their values. Nothing
 * matched: the field is not set.
 */
final class SelectorFilter implements ParseFilter {
    enum Language { CSS, XPATH }

    private final Language language;
    private final Map<String, Field> fields = new LinkedHashMap<>();

    SelectorFilter(Language language) {
        this.language = language;
    }

    /** A field and its compiled expression (an {@link Evaluator} or an {@link XPathExpression}). */
    private record Field(Object expression, boolean all, String attr) {
    }

    @Override
    public void configure(Settings params) {
        for (String name : params.names()) {
            Object value = params.get(name);
            String expr;
            boolean all = false;
            String attr = null;
            if (value instanceof String s) {
                expr = s;
            } else if (value instanceof Map<?, ?> map && map.get("expr") instanceof String s
                    && map.keySet().stream().allMatch(k -> k.equals("expr") || k.equals("all") || k.equals("attr"))
                    && (map.get("all") == null || map.get("all") instanceof Boolean)
                    && (map.get("attr") == null || map.get("attr") instanceof String)) {
                expr = s;
                all = Boolean.TRUE.equals(map.get("all"));
                attr = (String) map.get("attr");
            } else {
                throw params.error(name, "expects an expression, or {expr: ..., all: true|false, attr: name}, got '"
                        + value + "'");
            }
            fields.put(name, new Field(compile(expr, name, params), all, attr));
        }
        if (fields.isEmpty()) {
            throw params.error("needs at least one field (params: {field: expression})");
        }
    }

    private Object compile(String expr, String name, Settings params) {
        if (language == Language.CSS) {
            return FilterExpressions.css(params, name, expr);
        }
        try {
            return XPathFactory.newInstance().newXPath().compile(expr);
        } catch (XPathExpressionException e) {
            String why = e.getMessage() != null ? e.getMessage() : String.valueOf(e.getCause());
            throw params.error(name, expr + " does not compile: " + FilterExpressions.firstLine(why));
        }
    }

    @Override
    public void filter(ParseContext page) {
        for (Map.Entry<String, Field> entry : fields.entrySet()) {
            Field field = entry.getValue();
            List<String> values = language == Language.CSS ? css(page, field) : xpath(page, field);
            if (!values.isEmpty()) {
                page.metadata().set(entry.getKey(), field.all ? values : values.subList(0, 1));
            }
        }
    }

    private static List<String> css(ParseContext page, Field field) {
        Evaluator evaluator = (Evaluator) field.expression;
        List<String> values = new ArrayList<>();
        if (field.all) {
            for (Element e : page.document().select(evaluator)) {
                addValue(values, e, field.attr);
            }
        } else {
            Element e = page.document().selectFirst(evaluator);
            if (e != null) {
                addValue(values, e, field.attr);
            }
        }
        return values;
    }

    private static List<String> xpath(ParseContext page, Field field) {
        XPathExpression expression = (XPathExpression) field.expression;
        List<String> values = new ArrayList<>();
        NodeList nodes;
        try {
            nodes = (NodeList) expression.evaluate(page.w3cDocument(), XPathConstants.NODESET);
        } catch (XPathExpressionException notNodes) {
            // An expression of a string, number or boolean (string(//title), count(//a)) has one value.
            try {
                String value = expression.evaluate(page.w3cDocument()).strip();
                if (!value.isEmpty()) {
                    values.add(value);
                }
                return values;
            } catch (XPathExpressionException e) {
                throw new IllegalStateException("XPath failed on the page: " + e.getMessage(), e);
            }
        }
        for (int i = 0; i < nodes.getLength() && (field.all || values.isEmpty()); i++) {
            Node node = nodes.item(i);
            if (node.getUserData(W3CDom.SourceProperty) instanceof Element e) {
                addValue(values, e, field.attr);
            } else if (field.attr == null) {
                String value = node.getNodeValue() == null ? "" : node.getNodeValue().strip();
                if (!value.isEmpty()) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    private static void addValue(List<String> values, Element e, String attr) {
        String value = attr == null ? e.text() : e.attr(attr).strip();
        if (!value.isEmpty()) {
            values.add(value);
        }
    }
}
