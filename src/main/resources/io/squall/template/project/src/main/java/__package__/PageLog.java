package {{package}};

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file with one line per parsed page: its URL, a tab, and its word count as the parse filter found it.
 * The plain half of {@link PageLogBolt}, testable without Storm.
 */
public final class PageLog implements AutoCloseable {
    private final BufferedWriter out;

    public PageLog(Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the page log " + file, e);
        }
    }

    /** Appends one page's line and flushes it, so that what was logged survives a killed worker. */
    public void log(String url, String words) {
        try {
            out.write(url + "\t" + (words == null ? "" : words) + "\n");
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the page log", e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the page log", e);
        }
    }
}
