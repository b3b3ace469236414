package io.squall.api;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What Squall knows about a URL besides the URL itself: a map from keys to one or more string values
 * (depth, parent URL, fetch status code, error cause, HTTP headers...). It travels with every tuple and
 * is stored under {@code metadata.*} in the status index.
 *
 * <p>Not thread-safe: a metadata object belongs to one tuple at a time. Emit a {@link #copy()} when the
 * same values go to two places.
 */
public final class Metadata implements Serializable {
    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, List<String>> values;

    public Metadata() {
        this.values = new LinkedHashMap<>();
    }

    private Metadata(LinkedHashMap<String, List<String>> values) {
        this.values = values;
    }

    /** Builds metadata from a map such as the {@code metadata} object of a status document. */
    public static Metadata fromMap(Map<String, ?> map) {
        Metadata md = new Metadata();
        if (map == null) {
            return md;
        }
        map.forEach((key, value) -> {
            if (value instanceof Iterable<?> many) {
                for (Object v : many) {
                    if (v != null) {
                        md.add(key, String.valueOf(v));
                    }
                }
            } else if (value != null) {
                md.add(key, String.valueOf(value));
            }
        });
        return md;
    }

    /** The first value of the key, or null. */
    public String getFirst(String key) {
        List<String> v = values.get(key);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    /** The first value of the key, or the given default. */
    public String getFirst(String key, String defaultValue) {
        String v = getFirst(key);
        return v == null ? defaultValue : v;
    }

    /** The first value parsed as an int, or the default when absent or not a number. */
    public int getInt(String key, int defaultValue) {
        String v = getFirst(key);
        if (v == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return defaultValue;
        }
    }

    /** All values of the key, never null. */
    public List<String> getValues(String key) {
        List<String> v = values.get(key);
        return v == null ? List.of() : Collections.unmodifiableList(v);
    }

    public boolean containsKey(String key) {
        return values.containsKey(key);
    }

    /** Replaces the values of the key with one value; a null value removes the key. */
    public Metadata set(String key, String value) {
        if (value == null) {
            values.remove(key);
        } else {
            List<String> list = new ArrayList<>(1);
            list.add(value);
            values.put(key, list);
        }
        return this;
    }

    /** Replaces the values of the key; an empty collection removes the key. */
    public Metadata set(String key, Iterable<String> newValues) {
        List<String> list = new ArrayList<>();
        newValues.forEach(v -> list.add(Objects.requireNonNull(v, "metadata value")));
        if (list.isEmpty()) {
            values.remove(key);
        } else {
            values.put(key, list);
        }
        return this;
    }

    /** Adds a value to the key's values. */
    public Metadata add(String key, String value) {
        values.computeIfAbsent(key, k -> new ArrayList<>(1)).add(Objects.requireNonNull(value, "metadata value"));
        return this;
    }

    public Metadata remove(String key) {
        values.remove(key);
        return this;
    }

    public Set<String> keySet() {
        return Collections.unmodifiableSet(values.keySet());
    }

    public int size() {
        return values.size();
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** A deep copy: changing it leaves this object as it was. */
    public Metadata copy() {
        LinkedHashMap<String, List<String>> c = new LinkedHashMap<>();
        values.forEach((k, v) -> c.put(k, new ArrayList<>(v)));
        return new Metadata(c);
    }

    /** An unmodifiable view as a map of lists, the shape of the {@code metadata} object in OpenSearch. */
    public Map<String, List<String>> asMap() {
        return Collections.unmodifiableMap(values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metadata other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
