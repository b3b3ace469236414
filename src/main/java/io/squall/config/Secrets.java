package io.squall.config;

import io.squall.api.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The passwords Squall needs (OpenSearch's, the proxy's), given in the configuration (local mode moves them out of it
 * before the topology starts) or, as a Storm cluster needs them, in a file named by {@code <key>.file} or
 * an environment variable named by {@code <key>.env}, read where the client is created: Storm shows the
 * topology configuration in its UI and writes it to its logs, so a password must not be in it.
 */
public final class Secrets {
    /** The secret settings, each of which may instead be read from the file {@code <key>.file}. */
    public static final List<String> KEYS = List.of("opensearch.password", "opensearch.truststore.password",
            "http.proxy.pass");

    private Secrets() {
    }

    /**
     * The secret: the first line of {@code <key>.file} when that is set, else the environment variable that
     * {@code <key>.env} names when that is set, else the value of {@code key}.
     */
    public static String value(CrawlerConfig config, String key) {
        return value(config, key, System::getenv);
    }

    /** As {@link #value(CrawlerConfig, String)}, with the environment given (tests cannot set the process's). */
    static String value(CrawlerConfig config, String key, UnaryOperator<String> environment) {
        String fileKey = key + ".file";
        String envKey = key + ".env";
        if (!config.isSet(fileKey) && config.isSet(envKey)) {
            String variable = config.getString(envKey).trim();
            String secret = environment.apply(variable);
            if (secret == null) {
                throw new ConfigException(envKey + ": the environment variable " + variable + " is not set; it must"
                        + " be set for the submitting process and for every worker");
            }
            return secret;
        }
        if (!config.isSet(fileKey)) {
            return config.getString(key);
        }
        Path file = Path.of(config.getString(fileKey).trim());
        try {
            return Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("");
        } catch (IOException e) {
            throw new ConfigException(fileKey + ": cannot read '" + file + "' (" + e.getClass().getSimpleName()
                    + "); it must exist on the submitting machine and on every worker");
        }
    }

    /**
     * Refuses secrets written into the configuration of a topology submitted to a cluster.
     *
     * @throws ConfigException naming the first one
     */
    public static void requireNoneInTopology(CrawlerConfig config) {
        for (String key : KEYS) {
            if (config.isSet(key)) {
                throw new ConfigException(key + " is in the topology configuration, which Storm shows in its UI and"
                        + " logs: put it in a file on every machine and set " + key + ".file to its path, or in an environment"
                        + " variable of every worker and set " + key + ".env to its name, instead");
            }
        }
    }
}
