package io.squall.metrics;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which reported metrics reach the metrics index: all of Squall's, and those of Storm's own (a few hundred
 * names per worker: queues, latencies, acker, JVM memory pools, threads...; see {@link MetricKinds})
 * whose name matches one of
 * {@code opensearch.metrics.storm.include}, patterns where {@code *} stands for any characters.
 */
public final class MetricSelection {
    private final List<Pattern> stormPatterns;

    public MetricSelection(List<String> stormPatterns) {
        this.stormPatterns = stormPatterns.stream().map(MetricSelection::glob).toList();
    }

    boolean keeps(String component, String name) {
        if (MetricKinds.isSquall(component, name)) {
            return true;
        }
        for (Pattern pattern : stormPatterns) {
            if (pattern.matcher(name).matches()) {
                return true;
            }
        }
        return false;
    }

    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (String part : pattern.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(part));
        }
        return Pattern.compile(regex.toString());
    }
}
