package io.squall.local;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricRegistry;
import io.squall.fetch.QueueGauge;
import io.squall.fetch.QueueView;
import io.squall.frontier.IdleGauge;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metrics of the local crawl's Storm workers, read from the workers' own registries (which
 * {@link LocalMetricsReporter} hands over): every task's counters and gauges as they are at the moment of
 * reading, not as last reported at a metrics tick.
 */
public final class WorkerMetrics {
    /**
     * Storm's registry name of a task's metric, {@code storm.topology.TOPOLOGY.HOST.COMPONENT.TASK.PORT-NAME}
     * (see StormMetricRegistry), host and component with their dots made underscores. The shortest topology
     * id that fits is taken, so that the metric's own name may hold dots and dashes.
     */
    private static final Pattern TASK_METRIC =
            Pattern.compile("storm\\.topology\\..+?\\.[^.]*\\.[^.]*\\.\\d+\\.\\d+-(.+)");

    private final List<MetricRegistry> registries = new CopyOnWriteArrayList<>();
    private volatile ByName index = ByName.of(List.of());

    /** A worker started: its registry holds its tasks' metrics from now on. */
    void attach(MetricRegistry registry) {
        registries.add(registry);
    }

    /** A worker stopped: what its tasks measured no longer describes the crawl. */
    void detach(MetricRegistry registry) {
        registries.remove(registry);
    }

    /** Whether a worker has started and handed its registry over. */
    boolean attached() {
        return !registries.isEmpty();
    }

    /** Whether some task registered a metric of that name. */
    boolean has(String name) {
        return !named(name).isEmpty();
    }

    /** The sum, over all tasks, of the counters and number gauges of that name; zero when none has it yet. */
    long sum(String name) {
        long total = 0;
        for (Metric metric : named(name)) {
            total += valueOf(metric);
        }
        return total;
    }

    /** Every task's metric of that name. */
    private List<Metric> named(String name) {
        return current().byName.getOrDefault(name, List.of());
    }

    /**
     * The task metrics by name, sorted out again only when a registry came, went or changed size: the progress
     * loop reads a dozen figures four times a second, and walking a worker's few hundred metrics for each was
     * a large share of its CPU while the crawl waits. Storm registers a task's metrics as the task starts and removes
     * them as its worker stops, so a registry whose size is unchanged holds the same metrics.
     */
    private ByName current() {
        ByName known = index;
        if (known.describes(registries)) {
            return known;
        }
        ByName fresh = ByName.of(List.copyOf(registries));
        index = fresh;
        return fresh;
    }

    private record ByName(List<MetricRegistry> registries, int[] sizes, Map<String, List<Metric>> byName,
                          List<Metric> all) {
        static ByName of(List<MetricRegistry> registries) {
            int[] sizes = new int[registries.size()];
            Map<String, List<Metric>> byName = new HashMap<>();
            List<Metric> all = new ArrayList<>();
            for (int i = 0; i < registries.size(); i++) {
                Map<String, Metric> metrics = registries.get(i).getMetrics();
                sizes[i] = metrics.size();
                for (Map.Entry<String, Metric> e : metrics.entrySet()) {
                    all.add(e.getValue());
                    String name = nameOf(e.getKey());
                    if (name != null) {
                        byName.computeIfAbsent(name, n -> new ArrayList<>()).add(e.getValue());
                    }
                }
            }
            return new ByName(registries, sizes, byName, all);
        }

        boolean describes(List<MetricRegistry> now) {
            if (now.size() != registries.size()) {
                return false;
            }
            for (int i = 0; i < sizes.length; i++) {
                if (now.get(i) != registries.get(i) || now.get(i).getMetrics().size() != sizes[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Every host queue of every fetcher task, from the {@link QueueGauge} each registers: a worker in this JVM
     * hands its registry over, and with it the gauge object itself.
     */
    public List<QueueView> queueViews() {
        List<QueueView> views = new ArrayList<>();
        for (QueueGauge gauge : metricsOf(QueueGauge.class)) {
            views.addAll(gauge.views());
        }
        return views;
    }

    /**
     * Wakes the spout tasks, every one or only those whose part of the frontier ran dry, through the
     * {@link IdleGauge} each registers: URLs were written that their searches would otherwise find only at
     * their next periodic search.
     */
    void wakeSpouts(boolean idleOnly) {
        for (IdleGauge gauge : metricsOf(IdleGauge.class)) {
            if (!idleOnly || gauge.getValue() == 1) {
                gauge.wake();
            }
        }
    }

    /** Every task's metric object of that class (a worker in this JVM hands over the objects themselves). */
    private <T extends Metric> List<T> metricsOf(Class<T> type) {
        List<T> found = new ArrayList<>();
        for (Metric metric : current().all) {
            if (type.isInstance(metric)) {
                found.add(type.cast(metric));
            }
        }
        return found;
    }

    /** The metric's own name, from its registry name; null when it is not a task's metric. */
    static String nameOf(String registryName) {
        Matcher m = TASK_METRIC.matcher(registryName);
        return m.matches() ? m.group(1) : null;
    }

    private static long valueOf(Metric metric) {
        if (metric instanceof Counter counter) {
            return counter.getCount();
        }
        if (metric instanceof Gauge<?> gauge && gauge.getValue() instanceof Number number) {
            return number.longValue();
        }
        return 0;
    }
}
