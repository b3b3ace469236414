package io.squall.frontier;

import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch._types.FieldValue;

/** A due URL read from the status index: its document's fields and the hit's sort values (a cursor). */
record StatusHit(String url, String key, String nextFetchDate, Map<String, ?> metadata, List<FieldValue> sort) {
}
