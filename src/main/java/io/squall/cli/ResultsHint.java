package io.squall.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** The closing lines of a crawl's summary: where its results are and how to open them. */
final class ResultsHint {
    private ResultsHint() {
    }

    /**
     * @param dataDir the local crawl's data directory
     * @param openSearch the {@code --opensearch} address, or null for the embedded node
     */
    static String text(Path dataDir, String openSearch) {
        StringBuilder s = new StringBuilder();
        String crawl = openSearch == null ? "--data " + dataDir : "--opensearch " + openSearch;
        s.append("Results: ");
        if (openSearch == null) {
            s.append("squall serve --data ").append(dataDir).append(" opens them again (OpenSearch on http://127.0.0.1:")
                    .append(ServeCommand.DEFAULT_PORT).append(", for curl and Dashboards);\n         ");
        }
        s.append("squall export ").append(crawl).append(" [--index content] [--format csv] writes them out.\n");
        warcFiles(dataDir.resolve("warc")).ifPresent(line -> s.append(line).append('\n'));
        return s.toString();
    }

    /** "WARC files: 3 (12.5 MB) in data/warc", when that directory holds files. */
    static Optional<String> warcFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            return Optional.of("WARC files: in " + dir + " (cannot list it: " + e.getMessage() + ")");
        }
        if (files.isEmpty()) {
            return Optional.empty();
        }
        long bytes = files.stream().mapToLong(ResultsHint::size).sum();
        return Optional.of(String.format(Locale.ROOT, "WARC files: %d (%.1f MB) in %s", files.size(),
                bytes / 1e6, dir));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // gone since it was listed
        }
    }
}
