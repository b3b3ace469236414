package io.squall.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * Where the test bolts of a topology file write the URLs they received, one file per task under the
 * directory of the {@code testsink.dir} setting, read back by the test (in this JVM or after a cluster's workers).
 */
final class SinkFiles {
    static final String KEY = "testsink.dir";

    private SinkFiles() {
    }

    /** The file of this task for that kind of URL ({@code parsed}, {@code indexed}). */
    static Path of(Map<String, Object> topoConf, TopologyContext context, String kind) {
        return Path.of(String.valueOf(topoConf.get(KEY))).resolve(kind + "-" + context.getThisTaskId() + ".txt");
    }

    static void append(Path file, String url) {
        try {
            Files.writeString(file, url + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every URL the tasks wrote for that kind. */
    static List<String> read(Path dir, String kind) throws IOException {
        List<String> urls = new ArrayList<>();
        try (var files = Files.newDirectoryStream(dir, kind + "-*.txt")) {
            for (Path file : files) {
                urls.addAll(Files.readAllLines(file));
            }
        }
        return urls;
    }
}
