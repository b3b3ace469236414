package io.squall.cli;

import io.squall.opensearch.OpenSearchErrors;
import io.squall.opensearch.OpenSearchUnavailableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.mapping.Property;
import org.opensearch.client.opensearch.indices.GetMappingResponse;

/**
 * The CSV columns of an index: every field its mapping holds (dynamic fields included, as they were mapped
 * when first written), as dotted paths, {@code url} first and the others in alphabetical order. Read from the
 * mapping so that a streamed export knows its columns before the first document.
 */
final class IndexColumns {
    private IndexColumns() {
    }

    static List<String> of(OpenSearchClient client, String index) {
        GetMappingResponse response;
        try {
            response = client.indices().getMapping(g -> g.index(index));
        } catch (IOException e) {
            throw new OpenSearchUnavailableException("cannot read the mapping of index '" + index + "': "
                    + OpenSearchErrors.describe(e), e);
        }
        List<String> columns = new ArrayList<>();
        // One entry, under the index's own name even when 'index' is an alias.
        response.result().values().forEach(m -> collect("", m.mappings().properties(), columns));
        return ordered(columns);
    }

    static List<String> ordered(List<String> columns) {
        List<String> sorted = new ArrayList<>(columns.stream().distinct().sorted().toList());
        if (sorted.remove("url")) {
            sorted.add(0, "url");
        }
        return sorted;
    }

    private static void collect(String prefix, Map<String, Property> properties, List<String> into) {
        properties.forEach((name, property) -> {
            if (property.isObject()) {
                collect(prefix + name + ".", property.object().properties(), into);
            } else {
                into.add(prefix + name);
            }
        });
    }
}
