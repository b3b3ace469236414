package io.squall.config;

import java.util.List;
import java.util.Map;

/** The type of a configuration key, inferred from its default value in {@code crawler-default.yaml}. */
enum ConfigType {
    INTEGER("an integer"),
    NUMBER("a number"),
    BOOLEAN("true or false"),
    STRING("a string"),
    LIST("a list"),
    MAP("a map");

    final String description;

    ConfigType(String description) {
        this.description = description;
    }

    static ConfigType ofDefault(Object value) {
        if (value instanceof Integer || value instanceof Long) {
            return INTEGER;
        }
        if (value instanceof Number) {
            return NUMBER;
        }
        if (value instanceof Boolean) {
            return BOOLEAN;
        }
        if (value instanceof List) {
            return LIST;
        }
        if (value instanceof Map) {
            return MAP;
        }
        return STRING; // strings, and keys whose default is empty (null)
    }

    /** Whether a value given by the user fits; numbers and booleans may also be written as strings. */
    boolean accepts(Object value) {
        if (value == null) {
            return true;
        }
        return switch (this) {
            case INTEGER -> value instanceof Integer || value instanceof Long
                    || (value instanceof String s && s.trim().matches("-?\\d+"));
            case NUMBER -> value instanceof Number
                    || (value instanceof String s && s.trim().matches("-?\\d+(\\.\\d+)?([eE]-?\\d+)?"));
            case BOOLEAN -> value instanceof Boolean
                    || (value instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")));
            case STRING -> value instanceof String || value instanceof Number || value instanceof Boolean;
            case LIST -> value instanceof List || value instanceof String;
            case MAP -> value instanceof Map;
        };
    }
}
