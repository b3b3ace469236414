package io.squall.storm;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One object shared by a topology's tasks within their worker (this JVM), by topology name: the first task to
 * join creates it, and when the last has left it goes, so that a topology submitted again under the same name
 * (a local crawl run twice in one JVM) starts with a new one.
 *
 * @param <T> what is shared
 */
final class WorkerSingleton<T> {
    private static final class Shared<T> {
        final T value;
        int tasks;

        Shared(T value) {
            this.value = value;
        }
    }

    private final Map<String, Shared<T>> byTopology = new HashMap<>();

    /** The topology's object, made with {@code create} if this task is the first; each task that joins leaves once. */
    synchronized T join(Map<String, Object> topoConf, Supplier<T> create) {
        Shared<T> shared = byTopology.computeIfAbsent(WorkerShared.nameOf(topoConf), k -> new Shared<>(create.get()));
        shared.tasks++;
        return shared.value;
    }

    /** A task that joined is done with the object. */
    synchronized void leave(Map<String, Object> topoConf) {
        String name = WorkerShared.nameOf(topoConf);
        Shared<T> shared = byTopology.get(name);
        if (shared != null && --shared.tasks == 0) {
            byTopology.remove(name);
        }
    }

    /** The object of the topology of that name in this JVM, or null while no task has joined. */
    synchronized T of(String topologyName) {
        Shared<T> shared = byTopology.get(topologyName);
        return shared == null ? null : shared.value;
    }
}
