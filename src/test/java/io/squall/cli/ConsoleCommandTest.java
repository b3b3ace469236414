package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code squall console}'s mistakes: one line and exit code 2, before anything is started. */
class ConsoleCommandTest {
    /** Squall's directory: the test's own, not the working directory's crawler-conf.yaml. */
    @TempDir
    Path home;

    private String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(home, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, StopSignal.manual()).run(args);
        return new String[] {String.valueOf(code), out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void itNeedsTheOpenSearchOfTheCrawlAndNothingElse() {
        String[] missing = run("console");
        assertEquals("2", missing[0]);
        assertTrue(missing[2].startsWith("squall console: 'squall console' needs --opensearch URL"), missing[2]);
        assertEquals(1, missing[2].lines().count(), missing[2]);

        String[] extra = run("console", "--opensearch", "http://127.0.0.1:1", "seeds.txt");
        assertEquals("2", extra[0]);
        assertTrue(extra[2].contains("takes no arguments, got 'seeds.txt'"), extra[2]);

        String[] port = run("console", "--opensearch", "http://127.0.0.1:1", "--console-port", "70000");
        assertEquals("2", port[0]);
        assertTrue(port[2].contains("option --console-port of 'squall console' expects a port number up to 65535"),
                port[2]);
    }

    @Test
    void itHasHelp() {
        String[] help = run("console", "--help");
        assertEquals("0", help[0]);
        assertTrue(help[1].startsWith("Usage: squall console --opensearch URL"), help[1]);
    }
}
