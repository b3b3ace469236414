package io.squall.console;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last lines of a log file that another thread appends to (the crawl log), read from its end. */
public final class LogTail {
    /** At most this much of the file's end is read, whatever the number of lines asked. */
    static final int MAX_BYTES = 64 * 1024;

    private LogTail() {
    }

    /** The file's last {@code lines} complete lines, oldest first; none when the file does not exist yet. */
    public static List<String> read(Path file, int lines) throws IOException {
        if (file == null || !Files.isRegularFile(file)) {
            return List.of();
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            int size = (int) Math.min(length, MAX_BYTES);
            byte[] bytes = new byte[size];
            in.seek(length - size);
            in.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            // A line being written has no newline yet, and the first one read may be cut: both are left out.
            int end = text.lastIndexOf('\n');
            if (end < 0) {
                return List.of();
            }
            int start = size < length ? text.indexOf('\n') + 1 : 0;
            List<String> all = start > end ? List.of() : text.substring(start, end).lines().toList();
            return all.subList(Math.max(0, all.size() - lines), all.size());
        }
    }
}
