package io.squall.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;

/**
 * Documents as CSV rows, written by commons-csv as RFC 4180 has them (comma-separated, CRLF line ends, a
 * field holding a comma, a quote or a line break quoted, its quotes doubled). The columns are dotted field
 * paths ({@code metadata.fetch.statusCode}); a document's nested objects and dotted keys both reach them. A
 * list of one value is written as that value, a longer list or an object as JSON; a field the document lacks
 * is empty.
 */
final class CsvRows {
    private final List<String> columns;

    CsvRows(List<String> columns) {
        this.columns = List.copyOf(columns);
    }

    String header() {
        return line(columns);
    }

    String row(JsonNode document) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        flatten("", document, fields);
        List<String> cells = new ArrayList<>(columns.size());
        for (String column : columns) {
            cells.add(text(fields.get(column)));
        }
        return line(cells);
    }

    private static void flatten(String prefix, JsonNode node, Map<String, JsonNode> into) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String path = prefix + field.getKey();
            if (field.getValue().isObject()) {
                flatten(path + ".", field.getValue(), into);
            } else {
                into.put(path, field.getValue());
            }
        }
    }

    private static String text(JsonNode value) {
        if (value == null || value.isNull()) {
            return "";
        }
        if (value.isArray() && value.size() == 1 && value.get(0).isValueNode()) {
            return text(value.get(0));
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    private static String line(List<String> cells) {
        StringBuilder line = new StringBuilder();
        try {
            CSVFormat.RFC4180.printRecord(line, cells.toArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return line.toString();
    }
}
