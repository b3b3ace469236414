package io.squall.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.config.CrawlerConfig;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The metadata keys Squall stores in the status index against the index's definition. OpenSearch maps a
 * dotted key as objects, so a key that is also the start of another ("a.b" and "a.b.c") makes it refuse
 * the whole document; and a key not declared in es-conf/status.json makes the first crawl wait for a
 * mapping update.
 */
class MetadataKeysMappingTest {

    /** Every key of {@link MetadataKeys} that the status writer keeps (not transient, not excluded by default). */
    private static List<String> persistedKeys() throws IllegalAccessException {
        List<String> excluded = CrawlerConfig.defaults().getStringList("metadata.persist.exclude");
        List<String> keys = new ArrayList<>();
        for (Field f : MetadataKeys.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String key = (String) f.get(null);
                if (!key.startsWith("_") && excluded.stream().noneMatch(key::startsWith)) {
                    keys.add(key);
                }
            }
        }
        return keys;
    }

    @Test
    void noStoredKeyIsAlsoTheStartOfAnother() throws Exception {
        List<String> keys = persistedKeys();
        for (String key : keys) {
            for (String other : keys) {
                assertTrue(!other.startsWith(key + "."), "'" + key + "' and '" + other + "' cannot both be fields");
            }
        }
    }

    /**
     * A keyword, or a number or date that tolerates a value that does not parse: metadata values come from
     * seeds and pages too, and a refused document would fail its URL.
     */
    @Test
    void everyStoredKeyIsDeclaredInTheStatusIndexAsAKeywordOrAsATolerantNumberOrDate() throws Exception {
        JsonNode metadata = new ObjectMapper().readTree(Path.of("es-conf", "status.json").toFile())
                .path("mappings").path("properties").path("metadata");
        for (String key : persistedKeys()) {
            JsonNode field = metadata;
            for (String part : key.split("\\.")) {
                field = field.path("properties").path(part);
            }
            String type = field.path("type").asText();
            if (!type.equals("keyword")) {
                assertTrue(List.of("integer", "long", "date").contains(type), "metadata." + key + ": " + type);
                assertTrue(field.path("ignore_malformed").asBoolean(), "metadata." + key + " ignores malformed values");
            }
        }
    }
}
