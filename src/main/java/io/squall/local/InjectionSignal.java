package io.squall.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * How {@code squall inject --data DIR} tells the crawl running on that directory that it wrote seeds: it
 * puts a new token in {@code DIR/seeds.injected}, and the crawl, which reads the file's few bytes on each
 * of its progress ticks, wakes its spouts when the token changed. Why: a crawl with nothing due does not
 * search the status index at all (its spouts wait for the next due date), so seeds written by another
 * process would otherwise be found only at {@code spout.max.delay.idle}. A file, not a request to the
 * crawl, because the injecting command knows the data directory and nothing else of the running crawl.
 */
public final class InjectionSignal {
    public static final String FILE = "seeds.injected";

    private final Path file;
    private String seen;

    /** Watches the directory's signal; a token already there (from an earlier run) is not news. */
    public InjectionSignal(Path dataDir) {
        this.file = dataDir.resolve(FILE);
        this.seen = read(file);
    }

    /** Tells a crawl running on the directory that seeds were written (a new token, replaced atomically). */
    public static void announce(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        Path next = dataDir.resolve(FILE + ".tmp");
        Files.writeString(next, UUID.randomUUID().toString());
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Whether seeds were announced since the last call (or since this signal was made). */
    public boolean announced() {
        String now = read(file);
        if (now == null || now.equals(seen)) {
            return false;
        }
        seen = now;
        return true;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            // None yet, or being replaced on a file system without atomic moves: read again next tick.
            return null;
        }
    }
}
