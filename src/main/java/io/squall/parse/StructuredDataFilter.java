package io.squall.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.api.Settings;
import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * The {@code structured} parse filter: fields from the data a page declares for machines. Each parameter
 * names a metadata field and says where its values come from:
 * <ul>
 *   <li>{@code jsonld:Type.path.to.value}: in the page's JSON-LD scripts, every object whose
 *       {@code @type} is (or includes) {@code Type}, wherever it is nested, followed along the path; arrays
 *       on the way give all their elements ({@code jsonld:Product.offers.price});</li>
 *   <li>{@code og:title} (any {@code og:} property) or {@code property:name}: the content of
 *       {@code <meta property=...>} (OpenGraph and the like);</li>
 *   <li>{@code meta:name}: the content of {@code <meta name=...>} (case-insensitive name).</li>
 * </ul>
 * A field gets all the distinct values found, in document order; none found: not set. A JSON-LD script that
 * is not valid JSON is skipped.
 */
final class StructuredDataFilter implements ParseFilter {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record JsonLdPath(String type, List<String> path) {
    }

    private final Map<String, JsonLdPath> jsonLd = new LinkedHashMap<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final Map<String, String> metaNames = new LinkedHashMap<>();

    @Override
    public void configure(Settings params) {
        for (String field : params.names()) {
            String source = params.getString(field, "");
            if (source.startsWith("jsonld:")) {
                String[] parts = source.substring("jsonld:".length()).split("\\.", -1);
                if (parts.length < 2 || List.of(parts).contains("")) {
                    throw params.error(field, "expects jsonld:Type.path (such as jsonld:Product.offers.price), got '"
                            + source + "'");
                }
                jsonLd.put(field, new JsonLdPath(parts[0], List.of(parts).subList(1, parts.length)));
            } else if (source.startsWith("og:") && source.length() > 3) {
                properties.put(field, source);
            } else if (source.startsWith("property:") && source.length() > 9) {
                properties.put(field, source.substring("property:".length()));
            } else if (source.startsWith("meta:") && source.length() > 5) {
                metaNames.put(field, source.substring("meta:".length()));
            } else {
                throw params.error(field, "expects jsonld:Type.path, og:name, property:name or meta:name, got '"
                        + source + "'");
            }
        }
        if (params.names().isEmpty()) {
            throw params.error("needs at least one field (params: {field: source})");
        }
    }

    @Override
    public void filter(ParseContext page) {
        if (!properties.isEmpty() || !metaNames.isEmpty()) {
            for (Element meta : page.document().getElementsByTag("meta")) {
                properties.forEach((field, property) -> {
                    if (meta.attr("property").equals(property)) {
                        addContent(page, field, meta);
                    }
                });
                metaNames.forEach((field, name) -> {
                    if (meta.attr("name").equalsIgnoreCase(name)) {
                        addContent(page, field, meta);
                    }
                });
            }
        }
        if (!jsonLd.isEmpty()) {
            List<JsonNode> roots = jsonLdScripts(page);
            jsonLd.forEach((field, path) -> {
                Set<String> values = new LinkedHashSet<>();
                for (JsonNode root : roots) {
                    collectTyped(root, path, values);
                }
                if (!values.isEmpty()) {
                    page.metadata().set(field, new ArrayList<>(values));
                }
            });
        }
    }

    private static void addContent(ParseContext page, String field, Element meta) {
        String content = meta.attr("content").strip();
        if (!content.isEmpty() && !page.metadata().getValues(field).contains(content)) {
            page.metadata().add(field, content);
        }
    }

    private static List<JsonNode> jsonLdScripts(ParseContext page) {
        List<JsonNode> roots = new ArrayList<>();
        for (Element script : page.document().select("script[type=application/ld+json]")) {
            try {
                roots.add(JSON.readTree(script.data()));
            } catch (JsonProcessingException notJson) {
                // the page's own mistake: its other scripts and fields still count
            }
        }
        return roots;
    }

    /** Walks the tree for objects of the path's type and collects the values at its path under them. */
    private static void collectTyped(JsonNode node, JsonLdPath path, Set<String> values) {
        if (node.isArray()) {
            node.forEach(child -> collectTyped(child, path, values));
        } else if (node.isObject()) {
            if (hasType(node, path.type())) {
                collectPath(node, path.path(), 0, values);
            }
            node.forEach(child -> collectTyped(child, path, values));
        }
    }

    private static boolean hasType(JsonNode node, String type) {
        JsonNode t = node.get("@type");
        if (t == null) {
            return false;
        }
        if (t.isArray()) {
            for (JsonNode one : t) {
                if (type.equals(one.asText())) {
                    return true;
                }
            }
            return false;
        }
        return type.equals(t.asText());
    }

    private static void collectPath(JsonNode node, List<String> path, int step, Set<String> values) {
        if (node.isArray()) {
            node.forEach(child -> collectPath(child, path, step, values));
        } else if (step == path.size()) {
            if (node.isValueNode() && !node.asText().isBlank()) {
                values.add(node.asText().strip());
            }
        } else if (node.isObject() && node.has(path.get(step))) {
            collectPath(node.get(path.get(step)), path, step + 1, values);
        }
    }
}
