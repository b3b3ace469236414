package io.squall.opensearch;

import io.squall.config.CrawlerConfig;

/** The indices Squall writes, each defined by a JSON file in {@code es-conf/}. */
public enum SquallIndex {
    STATUS("status.json", "opensearch.status.index.name"),
    CONTENT("content.json", "opensearch.content.index.name"),
    METRICS("metrics.json", "opensearch.metrics.index.name"),
    HOSTS("hosts.json", "opensearch.hosts.index.name");

    private final String definitionFile;
    private final String nameKey;

    SquallIndex(String definitionFile, String nameKey) {
        this.definitionFile = definitionFile;
        this.nameKey = nameKey;
    }

    public String definitionFile() {
        return definitionFile;
    }

    /**
     * The index name configured for this crawl; for the metrics, the base name of their daily indices and
     * the name of their index template ({@link MetricsIndices}).
     */
    public String name(CrawlerConfig config) {
        return config.getString(nameKey);
    }

    /** What to search for this index's documents: the index itself, or every day's metrics index. */
    public String searchPattern(CrawlerConfig config) {
        return this == METRICS ? MetricsIndices.pattern(name(config)) : name(config);
    }
}
