package io.squall.urls;

import java.util.Locale;

/** How URLs are grouped into politeness queues and status-index buckets ({@code partition.url.mode}). */
public enum PartitionMode {
    BY_HOST("byHost"),
    BY_DOMAIN("byDomain"),
    BY_IP("byIP");

    private final String configName;

    PartitionMode(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    public static PartitionMode parse(String value) {
        for (PartitionMode m : values()) {
            if (m.configName.equalsIgnoreCase(value.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("partition.url.mode must be byHost, byDomain or byIP, not '"
                + value + "'");
    }

    @Override
    public String toString() {
        return configName.toLowerCase(Locale.ROOT);
    }
}
