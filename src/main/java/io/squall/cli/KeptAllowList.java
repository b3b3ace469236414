package io.squall.cli;

import io.squall.api.ConfigException;
import io.squall.http.AddressAllowList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the user let through the address guard for a crawl, kept with its data in
 * {@code DIR/allowed-addresses}, one entry a line: the special addresses of the seeds given to
 * {@code squall crawl} or {@code squall inject --data DIR}, and the {@code --allow} values. Every later run on
 * the directory allows them too: a crawl resumed without seeds goes on with the sites it was started on,
 * where it would otherwise refuse every URL still due on them.
 */
final class KeptAllowList {
    static final String FILE = "allowed-addresses";
    private static final String HEADER = "# Let through the address guard by every squall crawl on this directory:"
            + " the seeds' addresses and --allow values given to it (one entry a line; remove a line to refuse it again)";

    private KeptAllowList() {
    }

    static Path file(Path dataDir) {
        return dataDir.resolve(FILE);
    }

    /** The kept entries, in the order they were added; none when the directory has no such file yet. */
    static List<String> read(Path dataDir) {
        Path file = file(dataDir);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UsageException("'" + file + "' cannot be read: " + e.getMessage(), e);
        }
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String entry = lines.get(i).strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            try {
                new AddressAllowList(List.of(entry));
            } catch (ConfigException e) {
                throw new ConfigException(file + ":" + (i + 1) + ": " + e.getMessage()
                        + " (correct or remove the line)");
            }
            entries.add(entry);
        }
        return List.copyOf(entries);
    }

    /**
     * Adds the entries not kept yet; the file is replaced in one move, so that a crawl starting meanwhile reads
     * the old list or the new one, never half of it.
     */
    static void add(Path dataDir, Collection<String> entries) {
        List<String> kept = read(dataDir);
        Set<String> all = new LinkedHashSet<>(kept);
        all.addAll(entries);
        if (all.size() == kept.size()) {
            return;
        }
        Path file = file(dataDir);
        Path next = dataDir.resolve(FILE + ".tmp");
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.addAll(all);
        try {
            Files.createDirectories(dataDir);
            Files.write(next, lines, StandardCharsets.UTF_8);
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UsageException("'" + file + "' cannot be written: " + e.getMessage(), e);
        }
    }
}
