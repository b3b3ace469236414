package io.squall.parse;

import io.squall.api.Metadata;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads HTTP response headers kept in metadata. The fetcher stores them under the header's name; the
 * name's case and a "protocol." prefix (StormCrawler's habit) do not matter here.
 */
final class Headers {
    private Headers() {
    }

    static List<String> values(Metadata md, String header) {
        List<String> values = new ArrayList<>();
        for (String key : md.keySet()) {
            if (key.equalsIgnoreCase(header) || key.equalsIgnoreCase("protocol." + header)) {
                values.addAll(md.getValues(key));
            }
        }
        return values;
    }

    static String first(Metadata md, String header) {
        List<String> values = values(md, header);
        return values.isEmpty() ? null : values.get(0);
    }
}
