package io.squall.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Third-party test data beside the project ({@code ../shared/corpora}, see its README). It only adds cases:
 * every feature's own tests generate their inputs, and only a corpus case skips when the corpora are
 * absent, as in a fresh clone. The system property {@code squall.corpora} points elsewhere (a path that
 * does not exist shows what a fresh clone runs).
 */
public final class Corpora {
    private Corpora() {
    }

    /** The corpus folder {@code name} (such as "sitemaps"); skips the calling test when it is absent. */
    public static Path require(String name) {
        Path dir = Path.of(System.getProperty("squall.corpora", "../shared/corpora")).resolve(name);
        Assumptions.assumeTrue(Files.isDirectory(dir),
                "corpus " + dir.toAbsolutePath().normalize() + " is absent: its cases are skipped");
        return dir;
    }
}
