package io.squall.local;

import java.util.Map;
import org.apache.storm.metric.StormMetricsRegistry;
import org.apache.storm.metricstore.FilterOptions;
import org.apache.storm.metricstore.Metric;
import org.apache.storm.metricstore.MetricStore;

/**
 * The local cluster's Nimbus keeps no worker metrics. Storm's default store, RocksDB, serves them to Storm's
 * UI, which local mode does not run (Squall's console and metrics index show the crawl's figures), and
 * opening it unpacked and loaded RocksDB's native library at every start, while the crawl's start keeps the
 * cores busy already.
 */
public final class NoMetricStore implements MetricStore {

    @Override
    public void prepare(Map<String, Object> config, StormMetricsRegistry metricsRegistry) {
    }

    @Override
    public void insert(Metric metric) {
    }

    /** Nothing is kept, so no metric is found. */
    @Override
    public boolean populateValue(Metric metric) {
        return false;
    }

    @Override
    public void scan(FilterOptions filter, ScanCallback scanCallback) {
    }

    @Override
    public void close() {
    }
}
