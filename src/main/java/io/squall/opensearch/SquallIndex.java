package io.squall.opensearch;

import io.squall.config.CrawlerConfig;

/** The indices Squall writes, each defined by a JSON file in {@code es-conf/}. */
public enum SquallIndex {
    STATUS("status.json", "opensearch.status.index.name"),
    CONTENT("content.json", "opensearch.content.index.name"),
    METRICS("metrics.json", "opensearch.metrics.index.name");

    private final String definitionFile;
    private final String nameKey;

    SquallIndex(String definitionFile, String nameKey) {
        this.definitionFile = definitionFile;
        this.nameKey = nameKey;
    }

    public String definitionFile() {
        return definitionFile;
    }

    /** The index name configured for this crawl. */
    public String name(CrawlerConfig config) {
        return config.getString(nameKey);
    }
}
