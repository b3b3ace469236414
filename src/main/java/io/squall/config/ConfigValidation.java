package io.squall.config;

import io.squall.api.ConfigException;
import java.util.Comparator;
import java.util.Optional;

/** Checks one user setting against the declared keys, with a one-line message for a mistake. */
final class ConfigValidation {
    private ConfigValidation() {
    }

    static void check(String key, Object value, String source) {
        ConfigDefaults defaults = ConfigDefaults.get();
        if (!defaults.isKnown(key)) {
            if (defaults.isSquallNamespace(key)) {
                StormCrawlerKeys.misplaced(key, source).ifPresent(message -> {
                    throw new ConfigException(message);
                });
                String hint = closestKey(key).map(k -> " (did you mean '" + k + "'?)").orElse("");
                throw new ConfigException(source + ": unknown configuration key '" + key + "'" + hint);
            }
            return; // Storm's keys and others are not Squall's to judge
        }
        if (DurationKeys.bareUnit(key).isPresent()) {
            checkDuration(key, value, source);
            return;
        }
        ConfigType type = defaults.typeOf(key);
        if (!type.accepts(value)) {
            throw new ConfigException(source + ": configuration key '" + key + "' expects " + type.description
                    + ", got '" + value + "'");
        }
    }

    private static void checkDuration(String key, Object value, String source) {
        if (value == null) {
            return; // as for any key: the default stays
        }
        try {
            DurationKeys.parse(key, value);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(source + ": configuration key '" + key + "' expects " + e.getMessage()
                    + ", got '" + value + "'");
        }
    }

    private static Optional<String> closestKey(String key) {
        return ConfigDefaults.get().keys().stream()
                .min(Comparator.comparingInt(k -> editDistance(k, key)))
                .filter(k -> editDistance(k, key) <= Math.max(2, key.length() / 5));
    }

    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
