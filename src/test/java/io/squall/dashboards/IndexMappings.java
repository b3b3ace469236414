package io.squall.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The fields of the indices Squall creates, from es-conf/*.json: dotted path to OpenSearch type. */
final class IndexMappings {
    static final Set<String> NUMBERS = Set.of("integer", "long", "double", "float", "short");

    /** Which definition the default index names of Squall (the patterns the dashboards use) come from. */
    static final Map<String, String> DEFINITION_OF_PATTERN =
            Map.of("status", "status.json", "content", "content.json", "metrics-*", "metrics.json",
                    "hosts", "hosts.json");

    private IndexMappings() {
    }

    static Map<String, String> fieldTypes(String definitionFile) {
        try {
            JsonNode properties = new ObjectMapper().readTree(Path.of("es-conf", definitionFile).toFile())
                    .path("mappings").path("properties");
            Map<String, String> types = new LinkedHashMap<>();
            collect(properties, "", types);
            return types;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void collect(JsonNode properties, String prefix, Map<String, String> types) {
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getValue().has("properties")) {
                collect(field.getValue().path("properties"), prefix + field.getKey() + ".", types);
            } else {
                types.put(prefix + field.getKey(), field.getValue().path("type").asText());
            }
        }
    }
}
