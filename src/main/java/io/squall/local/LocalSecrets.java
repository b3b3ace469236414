package io.squall.local;

import io.squall.config.CrawlerConfig;
import io.squall.config.Secrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the passwords of {@link Secrets#KEYS} (OpenSearch's, the proxy's) out of a local crawl's topology
 * configuration, which Storm writes to {@code squall.log} when the topology is submitted. A password written
 * in the configuration files moves to a file under the data directory that only its owner may read, named by
 * {@code <key>.file}, where the workers read it when they create their client; the password's own key is
 * emptied.
 */
public final class LocalSecrets {
    private LocalSecrets() {
    }

    public static CrawlerConfig keptOut(CrawlerConfig config, Path dataDir) throws IOException {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (String key : Secrets.KEYS) {
            if (!config.isSet(key)) {
                continue;
            }
            changes.put(key, "");
            // A file or an environment variable, when named, wins over the key: nothing to move then.
            if (!config.isSet(key + ".file") && !config.isSet(key + ".env")) {
                changes.put(key + ".file", write(dataDir.toAbsolutePath().resolve("secrets"), key,
                        config.getString(key)).toString());
            }
        }
        return changes.isEmpty() ? config : config.with(changes, "local mode (passwords kept out of Storm's log)");
    }

    private static Path write(Path dir, String key, String secret) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(key);
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file); // not a POSIX file system: the data directory's own access rules apply
        }
        Files.writeString(file, secret + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
